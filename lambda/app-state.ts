/**
 * Everything the function's handler depends on, built once per container from the registry it
 * serves and the checked configuration: one clock, one logger, the page store and the answer service. Tests and
 * `npm start` build it the same way, with their own clock or logger when they need one.
 */
import type { EstimateReadingsOptions } from './estimate-readings';
import { type Clock, systemClock, wallClock } from '../core/clock';
import { createDynamoClient } from '../store/client';
import { functionCredentials } from './credentials';
import { PageStore } from '../store/page-store';
import { DEFAULT_RETRY } from '../store/retry';
import type { Config } from './config';
import { type Log, createLogger } from './log';
import { NO_METRICS, type RequestMetrics, createMetrics } from './metrics';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SolveRecords } from '../store/solve-records';
import { SolveSlots } from '../store/solve-slots';
import { BackgroundSolves, type SolveStarter } from './background-solves';
import { solverInvocation } from './solver-invocation';
import { AnswerService } from './answer-service';
import { DEFAULT_ANSWER_CACHE_SIZE } from './answer-cache';
import { DEFAULT_STORE_BACKOFF_MS } from './store-guard';
import type { Registry } from '../puzzles/registry';

/** A DynamoDB read slower than this is abandoned for a search (and never past the time left). */
export const TABLE_TIMEOUT_MS = 800;
/** Manifests change only when a load completes; re-read them after this long. */
export const MANIFEST_TTL_MS = 60_000;
/** Decoded pages kept per instance: 64 MiB holds thousands of 4 KB pages in a 1 GB function. */
export const PAGE_CACHE_BYTES = 64 * 1024 * 1024;
/** Unprocessed page keys are asked again quickly, a few times: a request cannot wait long. */
const READ_RETRY = { ...DEFAULT_RETRY, baseMs: 10, maxMs: 100, maxAttempts: 3 };

export interface SearchLimits {
  /** Longest a request may spend, all its searches together, in milliseconds. */
  readonly maxMs: number;
  /** Time kept back from the invocation's remaining time, to answer before the timeout. */
  readonly reserveMs: number;
  /** Most positions one search may expand; every search (a query, a move valued) has its own. */
  readonly maxNodes: number;
}

/**
 * 8 s of search per request at most, within the function's 10 s timeout; 300 ms kept back to write
 * the answer; 60 million nodes a search (about 8 s of the 7-8 pass at one vCPU, which expands some
 * 7 million a second). With the 7-8 databases the 15-puzzle's farthest boards (80 moves, 13.4
 * million nodes at most) are answered within 2 s, their moves valued (BENCHMARKS.md): every board
 * tried is answered in one request.
 */
export const DEFAULT_SEARCH_LIMITS: SearchLimits = { maxMs: 8000, reserveMs: 300, maxNodes: 60_000_000 };

export interface AppState {
  /** The puzzles it answers. */
  readonly registry: Registry;
  readonly config: Config;
  readonly clock: Clock;
  readonly log: Log;
  readonly store: PageStore | undefined;
  readonly answers: AnswerService;
  readonly search: SearchLimits;
  readonly metrics: RequestMetrics;
}

export interface AppStateParts {
  /** Where the request metrics go: CloudWatch's embedded format on Lambda, nowhere elsewhere by default. */
  readonly metrics?: RequestMetrics;
  readonly clock?: Clock;
  readonly log?: Log;
  readonly search?: SearchLimits;
  /** How long a manifest is trusted (npm start forgets them itself when a load completes). */
  readonly manifestTtlMs?: number;
  /** The folder of estimate tables the function's package carries (store/array-file.ts), if any. */
  readonly packagedTables?: string;
  /** How the searches over estimate tables are made: in this thread by default; npm start puts them on threads of their own. */
  readonly searchWith?: EstimateReadingsOptions['searchWith'];
  /** What starts a background solve (npm start: a worker thread); the solver function named by the configuration otherwise. */
  readonly solveStarter?: SolveStarter;
}

/** Background solves, when there is a table to keep their answers in and a solver to start. */
function backgroundSolves(client: DynamoDBClient, config: Config, starter: SolveStarter | undefined, onError: (error: unknown) => void): BackgroundSolves | undefined {
  const start = starter ?? (config.solverFunction ? solverInvocation(config.solverFunction) : undefined);
  if (!start || !config.tableName) return undefined;
  const options = { timeoutMs: TABLE_TIMEOUT_MS };
  return new BackgroundSolves(new SolveRecords(client, config.tableName, options), new SolveSlots(client, config.tableName, { ...options, slots: config.solverSlots }), start, { clock: wallClock, onError });
}

export function createAppState(registry: Registry, config: Config, parts: AppStateParts = {}): AppState {
  const clock = parts.clock ?? systemClock;
  // Off Lambda (npm start's local URL) one process answers many requests at once: their lines go
  // out together, a write per turn of the event loop rather than one per request.
  const log = parts.log ?? createLogger(config.logLevel, { batched: !config.onLambda });
  const client = config.tableName ? createDynamoClient({ endpoint: config.dynamodbEndpoint, region: config.region, credentials: functionCredentials() }) : undefined;
  const store = client && config.tableName
    ? new PageStore(client, config.tableName, {
        timeoutMs: TABLE_TIMEOUT_MS,
        manifestTtlMs: parts.manifestTtlMs ?? MANIFEST_TTL_MS,
        cacheBytes: PAGE_CACHE_BYTES,
        retry: READ_RETRY,
        clock,
      })
    : undefined;
  const answers = new AnswerService(registry, store, {
    cacheSize: DEFAULT_ANSWER_CACHE_SIZE,
    storeBackoffMs: DEFAULT_STORE_BACKOFF_MS,
    searchAnswerTtlMs: parts.manifestTtlMs ?? MANIFEST_TTL_MS,
    clock,
    onStoreError: (error) => log.warn('table read failed; answering by search for a while', { error: describe(error) }),
    onBadData: (error) => log.error('the table holds data this version cannot read; answering by search', { error: describe(error) }),
    packagedTables: parts.packagedTables,
    searchWith: parts.searchWith,
    solves: client && config.tableName ? backgroundSolves(client, config, parts.solveStarter, (error) => log.error('a background solve could not be started', { error: describe(error) })) : undefined,
  });
  // The catalogue of loaded tables is read while the function initialises, so that the first request does
  // not wait for them (a failure holds the table off like any other, for a few seconds).
  void answers.guard.loadedTables();
  // So are the estimate tables that only DynamoDB holds (npm start's; seconds to read and expand),
  // and no request waits for them. Those the function's package carries are read from its disk at
  // their puzzle's first question, in milliseconds, whatever a search or a freeze does meanwhile.
  answers.estimates.readAll();
  const metrics = parts.metrics ?? (config.onLambda ? createMetrics() : NO_METRICS);
  return { registry, config, clock, log, store, answers, search: parts.search ?? DEFAULT_SEARCH_LIMITS, metrics };
}

function describe(error: unknown): string {
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 300);
}
