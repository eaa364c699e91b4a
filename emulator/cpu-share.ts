/**
 * CPU in proportion to memory, as Lambda gives it: 1,769 MB is one vCPU's worth (Lambda developer
 * guide, "Configuring Lambda function memory"), so the API's and the solver's 1,769 MB get one
 * vCPU, 1,024 MB would get 0.58, and the loader's 3,008 MB 1.7. Rehearsed on this machine in the two ways a process can be held to it:
 *
 *   a share of one or more  pinned with taskset to that many cores (rounded down, at least one);
 *   a share below one       a quota, as cgroups' cpu.max applies one: in each 20 ms period the
 *                           process runs share x 20 ms and is stopped (SIGSTOP) for the rest, and
 *                           only while it has work (the init, an invocation): a frozen process
 *                           between invocations is stopped anyway.
 *
 * The quota is kept by this process's timers, so it is as exact as they are (about a millisecond);
 * a busy event loop here lets the function run longer. The invocation's own processor time over its
 * wall time measures what it actually got (Invocation.invocationCpuMs).
 */
import { spawnSync } from 'node:child_process';
import { MB_PER_VCPU } from '../lib/function-defaults';

/** The period of the quota, in ms: cgroups' default cpu.cfs_period_us is 100 ms; 20 ms keeps a short invocation's share close to the mean. */
export const QUOTA_PERIOD_MS = 20;

/** The vCPUs' worth of time a function of `memoryMb` gets. */
export function vcpuShare(memoryMb: number): number {
  return memoryMb / MB_PER_VCPU;
}

/** The cores a share of one or more is pinned to: rounded down, at least one. */
export function coresFor(share: number): number {
  return Math.max(1, Math.floor(share));
}

/** Pins every thread of `pid` (and those it starts later, which inherit it) to the first `cores` cores; a note instead when taskset is missing or fails. */
export function pinToCores(pid: number, cores: number): string | undefined {
  const pinned = spawnSync('taskset', ['-a', '-p', '-c', cores === 1 ? '0' : `0-${cores - 1}`, String(pid)], { encoding: 'utf8' });
  if (pinned.error) return `taskset is missing (${pinned.error.message}): the process runs on every core`;
  if (pinned.status !== 0) return `taskset failed: ${pinned.stderr.trim()}; the process runs on every core`;
  return undefined;
}

/** A CPU quota kept by stopping and continuing a process: `share` of each period while it has work. */
export class DutyCycle {
  private timer: NodeJS.Timeout | undefined;
  /** When the current span of cycling began, and when the process was last let run (undefined while stopped). */
  private spanStart = 0;
  private runningSince: number | undefined;
  /** Wall time cycled, and of it the time the process was let run. */
  private cycledMs = 0;
  private runningMs = 0;

  constructor(
    private readonly pid: number,
    private readonly share: number,
    private readonly periodMs = QUOTA_PERIOD_MS,
  ) {}

  /** Starts cycling (the process is let run first). */
  start(): void {
    if (this.timer) return;
    this.spanStart = performance.now();
    this.period(this.spanStart);
  }

  /** Stops cycling and leaves the process running (a freeze, if any, is the caller's). */
  stop(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    const now = performance.now();
    this.cycledMs += now - this.spanStart;
    if (this.runningSince !== undefined) this.runningMs += now - this.runningSince;
    this.runningSince = undefined;
    this.signal('SIGCONT');
  }

  /** The share of the cycled wall time the process was let run, on this process's clock. */
  givenShare(): number | undefined {
    return this.cycledMs > 0 ? this.runningMs / this.cycledMs : undefined;
  }

  private period(start: number): void {
    this.signal('SIGCONT');
    this.runningSince = performance.now();
    this.timer = setTimeout(
      () => {
        const now = performance.now();
        this.runningMs += now - this.runningSince!;
        this.runningSince = undefined;
        this.signal('SIGSTOP');
        // The next period starts where this one ends on the schedule, not where the timer fired.
        const next = Math.max(start + this.periodMs, now + 1);
        this.timer = setTimeout(() => this.period(next), next - now);
      },
      Math.max(0, start + this.share * this.periodMs - performance.now()),
    );
  }

  private signal(name: 'SIGSTOP' | 'SIGCONT'): void {
    try {
      process.kill(this.pid, name);
    } catch {
      // the process is gone: nothing to hold
    }
  }
}
