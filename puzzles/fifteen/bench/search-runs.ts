/**
 * A search process's run, as the 15-puzzle's references against C read it: each side (a C program,
 * or search-process.ts / packed-search-process.ts) prints one JSON line of its seconds, boards,
 * moves and nodes, and each board's milliseconds and moves; and the per-board percentiles the
 * benchmark's rows give.
 */
import { spawnSync } from 'node:child_process';
import type { Row } from '../../../core/benchmark';

export interface Run {
  seconds: number;
  boards: number;
  moves: number;
  nodes: number;
  /** Each board's milliseconds and moves (both sides print them). */
  times: number[];
  lengths: number[];
}

/** The run of `command` given the boards on stdin; an error with its stderr when it fails. */
export function runProcess(command: string, args: readonly string[], input: string): Run {
  const run = spawnSync(command, args, { input, encoding: 'utf8', maxBuffer: 16 << 20 });
  if (run.status !== 0) throw new Error(`${command} failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

export const percentile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** A run's boards' times: p50, p90, p99 and the slowest. */
export function perBoard(run: Run): Row {
  const times = [...run.times].sort((a, b) => a - b);
  return {
    'p50 ms': percentile(times, 0.5).toFixed(2),
    'p90 ms': percentile(times, 0.9).toFixed(2),
    'p99 ms': percentile(times, 0.99).toFixed(2),
    'max ms': times.at(-1)!.toFixed(2),
  };
}
