import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { createDynamoClient } from '../../store/client';
import { loadTable } from '../../store/loader';
import { eightSpec } from '../../puzzles/eight/offline/loads';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { DEFAULT_RETRY } from '../../store/retry';
import { keyPrefix, manifestKey, progressKey } from '../../store/table-keys';
import { generationPrefix } from '../../store/generations';
import { readProgress } from '../../store/manifests';
import { countItems } from '../../store/verify';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { injectFaults } from '../support/faults';
import { builtOnce } from '../support/small-tables';
import { seededRandom } from '../../core/seeded';

const client = testClient();
const fast = { ...DEFAULT_RETRY, baseMs: 1, maxMs: 20, maxAttempts: 30 };

const faultyClient = () => createDynamoClient({ endpoint: testEndpoint() });
/** The whole eight table (1,485 pages), built once for the three loads below. */
const wholeEight = builtOnce(eightSpec());

async function stored(tableName: string, key: string) {
  return (await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: key } }, ConsistentRead: true }))).Item;
}

describe('the loader under faults', () => {
  it('loses nothing when 30% of calls leave items unprocessed and 5% are throttled, and its scans are throttled at the table\'s read cap', async () => {
    const tableName = await freshTable(client, 'faults');
    const faulty = faultyClient();
    const log = injectFaults(faulty, { unprocessed: 0.3, throttle: 0.05, scanThrottle: 0.5, random: seededRandom(1) });
    // The whole eight table: 1,485 pages, some 60 batches to disturb.
    const result = await loadTable(faulty, wholeEight, { tableName, concurrency: 8, retry: fast });
    faulty.destroy();

    expect(log.unprocessed).toBeGreaterThan(20);
    expect(log.throttled).toBeGreaterThan(2);
    expect(log.scansThrottled).toBeGreaterThan(0);
    expect(result.stats.unprocessedRetries).toBe(log.unprocessed);
    expect(result.stats.throttles).toBe(log.throttled);
    expect(result.status).toBe('loaded');
    expect(await countItems(client, tableName, generationPrefix(result.manifest.generation, 'eight'))).toBe(result.manifest.pages);
    expect(await stored(tableName, manifestKey('eight'))).toBeDefined();
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
    injectFaults(crashing, { crashAfter: 30, unprocessed: 0.1, random: seededRandom(3) });
    await expect(loadTable(crashing, wholeEight, { tableName, concurrency: 4, retry: fast, checkpointEveryMs: 0 })).rejects.toThrow(/simulated crash/);
    crashing.destroy();

    expect(await stored(tableName, manifestKey('eight'))).toBeUndefined();
    const progress = readProgress((await stored(tableName, progressKey('eight')))!)!;
    expect(progress.written).toBeGreaterThan(0);
    expect(progress.written).toBeLessThan(progress.pages);
    expect(progress.written % 25).toBe(0);

    const resumed = await loadTable(client, wholeEight, { tableName, retry: fast });
    expect(resumed.status).toBe('loaded');
    expect(resumed.resumedFrom).toBe(progress.written);
    expect(resumed.written).toBe(progress.pages - progress.written);
    expect(resumed.manifest.generation).toBe(progress.generation);
    expect(await countItems(client, tableName, keyPrefix('eight'))).toBe(0);
    expect(await countItems(client, tableName, generationPrefix(progress.generation, 'eight'))).toBe(progress.pages);
    expect(await stored(tableName, progressKey('eight'))).toBeUndefined();
  });

  it('refuses to write a manifest when positions read back differ', async () => {
    const tableName = await freshTable(client, 'corrupt');
    const spec = knightsSpec('standard', 4);
    const real = await spec.build();
    // Flip the first bit after the header of every page as it is written (the first record's gap
    // or distance), not as it is checked: the records after it no longer decode as written, and
    // the spot check, which reads the pages back, must catch it.
    const encoded = new Set<number>();
    const wrong = { ...spec, build: async () => ({ ...real, encode: (index: number) => {
      const first = !encoded.has(index);
      encoded.add(index);
      const bytes = real.encode(index).slice();
      if (first) bytes[3] ^= 0x80;
      return bytes;
    } }) };
    await expect(loadTable(client, wrong, { tableName, spotChecks: 200 })).rejects.toThrow(/^\d+ of \d+ positions read back differ from the computed tables.*no manifest was written/);
    expect(await stored(tableName, manifestKey('knights#standard'))).toBeUndefined();
  });
});
