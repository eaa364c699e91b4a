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
  await waitUntilTableExists({ client, maxWaitTime: 300, minDelay: 1, maxDelay: 5 }, { TableName: tableName });
  return true;
}
