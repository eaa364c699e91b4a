/**
 * npm start's background solver: each question handed over (lambda/background-solves.ts) is
 * solved on a worker thread of its own, by the same code as the deploy's solver function
 * (lambda/solver-state.ts), against the embedded DynamoDB. The thread is the solver's container:
 * the service's own thread goes on answering while it searches, and it ends with its solve.

 */
import { parentPort } from 'node:worker_threads';
import { startThread, threadJob } from '../core/threads';
import type { SolveJob, SolveStarter } from '../lambda/background-solves';
import type { Config } from '../lambda/config';
import { createSolverState } from '../lambda/solver-state';
import { SOLVER_TIMEOUT_MS } from '../lambda/solver-invocation';
import { registry } from '../puzzles/registered';

interface SolveWorkerData {
  readonly solveJob: SolveJob;
  readonly config: Config;
  /** The solve's time, as the solver function's: it gives up and says so after this. */
  readonly solveMs: number;
}

type WorkerMessage = { readonly started: true } | { readonly done: string };

/** A solve on its thread, as the solver function does it: it says it started, and how it ended. */
const SOLVE = threadJob<SolveWorkerData>(import.meta.url, 'solve in the background', ({ solveJob, config, solveMs }) => {
  const solver = createSolverState(registry, config);
  const deadline = solver.clock.now() + solveMs;
  parentPort!.postMessage({ started: true } satisfies WorkerMessage);
  void solver.solve(solveJob, deadline).then((outcome) => parentPort!.postMessage({ done: outcome.state } satisfies WorkerMessage));
});

/** Starts each job on a worker thread; resolves once the worker has it. */
export function solveOnWorkers(config: Config, solveMs = SOLVER_TIMEOUT_MS): SolveStarter {
  return {
    solveMs,
    start: (job) =>
      new Promise<void>((resolve, reject) => {
        const data: SolveWorkerData = { solveJob: job, config, solveMs };
        const worker = startThread(SOLVE, data);
        // npm start ends when asked, whatever a solve is doing: the solve's record then says nothing
        // more, and its time running out frees the question for another.
        worker.unref();
        worker.on('message', (message: WorkerMessage) => {
          if ('started' in message) resolve();
        });
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`the solver's worker thread stopped with code ${code} before it started`)));
      }),
  };
}
