/**
 * Checking a load before its manifest is written: stale items removed, an exact count of the
 * table's pages, and every page read back and checked against the in-memory tables: its number of
 * positions, its first and last records, and the records of random positions on it.
 *
 * The count comes from a paginated Scan with Select=COUNT: DescribeTable's ItemCount is refreshed
 * only every few hours on AWS (and stays 0 on dynalite). A Scan reads the whole table whatever its
 * filter, so on AWS it meets the table's cap on reads (lib/tablebase-table.ts): a throttled page is
 * asked again after a backoff, as the writes are.
 */
import { type DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { BATCH_SIZE, type WriteStats, writeBatchRequests } from './batch-writer';
import { type DecodedPage, type PositionRecord, decodePage } from './page-codec';
import { readPages } from './page-reads';
import { DEFAULT_RETRY, type RetryPolicy, backoff, isRetryable } from './retry';
import type { StoredPosition, TablePages } from './table-pages';
import { type DynamoItem, PARTITION_KEY, pageBytesOf } from './table-schema';

/** Scans the keys of the items whose key starts with a prefix, page by page, in parallel segments. */
async function scanPrefix(
  client: DynamoDBClient,
  scan: { tableName: string; prefix: string; segments: number; select: 'COUNT' | 'KEYS'; policy: RetryPolicy },
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
            }),
          ),
        );
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
export async function countItems(client: DynamoDBClient, tableName: string, prefix: string, segments = 4, policy: RetryPolicy = DEFAULT_RETRY): Promise<number> {
  let count = 0;
  await scanPrefix(client, { tableName, prefix, segments, select: 'COUNT', policy }, (page) => {
    count += page.count;
  });
  return count;
}

/**
 * Deletes the items under `prefix` that are not among `keep`: pages of an earlier, deeper load,
 * or items of an older schema, so that the table holds exactly what this load wrote. Returns how
 * many were removed.
 */
export async function removeOthers(
  client: DynamoDBClient,
  tableName: string,
  prefix: string,
  keep: ReadonlySet<string>,
  policy: RetryPolicy,
  stats: WriteStats,
): Promise<number> {
  let removed = 0;
  await scanPrefix(client, { tableName, prefix, segments: 1, select: 'KEYS', policy }, async ({ items }) => {
    const stale = items.filter((item) => !keep.has(item[PARTITION_KEY].S!));
    for (let i = 0; i < stale.length; i += BATCH_SIZE) {
      const deletes = stale.slice(i, i + BATCH_SIZE).map((item) => ({ DeleteRequest: { Key: { [PARTITION_KEY]: item[PARTITION_KEY] } } }));
      await writeBatchRequests(client, tableName, deletes, policy, stats);
      removed += deletes.length;
    }
  });
  return removed;
}

/** How many pages the check reads and decodes at a time: bounded memory for a table of any size. */
export const CHECK_PAGES_AT_ONCE = 1000;

export interface PageCheck {
  /** One sentence per page that differs from what it must hold, in load order. */
  readonly failures: readonly string[];
  /** Positions compared record by record (each page's ends and the sampled ones). */
  readonly compared: number;
}

const describeRecord = (record: PositionRecord | undefined) => (record ? JSON.stringify(record) : 'nothing');

/**
 * Reads every page back (consistently, each where `stored` says its key is: under the load's
 * generation; a thousand at a time, the next thousand while these are checked) and checks it against what the BFS says it must hold (TablePages.expectedPage): its
 * number of positions, its first and its last position (slot and record: a position lost at a
 * page's edge, where an off-by-one in the layout or the encoder would lose it, changes both), and
 * the records of the sampled positions that lie on it. Each page is read and decoded once, however
 * many of the sample lie on it.
 */
export async function checkPages(
  client: DynamoDBClient,
  tableName: string,
  pages: TablePages,
  depth: number,
  sample: readonly StoredPosition[],
  stored: (key: string) => string,
  policy: RetryPolicy,
): Promise<PageCheck> {
  const sampled = new Map<string, StoredPosition[]>();
  for (const position of sample) {
    const list = sampled.get(position.key);
    if (list) list.push(position);
    else sampled.set(position.key, [position]);
  }
  const failures: string[] = [];
  let compared = 0;
  const indexesFrom = (from: number) => Array.from({ length: Math.min(CHECK_PAGES_AT_ONCE, pages.pages.length - from) }, (_, i) => from + i);
  const read = (from: number) => readPages(client, tableName, indexesFrom(from).map((index) => stored(pages.pages[index].key)), { policy, consistent: true });
  // The next thousand pages are read while these are checked.
  let reading = read(0);
  for (let from = 0; from < pages.pages.length; from += CHECK_PAGES_AT_ONCE) {
    const items = await reading;
    if (from + CHECK_PAGES_AT_ONCE < pages.pages.length) reading = read(from + CHECK_PAGES_AT_ONCE);
    for (const index of indexesFrom(from)) {
      const expected = pages.expectedPage(index);
      const { key } = expected;
      const item = items.get(stored(key));
      if (!item) {
        failures.push(`${key} is missing`);
        continue;
      }
      let decoded: DecodedPage;
      try {
        decoded = decodePage(pageBytesOf(item), pages.format, pages.layout, pages.pages[index].page, depth);
      } catch (error) {
        failures.push(`${key} does not decode (${(error as Error).message})`);
        continue;
      }
      const found = (slot: number) => decoded.find(slot);
      const ends = decoded.count === 0 ? 'none' : `slots ${decoded.slots[0]} to ${decoded.slots[decoded.count - 1]}`;
      const expectedEnds = expected.first && expected.last ? `slots ${expected.first.slot} to ${expected.last.slot}` : 'none';
      if (decoded.count !== expected.positions || ends !== expectedEnds) {
        failures.push(`${key} should hold ${expected.positions} positions (${expectedEnds}) but holds ${decoded.count} (${ends})`);
        continue;
      }
      const checks = [expected.first, expected.last, ...(sampled.get(key) ?? [])].filter((position) => position !== undefined);
      const wrong = checks.find((position) => JSON.stringify(found(position.slot)) !== JSON.stringify(position.record));
      compared += checks.length;
      if (wrong) failures.push(`slot ${wrong.slot} of ${key} should be ${describeRecord(wrong.record)}, found ${describeRecord(found(wrong.slot))}`);
    }
  }
  return { failures, compared };
}
