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
  type ScanCommandInput,
} from '@aws-sdk/client-dynamodb';
import { BATCH_SIZE, type WriteStats, writeBatchRequests } from './batch-writer';
import type { TableContents } from './positions';
import { type RetryPolicy, backoff } from './retry';
import { type DynamoItem, PARTITION_KEY, type PositionRecord, readPosition } from './table-schema';

/** Scans the items whose key starts with `prefix` (optionally only some), in parallel segments. */
async function scanPrefix(
  client: DynamoDBClient,
  tableName: string,
  prefix: string,
  segments: number,
  extra: { filter?: string; values?: ScanCommandInput['ExpressionAttributeValues']; names?: Record<string, string> } = {},
  onPage: (page: { count: number; items: DynamoItem[] }) => Promise<void> | void,
  select: 'COUNT' | 'KEYS' = 'COUNT',
): Promise<void> {
  await Promise.all(
    Array.from({ length: segments }, async (_, segment) => {
      let startKey: Record<string, DynamoItem[string]> | undefined;
      do {
        const page = await client.send(
          new ScanCommand({
            TableName: tableName,
            Segment: segment,
            TotalSegments: segments,
            FilterExpression: `begins_with(#pk, :prefix)${extra.filter ? ` AND ${extra.filter}` : ''}`,
            ExpressionAttributeNames: { '#pk': PARTITION_KEY, ...extra.names },
            ExpressionAttributeValues: { ':prefix': { S: prefix }, ...extra.values },
            ...(select === 'COUNT' ? { Select: 'COUNT' } : { ProjectionExpression: '#pk' }),
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
  await scanPrefix(client, tableName, prefix, segments, {}, (page) => {
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
  await scanPrefix(
    client,
    tableName,
    prefix,
    1,
    { filter: '#steps > :depth', names: { '#steps': 'steps' }, values: { ':depth': { N: String(depth) } } },
    async ({ items }) => {
      for (let i = 0; i < items.length; i += BATCH_SIZE) {
        const keys = items.slice(i, i + BATCH_SIZE).map((item) => ({ DeleteRequest: { Key: { [PARTITION_KEY]: item[PARTITION_KEY] } } }));
        await writeBatchRequests(client, tableName, keys, policy, stats);
        removed += keys.length;
      }
    },
    'KEYS',
  );
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
