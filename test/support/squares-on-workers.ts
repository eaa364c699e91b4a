/**
 * Jobs of the tests' own for core/jobs-on-workers.ts, this module their workers' entry: job j
 * writes j * j into its slot of a shared array and the thread it ran on into another; a job given
 * a negative value throws, and one given 0 ends its worker with code 7, as a failing job would.
 */
import { threadId } from 'node:worker_threads';
import { type Jobs, type JobsKind, jobsOfKind } from '../../core/jobs-on-workers';

export const SQUARES = 'squares of the tests';

export interface Squares {
  /** What each job is given. */
  readonly values: readonly number[];
  readonly squares: Int32Array;
  /** The thread that ran each job. */
  readonly threads: Int32Array;
}

/** Jobs over `values`, their results in shared memory; `kind` as a module that runs none would name them. */
/** The squares' jobs: job j squares values[j] (a negative value throws, 0 ends the worker with code 7). */
export const SQUARE_JOBS: JobsKind<Squares> = jobsOfKind<Squares>(import.meta.url, SQUARES, ({ values, squares, threads }, job) => {
  const value = values[job];
  if (value < 0) throw new RangeError(`no square of ${value} here`);
  if (value === 0) process.exit(7);
  squares[job] = value * value;
  threads[job] = threadId;
});

export function squareJobs(values: readonly number[], kind: JobsKind<Squares> = SQUARE_JOBS): Jobs<Squares> {
  const shared = (length: number) => new Int32Array(new SharedArrayBuffer(4 * length)).fill(-1);
  return {
    kind,
    shared: { values, squares: shared(values.length), threads: shared(values.length) },
    sizes: values.map(Math.abs),
    describe: (job) => `the square of ${values[job]}`,
  };
}

