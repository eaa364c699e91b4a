/**
 * Checking a load before its manifest is written: an exact count of the table's items and a spot
 * check of random items against the in-memory tables.
 *
 * The count comes from a paginated Scan with Select=COUNT: DescribeTable's ItemCount is refreshed
 * only every few hours on AWS (and stays 0 on dynalite).
 */
import {
  BatchGetItemCommand,
  type BatchGetItemCommandOutput,
  type DynamoDBClient,
  type KeysAndAttributes,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import { BATCH_SIZE, type WriteStats, writeBatchRequests } from './batch-writer';
import type { TableContents } from './positions';
import { type RetryPolicy, backoff } from './retry';
import { type DynamoItem, PARTITION_KEY, type PositionRecord, readPosition } from './table-schema';

interface PrefixScan {
  readonly tableName: string;
  readonly prefix: string;
  /** Parallel scan segments. */
  readonly segments: number;
  /** Only items also matching this condition on their `steps` attribute. */
  readonly stepsAbove?: number;
  /** Count only, or fetch the keys. */
  readonly select: 'COUNT' | 'KEYS';
}

/** Scans the items whose key starts with a prefix, page by page, in parallel segments. */
async function scanPrefix(
  client: DynamoDBClient,
  scan: PrefixScan,
  onPage: (page: { count: number; items: DynamoItem[] }) => Promise<void> | void,
): Promise<void> {
  const beyond = scan.stepsAbove !== undefined;
  await Promise.all(
    Array.from({ length: scan.segments }, async (_, segment) => {
      let startKey: DynamoItem | undefined;
      do {
        const page = await client.send(
          new ScanCommand({
            TableName: scan.tableName,
            Segment: segment,
            TotalSegments: scan.segments,
            FilterExpression: `begins_with(#pk, :prefix)${beyond ? ' AND #steps > :steps' : ''}`,
            ExpressionAttributeNames: { '#pk': PARTITION_KEY, ...(beyond ? { '#steps': 'steps' } : {}) },
            ExpressionAttributeValues: { ':prefix': { S: scan.prefix }, ...(beyond ? { ':steps': { N: String(scan.stepsAbove) } } : {}) },
            ...(scan.select === 'COUNT' ? { Select: 'COUNT' } : { ProjectionExpression: '#pk' }),
            ExclusiveStartKey: startKey,
          }),
        );
        await onPage({ count: page.Count ?? 0, items: page.Items ?? [] });
        startKey = page.LastEvaluatedKey;
      } while (startKey);
    }),
  );
}

/** Exact number of items whose key starts with `prefix`. */
export async function countItems(client: DynamoDBClient, tableName: string, prefix: string, segments = 4): Promise<number> {
  let count = 0;
  await scanPrefix(client, { tableName, prefix, segments, select: 'COUNT' }, (page) => {
    count += page.count;
  });
  return count;
}

/**
 * Deletes items left by an earlier, deeper load of the same table (distance beyond `depth`), so
 * that the table holds exactly what this load wrote. Returns how many were removed.
 */
export async function removeBeyondDepth(
  client: DynamoDBClient,
  tableName: string,
  prefix: string,
  depth: number,
  policy: RetryPolicy,
  stats: WriteStats,
): Promise<number> {
  let removed = 0;
  await scanPrefix(client, { tableName, prefix, segments: 1, stepsAbove: depth, select: 'KEYS' }, async ({ items }) => {
    for (let i = 0; i < items.length; i += BATCH_SIZE) {
      const deletes = items.slice(i, i + BATCH_SIZE).map((item) => ({ DeleteRequest: { Key: { [PARTITION_KEY]: item[PARTITION_KEY] } } }));
      await writeBatchRequests(client, tableName, deletes, policy, stats);
      removed += deletes.length;
    }
  });
  return removed;
}

export interface SpotCheckFailure {
  readonly expected: PositionRecord;
  readonly found: PositionRecord | undefined;
}

/** Reads `indexes` of the generation order back from the table and compares them with the records. */
export async function spotCheck(
  client: DynamoDBClient,
  tableName: string,
  contents: TableContents,
  indexes: readonly number[],
  policy: RetryPolicy,
): Promise<SpotCheckFailure[]> {
  const failures: SpotCheckFailure[] = [];
  for (let i = 0; i < indexes.length; i += 100) {
    const expected = new Map(indexes.slice(i, i + 100).map((index) => {
      const record = contents.recordAt(index);
      return [record.key, record] as const;
    }));
    const found = new Map<string, PositionRecord>();
    let request: KeysAndAttributes | undefined = {
      Keys: [...expected.keys()].map((key) => ({ [PARTITION_KEY]: { S: key } })),
      ConsistentRead: true,
    };
    for (let attempt = 0; request?.Keys?.length; attempt++) {
      if (attempt > 0) await backoff(policy, attempt);
      const output: BatchGetItemCommandOutput = await client.send(new BatchGetItemCommand({ RequestItems: { [tableName]: request } }));
      for (const item of output.Responses?.[tableName] ?? []) {
        const record = readPosition(item);
        found.set(record.key, record);
      }
      request = output.UnprocessedKeys?.[tableName];
    }
    for (const [key, record] of expected) {
      const stored = found.get(key);
      if (!stored || stored.steps !== record.steps || stored.path !== record.path) failures.push({ expected: record, found: stored });
    }
  }
  return failures;
}
