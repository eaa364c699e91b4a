/**
 * A process's peak resident memory, as the kernel counts it (VmHWM in /proc/PID/status): what a
 * Lambda function's memory setting bounds. Past its memory Lambda kills the execution environment
 * and the invocation fails with "Runtime exited with error: signal: killed" (Lambda developer
 * guide, "Configuring Lambda function memory" and "Troubleshoot invocation issues in Lambda").
 */
import { readFileSync } from 'node:fs';

/** What Lambda says of an environment killed past its memory. */
export const KILLED_PAST_MEMORY = 'Runtime exited with error: signal: killed';

/** The peak resident memory of process `pid` in MiB (Lambda's "MB" are MiB), or undefined once it is gone or off Linux. */
export function peakMemoryMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const kilobytes = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kilobytes ? Number(kilobytes[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}
