/**
 * The handler's dependencies, built from the environment: TABLE_NAME (the DynamoDB table;
 * without it every answer is searched), AWS_REGION, and for local runs DYNAMODB_ENDPOINT.
 */
import { createDynamoClient } from '../store/client';
import { DynamoPositionStore } from './position-store';
import { Tablebase } from './tablebase';

/** A DynamoDB read slower than this is abandoned for a search. */
const TABLE_TIMEOUT_MS = 800;
/** Manifests change only when a load completes; re-read them after this long. */
const MANIFEST_TTL_MS = 60_000;

export function tablebaseFromEnvironment(environment: NodeJS.ProcessEnv): Tablebase {
  const tableName = environment.TABLE_NAME;
  const store = tableName
    ? new DynamoPositionStore(createDynamoClient({ endpoint: environment.DYNAMODB_ENDPOINT || undefined }), tableName, {
        timeoutMs: TABLE_TIMEOUT_MS,
        manifestTtlMs: MANIFEST_TTL_MS,
      })
    : undefined;
  return new Tablebase(store, {
    onStoreError: (error) => console.warn(JSON.stringify({ message: 'table read failed; answering by search', error: String(error).slice(0, 300) })),
  });
}
