import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { createDynamoClient } from '../../store/client';
import { loadTable } from '../../store/loader';
import { knightsSpec } from '../../store/positions';
import { DEFAULT_RETRY } from '../../store/retry';
import { keyPrefix, manifestKey, progressKey, readProgress } from '../../store/table-schema';
import { countItems } from '../../store/verify';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { injectFaults } from '../support/faults';
import { seededRandom } from '../support/random';

const DEPTH_7_ITEMS = 1 + 8 + 14 + 38 + 148 + 368 + 1001 + 2440;
const client = testClient();
const fast = { ...DEFAULT_RETRY, baseMs: 1, maxMs: 20, maxAttempts: 30 };
const prefix = keyPrefix('knights#standard');

const faultyClient = () => createDynamoClient({ endpoint: testEndpoint() });

async function stored(tableName: string, key: string) {
  return (await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: key } }, ConsistentRead: true }))).Item;
}

describe('the loader under faults', () => {
  it('loses nothing when 30% of calls leave items unprocessed and 5% are throttled', async () => {
    const tableName = await freshTable(client, 'faults');
    const faulty = faultyClient();
    const log = injectFaults(faulty, { unprocessed: 0.3, throttle: 0.05, random: seededRandom(1) });
    const result = await loadTable(faulty, knightsSpec('standard', 7), { tableName, concurrency: 8, retry: fast });
    faulty.destroy();

    expect(log.unprocessed).toBeGreaterThan(20);
    expect(log.throttled).toBeGreaterThan(2);
    expect(result.stats.unprocessedRetries).toBe(log.unprocessed);
    expect(result.stats.throttles).toBe(log.throttled);
    expect(result.status).toBe('loaded');
    expect(await countItems(client, tableName, prefix)).toBe(DEPTH_7_ITEMS);
    expect(await stored(tableName, manifestKey('knights#standard'))).toBeDefined();
  });

  it('gives up with a clear error when DynamoDB keeps refusing, and writes no manifest', async () => {
    const tableName = await freshTable(client, 'refused');
    const faulty = faultyClient();
    injectFaults(faulty, { throttle: 1, random: seededRandom(2) });
    await expect(loadTable(faulty, knightsSpec('standard', 3), { tableName, retry: { ...fast, maxAttempts: 3 } })).rejects.toThrow(
      /kept refusing \d+ item\(s\) after 3 attempts in a row; the load stopped and can be resumed/,
    );
    faulty.destroy();
    expect(await stored(tableName, manifestKey('knights#standard'))).toBeUndefined();
  });

  it('resumes after a crash from the last checkpoint and ends with exactly the expected items', async () => {
    const tableName = await freshTable(client, 'crash');
    const crashing = faultyClient();
    injectFaults(crashing, { crashAfter: 120, unprocessed: 0.1, random: seededRandom(3) });
    await expect(
      loadTable(crashing, knightsSpec('standard', 7), { tableName, concurrency: 4, retry: fast, checkpointEveryMs: 0 }),
    ).rejects.toThrow(/simulated crash/);
    crashing.destroy();

    expect(await stored(tableName, manifestKey('knights#standard'))).toBeUndefined();
    const progress = readProgress((await stored(tableName, progressKey('knights#standard')))!);
    expect(progress.written).toBeGreaterThan(0);
    expect(progress.written).toBeLessThan(DEPTH_7_ITEMS);
    expect(progress.written % 25).toBe(0);

    const resumed = await loadTable(client, knightsSpec('standard', 7), { tableName, retry: fast });
    expect(resumed.status).toBe('loaded');
    expect(resumed.resumedFrom).toBe(progress.written);
    expect(resumed.written).toBe(DEPTH_7_ITEMS - progress.written);
    expect(await countItems(client, tableName, prefix)).toBe(DEPTH_7_ITEMS);
    expect(await stored(tableName, progressKey('knights#standard'))).toBeUndefined();
  });

  it('refuses to write a manifest when items read back differ', async () => {
    const tableName = await freshTable(client, 'corrupt');
    const spec = knightsSpec('standard', 4);
    const real = spec.build();
    // Write one wrong answer: the spot check of every item must catch it.
    const wrong = { ...spec, build: () => ({ ...real, records: function* () {
      let first = true;
      for (const record of real.records()) {
        yield first ? { ...record, steps: record.steps + 1 } : record;
        first = false;
      }
    } }) };
    await expect(loadTable(client, wrong, { tableName, spotChecks: real.items })).rejects.toThrow(/differ from the computed tables.*no manifest was written/);
    expect(await stored(tableName, manifestKey('knights#standard'))).toBeUndefined();
  });
});
