/**
 * The handler's dependencies, built from the environment: TABLE_NAME (the DynamoDB table;
 * without it every answer is searched), AWS_REGION, and for local runs DYNAMODB_ENDPOINT.
 */
import { createDynamoClient } from '../store/client';
import { PageStore } from '../store/page-store';
import { DEFAULT_RETRY } from '../store/retry';
import { Tablebase } from './tablebase';

/** A DynamoDB read slower than this is abandoned for a search. */
const TABLE_TIMEOUT_MS = 800;
/** Manifests change only when a load completes; re-read them after this long. */
const MANIFEST_TTL_MS = 60_000;
/** Decoded pages kept per instance: 64 MiB holds about 6,000 pages of the 1 GB function. */
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;
/** Answers kept per instance. */
const ANSWER_CACHE_SIZE = 10_000;
/** After a DynamoDB failure, how long every request is answered by search without asking again. */
const STORE_BACKOFF_MS = 5000;
/** Unprocessed page keys are asked again quickly, a few times: a request cannot wait long. */
const READ_RETRY = { ...DEFAULT_RETRY, baseMs: 10, maxMs: 100, maxAttempts: 3 };

export interface StoreSettings {
  readonly tableName: string | undefined;
  readonly endpoint?: string;
  readonly manifestTtlMs?: number;
}

export function createTablebase(settings: StoreSettings, now: () => number = Date.now): { tablebase: Tablebase; store: PageStore | undefined } {
  const store = settings.tableName
    ? new PageStore(createDynamoClient({ endpoint: settings.endpoint }), settings.tableName, {
        timeoutMs: TABLE_TIMEOUT_MS,
        manifestTtlMs: settings.manifestTtlMs ?? MANIFEST_TTL_MS,
        cacheBytes: PAGE_CACHE_BYTES,
        retry: READ_RETRY,
        now,
      })
    : undefined;
  const tablebase = new Tablebase(store, {
    cacheSize: ANSWER_CACHE_SIZE,
    storeBackoffMs: STORE_BACKOFF_MS,
    now,
    onStoreError: (error) => console.warn(JSON.stringify({ message: 'table read failed; answering by search', error: String(error).slice(0, 300) })),
    onBadData: (error) => console.error(JSON.stringify({ message: 'the table holds data this version cannot read; answering by search', error: String(error).slice(0, 300) })),
  });
  return { tablebase, store };
}

export function tablebaseFromEnvironment(environment: NodeJS.ProcessEnv): Tablebase {
  return createTablebase({ tableName: environment.TABLE_NAME, endpoint: environment.DYNAMODB_ENDPOINT || undefined }).tablebase;
}
