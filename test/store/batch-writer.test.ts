/**
 * Batches of writes (store/batch-writer.ts) against the local server, with the answers DynamoDB
 * gives under load and the local server never does (throttling, items left unprocessed) injected
 * around the real client: every item is stored, each retry is counted as what it was, and a batch
 * gives up only after its attempts in a row without progress.
 */
import { type DynamoDBClient, InternalServerError, type WriteRequest } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../core/seeded';
import { newWriteStats, writeBatch } from '../../store/batch-writer';
import { createDynamoClient } from '../../store/client';
import { DEFAULT_RETRY } from '../../store/retry';
import type { DynamoItem } from '../../store/table-schema';
import { freshTable, scanAll, testClient, testEndpoint } from '../support/dynamodb';
import { injectFaults } from '../support/faults';

const client = testClient();
const fast = { ...DEFAULT_RETRY, baseMs: 1, maxMs: 2 };
const items: DynamoItem[] = Array.from({ length: 25 }, (_, i) => ({ pk: { S: `item-${i}` }, n: { N: String(i) } }));

/** A client of the local server whose BatchWriteItem stores `take(pending)` items of each call and leaves the rest unprocessed. */
function taking(take: (pending: number) => number): { client: DynamoDBClient; calls: () => number } {
  const own = createDynamoClient({ endpoint: testEndpoint() });
  let calls = 0;
  own.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== 'BatchWriteItemCommand') return next(args);
      calls++;
      const input = args.input as { RequestItems: Record<string, WriteRequest[]> };
      const [table, requests] = Object.entries(input.RequestItems)[0];
      const kept = take(requests.length);
      const result = kept > 0 ? await next({ ...args, input: { RequestItems: { [table]: requests.slice(0, kept) } } }) : { output: { $metadata: {} }, response: {} };
      const output = result.output as { UnprocessedItems?: Record<string, WriteRequest[]> };
      // an answer that stored everything may leave the field out
      if (kept < requests.length) output.UnprocessedItems = { [table]: requests.slice(kept) };
      else delete output.UnprocessedItems;
      return result;
    },
    { step: 'initialize', name: 'takeSome' },
  );
  return { client: own, calls: () => calls };
}

describe('a batch of writes', () => {
  it('stores every item through throttling and partial answers, and counts each retry as what it was', async () => {
    const tableName = await freshTable(client, 'batch-faults');
    const faulty = createDynamoClient({ endpoint: testEndpoint() });
    const log = injectFaults(faulty, { throttle: 0.3, unprocessed: 0.6, random: seededRandom(8) });
    const stats = newWriteStats();
    await writeBatch(faulty, tableName, items, { ...fast, maxAttempts: 50 }, stats);
    faulty.destroy();
    expect((await scanAll(client, tableName)).length).toBe(25);
    expect(log.throttled).toBeGreaterThan(0);
    expect(log.unprocessed).toBeGreaterThan(0);
    expect(stats).toEqual({ unprocessedRetries: log.unprocessed, errorRetries: log.throttled, throttles: log.throttled });
  });

  it('counts a server error as a retry, not as a throttle', async () => {
    const tableName = await freshTable(client, 'batch-errors');
    const failing = createDynamoClient({ endpoint: testEndpoint() });
    let failures = 2;
    failing.middlewareStack.add(
      (next) => async (args) => {
        if (failures-- > 0) throw new InternalServerError({ message: 'Internal server error', $metadata: { httpStatusCode: 500 } });
        return next(args);
      },
      { step: 'initialize', name: 'failTwice' },
    );
    const stats = newWriteStats();
    await writeBatch(failing, tableName, items, fast, stats);
    failing.destroy();
    expect(stats).toEqual({ unprocessedRetries: 0, errorRetries: 2, throttles: 0 });
    expect((await scanAll(client, tableName)).length).toBe(25);
  });

  it('gives up after its attempts in a row without progress, saying how many items are left', async () => {
    const throttled = createDynamoClient({ endpoint: testEndpoint() });
    const log = injectFaults(throttled, { throttle: 1, random: seededRandom(1) });
    await expect(writeBatch(throttled, await freshTable(client, 'batch-refused'), items, { ...fast, maxAttempts: 3 }, newWriteStats())).rejects.toThrow(
      'DynamoDB kept refusing 25 item(s) after 3 attempts in a row; the load stopped and can be resumed.',
    );
    expect(log.calls).toBe(4); // the first call and 3 more
    throttled.destroy();

    const none = taking(() => 0);
    await expect(writeBatch(none.client, await freshTable(client, 'batch-none'), items, { ...fast, maxAttempts: 3 }, newWriteStats())).rejects.toThrow('DynamoDB kept refusing 25 item(s) after 3 attempts');
    expect(none.calls()).toBe(4);
    none.client.destroy();
  });

  it('starts counting its attempts afresh whenever a call stores some items', async () => {
    const tableName = await freshTable(client, 'batch-progress');
    const one = taking(() => 1); // one item a call: 25 calls, each making progress
    const stats = newWriteStats();
    await writeBatch(one.client, tableName, items, { ...fast, maxAttempts: 1 }, stats);
    expect(one.calls()).toBe(25);
    expect(stats.unprocessedRetries).toBe(24);
    expect((await scanAll(client, tableName)).length).toBe(25);
    one.client.destroy();
  });
});
