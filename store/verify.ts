/**
 * Checking a load before its manifest is written: stale items removed, an exact count of the
 * table's pages, and a spot check of random positions decoded from their pages against the
 * in-memory tables.
 *
 * The count comes from a paginated Scan with Select=COUNT: DescribeTable's ItemCount is refreshed
 * only every few hours on AWS (and stays 0 on dynalite). A Scan reads the whole table whatever its
 * filter, so on AWS it meets the table's cap on reads (lib/tablebase-table.ts): a throttled page is
 * asked again after a backoff, as the writes are.
 */
import { type DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { BATCH_SIZE, type WriteStats, writeBatchRequests } from './batch-writer';
import { decodePage } from './page-codec';
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

export interface SpotCheckFailure {
  readonly expected: StoredPosition;
  /** What the page said instead, in words. */
  readonly found: string;
}

/**
 * Reads the pages of `sample` back (consistently, each page where `stored` says its key is: under
 * the load's generation) and compares each position's decoded record with the expected one.
 */
export async function spotCheck(
  client: DynamoDBClient,
  tableName: string,
  pages: TablePages,
  depth: number,
  sample: readonly StoredPosition[],
  stored: (key: string) => string,
  policy: RetryPolicy,
): Promise<SpotCheckFailure[]> {
  const items = await readPages(client, tableName, [...new Set(sample.map((position) => stored(position.key)))], { policy, consistent: true });
  const failures: SpotCheckFailure[] = [];
  for (const expected of sample) {
    const item = items.get(stored(expected.key));
    if (!item) {
      failures.push({ expected, found: 'no page' });
      continue;
    }
    try {
      const record = decodePage(pageBytesOf(item), pages.format, pages.layout, expected.page, depth).find(expected.slot);
      if (JSON.stringify(record) !== JSON.stringify(expected.record)) failures.push({ expected, found: JSON.stringify(record) ?? 'no record' });
    } catch (error) {
      failures.push({ expected, found: `a page that does not decode (${(error as Error).message})` });
    }
  }
  return failures;
}
