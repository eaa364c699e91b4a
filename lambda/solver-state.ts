/**
 * Everything a background solver needs, built once per container (the solver function) or worker
 * thread (npm start) from the checked configuration: the records and slots of the solves, the
 * puzzles' estimate tables as the service reads them, a clock and a logger.
 */
import { type Clock, wallClock } from '../core/clock';
import type { Registry } from '../puzzles/registry';
import { createDynamoClient } from '../store/client';
import { PageStore } from '../store/page-store';
import { DEFAULT_RETRY } from '../store/retry';
import { SolveRecords } from '../store/solve-records';
import { SolveSlots } from '../store/solve-slots';
import { AnswerService } from './answer-service';
import { TABLE_TIMEOUT_MS } from './app-state';
import type { SolveJob } from './background-solves';
import type { Config } from './config';
import { functionCredentials } from './credentials';
import { type Log, createLogger } from './log';
import { type SolveOutcome, runSolveJob } from './solve-job';

export interface SolverState {
  readonly log: Log;
  readonly clock: Clock;
  /** Solves the job, giving up at `deadline` (the clock's milliseconds), and writes how it ended. */
  solve(job: SolveJob, deadline: number): Promise<SolveOutcome>;
}

export interface SolverStateParts {
  /** The folder of estimate tables the function's package carries, if any (else they are read from DynamoDB). */
  readonly packagedTables?: string;
  readonly clock?: Clock;
  readonly log?: Log;
}

export function createSolverState(registry: Registry, config: Config, parts: SolverStateParts = {}): SolverState {
  if (!config.tableName) throw new Error('A background solver needs TABLE_NAME: its answers are kept in the table.');
  // the records it writes are read by other containers: the epoch's milliseconds
  const clock = parts.clock ?? wallClock;
  const log = parts.log ?? createLogger(config.logLevel);
  const client = createDynamoClient({ endpoint: config.dynamodbEndpoint, region: config.region, credentials: functionCredentials() });
  const options = { timeoutMs: TABLE_TIMEOUT_MS };
  const records = new SolveRecords(client, config.tableName, options);
  const slots = new SolveSlots(client, config.tableName, { ...options, slots: config.solverSlots });
  const store = new PageStore(client, config.tableName, { timeoutMs: TABLE_TIMEOUT_MS, manifestTtlMs: 60_000, cacheBytes: 1024 * 1024, retry: DEFAULT_RETRY, clock });
  const answers = new AnswerService(registry, store, {
    clock,
    packagedTables: parts.packagedTables,
    onStoreError: (error) => log.warn('estimate tables could not be read', { error: String(error) }),
    onBadData: (error) => log.error('estimate tables are damaged', { error: String(error) }),
  });
  return {
    log,
    clock,
    async solve(job, deadline) {
      log.info('solving in the background', { puzzle: job.puzzle, question: job.question, attempt: job.attempt, slot: job.slot });
      const outcome = await runSolveJob(job, { records, slots, puzzleNamed: registry.puzzleNamed, answers, clock, deadline });
      if (outcome.state === 'solved') log.info('solved and kept', { puzzle: job.puzzle, question: job.question, steps: outcome.steps, ms: Math.round(outcome.ms), kept: outcome.kept });
      else if (outcome.state === 'not ours') log.warn('the job is no longer this attempt\'s: nothing done', { puzzle: job.puzzle, question: job.question, attempt: job.attempt });
      else log.error('background solve failed', { puzzle: job.puzzle, question: job.question, reason: outcome.reason, detail: outcome.detail, ms: Math.round(outcome.ms) });
      return outcome;
    },
  };
}
