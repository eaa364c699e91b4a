/**
 * Reading many items by key with BatchGetItem: at most 100 keys a call, and keys the server
 * leaves unprocessed (it may, under load, with a 200) asked again with the same backoff and
 * jitter as the loader's writes. Used by the loader's spot check and by the service's reader.
 */
import { BatchGetItemCommand, type BatchGetItemCommandOutput, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type ReadPace, pageReadUnits } from './read-pace';
import { type RetryPolicy, backoff } from './retry';
import { type DynamoItem, PARTITION_KEY } from './table-schema';

/** BatchGetItem takes at most 100 keys. */
export const BATCH_GET_LIMIT = 100;

export interface ReadOptions {
  readonly policy: RetryPolicy;
  /** Strongly consistent reads (the loader's checks) or eventually consistent (half the cost). */
  readonly consistent?: boolean;
  /** Longest wait for one call. */
  readonly timeoutMs?: number;
  /** A pace the calls keep to (a load's checks on a table that answers meanwhile), each paying for its keys before it is sent. */
  readonly pace?: ReadPace;
}

/** DynamoDB kept some keys unprocessed through every retry. */
export class UnprocessedKeysError extends Error {
  override readonly name = 'UnprocessedKeysError';
}

/** The stored items among `keys`, by key (absent keys are simply not in the map). */
export async function readPages(client: DynamoDBClient, tableName: string, keys: readonly string[], options: ReadOptions): Promise<Map<string, DynamoItem>> {
  const found = new Map<string, DynamoItem>();
  const chunks = Array.from({ length: Math.ceil(keys.length / BATCH_GET_LIMIT) }, (_, i) => keys.slice(i * BATCH_GET_LIMIT, (i + 1) * BATCH_GET_LIMIT));
  await Promise.all(
    chunks.map(async (chunk) => {
      let pending: readonly string[] = chunk;
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt > options.policy.maxAttempts) {
          throw new UnprocessedKeysError(`DynamoDB left ${pending.length} keys unprocessed ${options.policy.maxAttempts} times in a row`);
        }
        if (attempt > 0) await backoff(options.policy, attempt);
        await options.pace?.spend(pageReadUnits(pending.length, options.consistent ?? false));
        const output: BatchGetItemCommandOutput = await client.send(
          new BatchGetItemCommand({
            RequestItems: { [tableName]: { Keys: pending.map((key) => ({ [PARTITION_KEY]: { S: key } })), ConsistentRead: options.consistent } },
          }),
          options.timeoutMs === undefined ? undefined : { abortSignal: AbortSignal.timeout(options.timeoutMs) },
        );
        for (const item of output.Responses?.[tableName] ?? []) found.set(item[PARTITION_KEY].S!, item);
        const left = (output.UnprocessedKeys?.[tableName]?.Keys ?? []).map((key) => key[PARTITION_KEY].S!);
        if (left.length < pending.length) attempt = 0; // progress: back off afresh
        pending = left;
      }
    }),
  );
  return found;
}
