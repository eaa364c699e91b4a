/**
 * Reading items by key (store/page-reads.ts) on the local server: 100 keys a call, absent keys left
 * out, each call paid for at its pace before it is sent (half a unit a key, a whole one when
 * strongly consistent), an answer without the table's items taken as none read, its attempts
 * counted afresh after any progress, and a call that never ends given up when its time is up.
 */
import type { BatchGetItemCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { BATCH_SIZE, newWriteStats, writeBatch } from '../../store/batch-writer';
import { createDynamoClient } from '../../store/client';
import { BATCH_GET_LIMIT, UnprocessedKeysError, readPages } from '../../store/page-reads';
import type { ReadPace } from '../../store/read-pace';
import { DEFAULT_RETRY } from '../../store/retry';
import { PARTITION_KEY } from '../../store/table-schema';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { withSilentEndpoint } from '../support/silent-server';

const client = testClient();
const fast = { ...DEFAULT_RETRY, baseMs: 1, maxMs: 5, maxAttempts: 3 };
const KEYS = Array.from({ length: 250 }, (_, i) => `item#${String(i).padStart(3, '0')}`);

/** A table holding every other key, read by every test (none writes). */
let evenKeys: Promise<string> | undefined;
function tableOfEvenKeys(): Promise<string> {
  evenKeys ??= (async () => {
    const tableName = await freshTable(client, 'page-reads');
    const items = KEYS.filter((_, i) => i % 2 === 0).map((key) => ({ [PARTITION_KEY]: { S: key }, n: { S: key.slice(5) } }));
    for (let i = 0; i < items.length; i += BATCH_SIZE) await writeBatch(client, tableName, items.slice(i, i + BATCH_SIZE), DEFAULT_RETRY, newWriteStats());
    return tableName;
  })();
  return evenKeys;
}

/** A client of the same server whose BatchGetItem calls are counted, and answered by `answer` when it gives an answer. */
function watched(answer: (call: number) => object | undefined = () => undefined): { client: DynamoDBClient; calls: number[] } {
  const own = createDynamoClient({ endpoint: testEndpoint() });
  const calls: number[] = [];
  own.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== 'BatchGetItemCommand') return next(args);
      const keys = Object.values((args.input as BatchGetItemCommand['input']).RequestItems!)[0].Keys!;
      calls.push(keys.length);
      const output = answer(calls.length);
      return output ? { output: { $metadata: { httpStatusCode: 200 }, ...output }, response: {} } : next(args);
    },
    { step: 'initialize', name: 'watchReads' },
  );
  return { client: own, calls };
}

describe('reading items by key', () => {
  it(`asks for at most ${BATCH_GET_LIMIT} keys a call and returns those stored, by key`, async () => {
    const tableName = await tableOfEvenKeys();
    const { client: own, calls } = watched();
    const found = await readPages(own, tableName, KEYS, { policy: fast });
    expect([...calls].sort((a, b) => b - a)).toEqual([100, 100, 50]);
    expect([...found.keys()].sort()).toEqual(KEYS.filter((_, i) => i % 2 === 0));
    expect(found.get('item#010')?.n).toEqual({ S: '010' });
    own.destroy();
  });

  it('pays for each call at its pace before sending it: half a unit a key, a whole one when strongly consistent', async () => {
    const tableName = await tableOfEvenKeys();
    for (const [consistent, units] of [[undefined, [50, 50, 25]], [false, [50, 50, 25]], [true, [100, 100, 50]]] as const) {
      const spent: number[] = [];
      const pace = { spend: async (n: number) => void spent.push(n) } as unknown as ReadPace;
      await readPages(client, tableName, KEYS, { policy: fast, pace, ...(consistent === undefined ? {} : { consistent }) });
      expect(spent.sort((a, b) => b - a), `consistent: ${consistent}`).toEqual(units);
    }
  });

  it('takes an answer without the table\'s items, its keys all unprocessed, as none read, and asks again', async () => {
    const tableName = await tableOfEvenKeys();
    const keys = KEYS.slice(0, 10);
    const { client: own, calls } = watched((call) =>
      call === 1 ? { UnprocessedKeys: { [tableName]: { Keys: keys.map((key) => ({ [PARTITION_KEY]: { S: key } })) } } } : undefined,
    );
    const found = await readPages(own, tableName, keys, { policy: fast });
    expect(calls).toEqual([10, 10]);
    expect([...found.keys()].sort()).toEqual(keys.filter((_, i) => i % 2 === 0));
    own.destroy();
  });

  it('counts its attempts afresh whenever a call reads some of the keys left, however many calls that takes', async () => {
    const tableName = await tableOfEvenKeys();
    const keys = KEYS.slice(0, 2 * fast.maxAttempts);
    // each call reads one key of those it is asked for and leaves the rest unprocessed
    const { client: own, calls } = watched((call) => ({ Responses: { [tableName]: [] }, UnprocessedKeys: { [tableName]: { Keys: keys.slice(call).map((key) => ({ [PARTITION_KEY]: { S: key } })) } } }));
    await expect(readPages(own, tableName, keys, { policy: fast })).resolves.toBeInstanceOf(Map);
    expect(calls).toEqual(keys.map((_, i) => keys.length - i));
    own.destroy();
  });

  it('gives up with UnprocessedKeysError when keys stay unprocessed past its attempts', async () => {
    const tableName = await tableOfEvenKeys();
    const { client: own, calls } = watched(() => ({ Responses: { [tableName]: [] }, UnprocessedKeys: { [tableName]: { Keys: [{ [PARTITION_KEY]: { S: 'item#000' } }] } } }));
    const reading = readPages(own, tableName, ['item#000'], { policy: fast });
    await expect(reading).rejects.toThrow(UnprocessedKeysError);
    await expect(reading).rejects.toMatchObject({ name: 'UnprocessedKeysError', message: 'DynamoDB left 1 keys unprocessed 3 times in a row' });
    expect(calls).toEqual([1, 1, 1, 1]);
    own.destroy();
  });

  it('gives up on a server that never answers when its call\'s time is up', async () => {
    await withSilentEndpoint(async (endpoint) => {
      const hanging = createDynamoClient({ endpoint });
      try {
        await expect(readPages(hanging, 'page-reads-silent', ['item#000'], { policy: fast, timeoutMs: 100 })).rejects.toMatchObject({ name: 'AbortError' });
      } finally {
        hanging.destroy();
      }
    });
  });
});
