/**
 * A solver's work on one question handed over by background-solves.ts: the same search as a
 * request's, with no deadline but the solver's own end and no cap on nodes; every move valued;
 * the answer checked by its puzzle (puzzles/roles/background-solve.ts) before it is kept. A solve
 * that fails, or runs out of time, writes why, so that the next ask says so. The slot is given
 * back in every case.
 *
 * The same code runs in the solver function (functions/solver.ts) and on npm start's worker thread
 * (solve-on-worker.ts).
 */
import { BudgetExhaustedError, MovesUnvaluedError } from '../core/errors';
import type { Clock } from '../core/clock';
import type { SearchBudget } from '../core/ida-star';
import type { Puzzle } from '../puzzles/puzzle';
import type { Answer } from '../puzzles/roles/answer';
import type { SolveRecords } from '../store/solve-records';
import type { SolveSlots } from '../store/solve-slots';
import type { AnswerService } from './answer-service';
import type { SolveJob } from './background-solves';

export interface SolverParts {
  readonly records: SolveRecords;
  readonly slots: SolveSlots;
  /** The puzzle of a job, by name. */
  readonly puzzleNamed: (name: string) => Puzzle | undefined;
  /** Reads the puzzles' estimate tables (from the package, or DynamoDB) as a request would. */
  readonly answers: AnswerService;
  readonly clock: Clock;
  /** The solver's own end, in the clock's milliseconds (since the epoch): its search gives up here. */
  readonly deadline: number;
}

export type SolveOutcome =
  | { readonly state: 'solved'; readonly steps: number; readonly ms: number; readonly kept: boolean }
  /** reason: what the next ask is told; detail: what the log is told (an error's own words). */
  | { readonly state: 'failed'; readonly reason: string; readonly detail?: string; readonly ms: number }
  /** The job was not this attempt's any more when the solver got it (claimed again, or given up on). */
  | { readonly state: 'not ours'; readonly ms: number };

/** Before the job's time is up, the solver stops and says so: its record and slot go to another after it. */
const BEFORE_UNTIL_MS = 30_000;

export async function runSolveJob(job: SolveJob, parts: SolverParts): Promise<SolveOutcome> {
  const { records, slots, clock } = parts;
  const since = clock.now();
  const fail = async (reason: string, detail?: string): Promise<SolveOutcome> => {
    await records.finish(job.puzzle, job.question, { state: 'failed', attempt: job.attempt, since, at: clock.now(), reason });
    return { state: 'failed', reason, detail, ms: clock.now() - since };
  };
  try {
    // Lambda's queue may hand the job over late, or twice: only the attempt the record names solves it
    const record = await records.read(job.puzzle, job.question, true);
    if (record?.state !== 'solving' || record.attempt !== job.attempt) return { state: 'not ours', ms: clock.now() - since };
    const puzzle = parts.puzzleNamed(job.puzzle);
    if (!puzzle?.backgroundSolve) return await fail(`there is no puzzle ${job.puzzle} that is solved in the background`);
    if (puzzle.solver.cacheKey(job.query) !== job.question) return await fail('the job\'s question is not its query\'s');
    const deadline = Math.min(parts.deadline, job.until - BEFORE_UNTIL_MS);
    const answer = await solved(puzzle, job.query, parts, deadline);
    const problem = puzzle.backgroundSolve.problemWith(job.query, answer);
    if (problem) return await fail(`the answer the search found failed its check, so it was not kept: ${problem}`);
    const kept = await records.finish(job.puzzle, job.question, { state: 'solved', attempt: job.attempt, since, at: clock.now(), answer: JSON.stringify(answer) });
    return { state: 'solved', steps: answer.steps, ms: clock.now() - since, kept };
  } catch (error) {
    if (error instanceof BudgetExhaustedError) return await fail(`the solver ran out of its time: ${error.message}`);
    // the error's own words go to the log alone: they may name the account's resources
    return await fail('the solver failed', `${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`.slice(0, 500));
  } finally {
    await slots.give(job.slot, job.attempt);
  }
}

/**
 * The answer with every move valued (or why not), by the search over the puzzle's estimate tables,
 * or without them when they cannot be read (npm start's first minute, before its load of them
 * ends; a damaged package with DynamoDB failing): slower, within the same deadline, never wrong.
 */
async function solved(puzzle: Puzzle, query: unknown, parts: SolverParts, deadline: number): Promise<Answer & Record<string, unknown>> {
  const { estimates } = parts.answers;
  let search = estimates.searchOf(puzzle);
  if (!search) {
    await estimates.settled();
    search = estimates.searchOf(puzzle);
  }
  const budget: SearchBudget = { maxNodes: Number.MAX_SAFE_INTEGER, deadline, clock: parts.clock };
  const answer = await (search ?? puzzle.solver).search(query, budget);
  try {
    const moves = search?.valueMoves ? await search.valueMoves(query, answer, budget) : puzzle.solver.valueMoves(query, answer, budget);
    return { ...answer, moves };
  } catch (error) {
    if (!(error instanceof MovesUnvaluedError)) throw error;
    return { ...answer, movesUnvalued: error.message };
  }
}
