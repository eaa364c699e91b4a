/**
 * Writes one batch of up to 25 items with BatchWriteItem until every item is stored.
 *
 * BatchWriteItem can succeed while leaving some items unwritten (UnprocessedItems, HTTP 200);
 * the SDK does not retry those, so loaders that ignore them silently lose data. They are resent
 * here with backoff, as are throttling and server errors.
 */
import { BatchWriteItemCommand, type DynamoDBClient, type WriteRequest } from '@aws-sdk/client-dynamodb';
import { type RetryPolicy, backoff, isRetryable, isThrottle } from './retry';
import type { DynamoItem } from './table-schema';

export const BATCH_SIZE = 25;

export interface WriteStats {
  /** BatchWriteItem calls repeated for unprocessed items. */
  unprocessedRetries: number;
  /** Calls repeated after throttling or a server or network error. */
  errorRetries: number;
  throttles: number;
}

export function newWriteStats(): WriteStats {
  return { unprocessedRetries: 0, errorRetries: 0, throttles: 0 };
}

/** Stores up to 25 items. */
export function writeBatch(
  client: DynamoDBClient,
  tableName: string,
  items: readonly DynamoItem[],
  policy: RetryPolicy,
  stats: WriteStats,
): Promise<void> {
  return writeBatchRequests(client, tableName, items.map((item) => ({ PutRequest: { Item: item } })), policy, stats);
}

/** Carries out up to 25 puts or deletes. */
export async function writeBatchRequests(
  client: DynamoDBClient,
  tableName: string,
  requests: WriteRequest[],
  policy: RetryPolicy,
  stats: WriteStats,
): Promise<void> {
  let pending = requests;
  let attempt = 0;
  for (;;) {
    try {
      const output = await client.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: pending } }));
      const left = output.UnprocessedItems?.[tableName] ?? [];
      if (left.length === 0) return;
      if (left.length < pending.length) attempt = 0; // progress: start backing off afresh
      pending = left;
      stats.unprocessedRetries++;
    } catch (error) {
      if (!isRetryable(error)) throw error;
      stats.errorRetries++;
      if (isThrottle(error)) stats.throttles++;
    }
    if (++attempt > policy.maxAttempts) {
      throw new Error(`DynamoDB kept refusing ${pending.length} item(s) after ${policy.maxAttempts} attempts in a row; the load stopped and can be resumed.`);
    }
    await backoff(policy, attempt);
  }
}
