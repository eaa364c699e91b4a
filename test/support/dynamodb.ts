/** A fresh table on the suite's local DynamoDB server, and a client for it. */
import { randomUUID } from 'node:crypto';
import { type DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, inject } from 'vitest';
import { createDynamoClient } from '../../store/client';
import { ensureTable } from '../../store/table-admin';
import type { DynamoItem } from '../../store/table-schema';

export function testEndpoint(): string {
  return inject('dynamoEndpoint');
}

/** A client for the suite's server, destroyed after the file's tests. */
export function testClient(): DynamoDBClient {
  const client = createDynamoClient({ endpoint: testEndpoint() });
  afterAll(() => client.destroy());
  return client;
}

export async function freshTable(client: DynamoDBClient, label: string): Promise<string> {
  const name = `${label}-${randomUUID().slice(0, 8)}`;
  await ensureTable(client, name);
  return name;
}

/** Every item of a table (or those whose key starts with `prefix`). */
export async function scanAll(client: DynamoDBClient, tableName: string, prefix = ''): Promise<DynamoItem[]> {
  const items: DynamoItem[] = [];
  let startKey: DynamoItem | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []).filter((item) => item.pk.S!.startsWith(prefix)));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}
