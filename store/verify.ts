/**
 * Checking a load: every page of a table of positions checked in memory against the BFS as it is
 * written (its number of positions, its first and last records); then, before the manifest is
 * written, stale items removed, an exact count of the table's pages, and a spot check of random
 * positions read back from their pages and decoded against the in-memory tables.
 *
 * The count comes from a paginated Scan with Select=COUNT: DescribeTable's ItemCount is refreshed
 * only every few hours on AWS (and stays 0 on dynalite). A Scan reads the whole table whatever its
 * filter, so on AWS it meets the table's cap on reads (lib/tablebase-table.ts): a throttled page is
 * asked again after a backoff, as the writes are.
 */
import { type DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { BATCH_SIZE, type WriteStats, writeBatchRequests } from './batch-writer';
import { type DecodedPage, type PositionRecord, decodePage } from '../packing/page-codec';
import { readPages } from './page-reads';
import type { ReadPace } from './read-pace';
import { DEFAULT_RETRY, type RetryPolicy, backoff, isRetryable } from './retry';
import type { StoredPosition, TablePages } from './table-pages';
import { type DynamoItem, PARTITION_KEY } from './table-schema';
import { pageBytesOf } from './page-items';

/** Scans the keys of the items whose key starts with a prefix, page by page, in parallel segments, strongly consistent. */
async function scanPrefix(
  client: DynamoDBClient,
  scan: { tableName: string; prefix: string; segments: number; select: 'COUNT' | 'KEYS'; policy: RetryPolicy; pace?: ReadPace },
  onPage: (page: { count: number; items: DynamoItem[] }) => Promise<void> | void,
): Promise<void> {
  await Promise.all(
    Array.from({ length: scan.segments }, async (_, segment) => {
      let startKey: DynamoItem | undefined;
      do {
        const page = await retried(scan.policy, () =>
          client.send(
            new ScanCommand({
              TableName: scan.tableName,
              Segment: segment,
              TotalSegments: scan.segments,
              FilterExpression: 'begins_with(#pk, :prefix)',
              ExpressionAttributeNames: { '#pk': PARTITION_KEY },
              ExpressionAttributeValues: { ':prefix': { S: scan.prefix } },
              ...(scan.select === 'COUNT' ? { Select: 'COUNT' } : { ProjectionExpression: '#pk' }),
              ExclusiveStartKey: startKey,
              // a load counts the pages it has just written: an eventually consistent Scan may not
              // see the last of them yet, and count short
              ConsistentRead: true,
              // what the page cost, for the pace (a Scan pays for everything it reads, whatever its filter keeps)
              ReturnConsumedCapacity: scan.pace ? 'TOTAL' : undefined,
            }),
          ),
        );
        await scan.pace?.spend(page.ConsumedCapacity?.CapacityUnits ?? 0);
        await onPage({ count: page.Count ?? 0, items: page.Items ?? [] });
        startKey = page.LastEvaluatedKey;
      } while (startKey);
    }),
  );
}

/** One call, asked again after a backoff while it fails in a way worth retrying (a throttle), up to the policy's attempts. */
async function retried<T>(policy: RetryPolicy, call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!isRetryable(error) || attempt >= policy.maxAttempts) throw error;
      await backoff(policy, attempt);
    }
  }
}

/** Exact number of items whose key starts with `prefix`. */
export async function countItems(client: DynamoDBClient, tableName: string, prefix: string, segments = 4, policy: RetryPolicy = DEFAULT_RETRY, pace?: ReadPace): Promise<number> {
  let count = 0;
  await scanPrefix(client, { tableName, prefix, segments, select: 'COUNT', policy, pace }, (page) => {
    count += page.count;
  });
  return count;
}

/**
 * Deletes every item under `prefix`: the pages of a generation no manifest names any more (an
 * earlier load's, an interrupted one's), or the items of an older schema. Returns how many.
 */
