/**
 * The solver function's entry: invoked asynchronously by the API (solver-invocation.ts) with one
 * question, it solves it within its own time (Lambda's 15 minutes, less 30 s to write how it
 * ended, and never past the job's own time) and keeps the checked answer in the table. Its role may write the solves' items alone.
 */
import type { Context } from 'aws-lambda';
import { fileURLToPath } from 'node:url';
import { registry } from '../puzzles/registered';
import { PACKAGED_TABLES_FOLDER } from '../store/array-file';
import type { SolveJob } from '../lambda/background-solves';
import { readConfig } from '../lambda/config';
import { createSolverState } from '../lambda/solver-state';

/** Kept back from the invocation's time: the failure's record is written before Lambda ends it. */
const RESERVE_MS = 30_000;

const packagedTables = fileURLToPath(new URL(`./${PACKAGED_TABLES_FOLDER}/`, import.meta.url));
const solver = createSolverState(registry, readConfig(process.env), { packagedTables });

export async function handler(job: SolveJob, context: Pick<Context, 'getRemainingTimeInMillis'>): Promise<{ state: string }> {
  const deadline = solver.clock.now() + Math.max(0, context.getRemainingTimeInMillis() - RESERVE_MS);
  const outcome = await solver.solve(job, deadline);
  return { state: outcome.state };
}
