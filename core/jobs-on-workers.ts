/**
 * Independent jobs on worker threads. Each worker takes the next job from a counter in shared
 * memory, the largest jobs first: a job goes to whichever worker is free, however late it started,
 * and the last job any of them takes is a small one, so that they end close together. The jobs
 * write their results into memory they share with this thread (views of a SharedArrayBuffer in
 * what they are given); a worker sends back nothing but its word that it is done, or why it failed.
 *
 * A module defines its kind of jobs with jobsOfKind (a thread job, core/threads.ts) and runs them
 * with runJobsOnWorkers.
 */
import { parentPort } from 'node:worker_threads';
import { type ThreadJob, startThread, threadJob } from './threads';

/** A kind of jobs: the thread job that takes them in turn on a worker. */
export type JobsKind<Shared> = ThreadJob<JobsData<Shared>>;

export interface Jobs<Shared> {
  /** What they are: the thread job that runs them (jobsOfKind), whose name a sentence about a worker gives. */
  readonly kind: JobsKind<Shared>;
  /** What every job reads and writes: plain data, copied to each worker, and views of shared memory, shared. */
  readonly shared: Shared;
  /** Each job's size, in any unit: the largest are taken first. */
  readonly sizes: readonly number[];
  /** A job as a sentence names it ("the database of tiles 2,3,4"). */
  describe(job: number): string;
}

/** What a worker is started with. */
interface JobsData<Shared> {
  readonly shared: Shared;
  /** The jobs in the order they are taken: the largest first. */
  readonly order: readonly number[];
  /** [0]: the next place in `order` to take; [1 + w]: the job worker w took last (-1: none yet). */
  readonly counters: Int32Array;
  readonly worker: number;
}

type JobsMessage = { readonly done: true } | { readonly failed: { readonly name: string; readonly message: string } };


/** The jobs in the order they are taken: the largest first, and among equals the first given. */
export const largestFirst = (sizes: readonly number[]) => sizes.map((_, job) => job).sort((a, b) => sizes[b] - sizes[a] || a - b);

/**
 * Runs every job on worker threads, as many as there are jobs up to `threads`, and resolves once
 * every worker has said it is done. The first failure rejects with a sentence naming the job (or,
 * when a worker ended without a word, what it was doing) and ends every worker: the jobs' results
 * are then incomplete, and nothing is to wait for.
 */
export function runJobsOnWorkers<Shared>(jobs: Jobs<Shared>, threads: number): Promise<void> {
  const order = largestFirst(jobs.sizes);
  const workers = Math.min(Math.max(1, threads), order.length);
  if (workers === 0) return Promise.resolve();
  const counters = new Int32Array(new SharedArrayBuffer(4 * (1 + workers))).fill(-1);
  counters[0] = 0;
  return new Promise((resolve, reject) => {
    const started: ReturnType<typeof startThread>[] = [];
    let running = workers;
    let settled = false;
    const settle = (failure?: Error) => {
      if (settled || (failure === undefined && --running > 0)) return;
      settled = true;
      for (const worker of started) void worker.terminate();
      if (failure) reject(failure);
      else resolve();
    };
    for (let w = 0; w < workers; w++) {
      const worker = startThread(jobs.kind, { shared: jobs.shared, order, counters, worker: w });
      started.push(worker);
      let done = false;
      const taken = () => Atomics.load(counters, 1 + w);
      const failed = (name: string, message: string) => {
        const job = taken();
        const where = job >= 0 ? `${jobs.describe(job)} failed on a worker thread` : `a worker thread for the ${jobs.kind.name} failed before it took a job`;
        settle(Object.assign(new Error(`${where}: ${message}`), { name }));
      };
      // Settled by the worker's word, and the worker then ended: nothing it still holds keeps this
      // thread waiting for it to exit.
      worker.on('message', (message: JobsMessage) => {
        if ('failed' in message) return failed(message.failed.name, message.failed.message);
        done = true;
        void worker.terminate();
        settle();
      });
      worker.once('error', (error) => failed(error.name, error.message));
      worker.once('exit', (code) => {
        if (done) return;
        const job = taken();
        settle(
          new Error(
            job >= 0
              ? `${jobs.describe(job)} was cut short: its worker thread stopped with code ${code}`
              : `a worker thread for the ${jobs.kind.name} stopped with code ${code} without taking a job or saying it was done`,
          ),
        );
      });
    }
  });
}

/**
 * Defines a kind of jobs, at the top level of `module` (its import.meta.url): on a worker started
 * for them, `run` takes jobs until none is left, then the worker tells that it is done, or why a
 * job failed.
 */
export function jobsOfKind<Shared>(module: string, kind: string, run: (shared: Shared, job: number) => void): JobsKind<Shared> {
  return threadJob<JobsData<Shared>>(module, kind, ({ shared, order, counters, worker }) => {
    let message: JobsMessage;
    try {
      for (let next = Atomics.add(counters, 0, 1); next < order.length; next = Atomics.add(counters, 0, 1)) {
        Atomics.store(counters, 1 + worker, order[next]);
        run(shared, order[next]);
      }
      message = { done: true };
    } catch (error) {
      message = { failed: error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) } };
    }
    parentPort!.postMessage(message);
  });
}