export async function removeItemsUnder(client: DynamoDBClient, tableName: string, prefix: string, policy: RetryPolicy, stats: WriteStats, pace?: ReadPace): Promise<number> {
  let removed = 0;
  await scanPrefix(client, { tableName, prefix, segments: 1, select: 'KEYS', policy, pace }, async ({ items }) => {
    for (let i = 0; i < items.length; i += BATCH_SIZE) {
      const deletes = items.slice(i, i + BATCH_SIZE).map((item) => ({ DeleteRequest: { Key: { [PARTITION_KEY]: item[PARTITION_KEY] } } }));
      await writeBatchRequests(client, tableName, deletes, policy, stats);
      removed += deletes.length;
    }
  });
  return removed;
}

const describeRecord = (record: PositionRecord | undefined) => (record ? JSON.stringify(record) : 'nothing');

/**
 * Checks the bytes of pages[index] against what the BFS says the page must hold
 * (TablePages.expectedPage): its number of positions (one lost or added anywhere changes it), and
 * its first and its last position, slot and record (one lost at a page's edge, where an off-by-one
 * in the layout or the encoder would lose it, changes them). Undefined when they agree, else what
 * differs, in a sentence. In memory: the loader checks every page this way as it writes it.
 */
export function checkPage(pages: TablePages, index: number, depth: number): string | undefined {
  const expected = pages.expectedPage(index);
  const { key } = expected;
  let decoded: DecodedPage;
  try {
    decoded = decodePage(pages.encode(index), pages.format, pages.layout, pages.pages[index].page, depth);
  } catch (error) {
    return `${key} does not decode (${(error as Error).message})`;
  }
  const ends = decoded.count === 0 ? 'none' : `slots ${decoded.slots[0]} to ${decoded.slots[decoded.count - 1]}`;
  const expectedEnds = expected.first && expected.last ? `slots ${expected.first.slot} to ${expected.last.slot}` : 'none';
  if (decoded.count !== expected.positions || ends !== expectedEnds) {
    return `${key} should hold ${expected.positions} positions (${expectedEnds}) but holds ${decoded.count} (${ends})`;
  }
  for (const position of [expected.first, expected.last]) {
    if (!position) continue;
    const found = decoded.find(position.slot);
    if (JSON.stringify(found) !== JSON.stringify(position.record)) return `slot ${position.slot} of ${key} should be ${describeRecord(position.record)}, found ${describeRecord(found)}`;
  }
  return undefined;
}

export interface SpotCheckFailure {
  readonly expected: StoredPosition;
  /** What the page said instead, in words. */
  readonly found: string;
}

/**
 * Reads the pages of `sample` back (consistently, each where `stored` says its key is: under the
 * load's generation) and compares each position's decoded record with the expected one.
 */
export async function spotCheck(
  client: DynamoDBClient,
  tableName: string,
  pages: TablePages,
  depth: number,
  sample: readonly StoredPosition[],
  stored: (key: string) => string,
  policy: RetryPolicy,
  pace?: ReadPace,
): Promise<SpotCheckFailure[]> {
  // each page read is decoded once, however many of the sample lie on it
  const byPage = new Map<string, StoredPosition[]>();
  for (const position of sample) {
    const onPage = byPage.get(position.key);
    if (onPage) onPage.push(position);
    else byPage.set(position.key, [position]);
  }
  const items = await readPages(client, tableName, [...byPage.keys()].map(stored), { policy, consistent: true, pace });
  const failures: SpotCheckFailure[] = [];
  for (const [key, positions] of byPage) {
    const item = items.get(stored(key));
    if (!item) {
      for (const expected of positions) failures.push({ expected, found: 'no page' });
      continue;
    }
    let page: DecodedPage;
    try {
      page = decodePage(pageBytesOf(item), pages.format, pages.layout, positions[0].page, depth);
    } catch (error) {
      for (const expected of positions) failures.push({ expected, found: `a page that does not decode (${(error as Error).message})` });
      continue;
    }
    for (const expected of positions) {
      const record = page.find(expected.slot);
      if (JSON.stringify(record) !== JSON.stringify(expected.record)) failures.push({ expected, found: JSON.stringify(record) ?? 'no record' });
    }
  }
  return failures;
}
