/** Creating the table when it is missing, with the same key schema the CDK stack declares. */
import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { ATTRIBUTE_DEFINITIONS, KEY_SCHEMA } from './table-schema';

/** Returns true when the table had to be created. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      KeySchema: KEY_SCHEMA,
      AttributeDefinitions: ATTRIBUTE_DEFINITIONS,
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  // A local server makes a table at once, AWS in seconds: a few quick looks (150 ms in all) come
  // before the SDK's waiter, whose first wait is a whole second.
  for (const pause of QUICK_LOOKS_MS) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.TableStatus === 'ACTIVE') return true;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  await waitUntilTableExists({ client, maxWaitTime: 300, minDelay: 1, maxDelay: 5 }, { TableName: tableName });
  return true;
}

const QUICK_LOOKS_MS = [10, 20, 40, 80];
