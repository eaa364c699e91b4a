/**
 * Creating the table when it is missing (store/table-admin.ts), on the local server: a missing
 * table is created with the stack's key schema, an existing one left as it is, and a table that
 * cannot be described for another reason than its absence is that error, never a table created
 * over it. The refusal is injected around the real client: the local server grants every call.
 */
import { DeleteTableCommand, DescribeTableCommand, DynamoDBServiceException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { createDynamoClient } from '../../store/client';
import { ensureTable } from '../../store/table-admin';
import { KEY_SCHEMA } from '../../store/table-schema';
import { testEndpoint } from '../support/dynamodb';

const client = createDynamoClient({ endpoint: testEndpoint() });
const uniqueName = (label: string) => `table-admin-${label}-${process.pid}-${Date.now()}`;

describe('ensuring the table', () => {
  it('creates a missing table with the key schema, then leaves it as it is', async () => {
    const tableName = uniqueName('missing');
    try {
      expect(await ensureTable(client, tableName)).toBe(true);
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      expect(Table?.KeySchema).toEqual(KEY_SCHEMA);
      expect(await ensureTable(client, tableName)).toBe(false);
    } finally {
      await client.send(new DeleteTableCommand({ TableName: tableName }));
    }
  });

  it('is an error, and creates nothing, when the table cannot be described for another reason', async () => {
    const refusing = createDynamoClient({ endpoint: testEndpoint() });
    const refusal = new DynamoDBServiceException({ name: 'AccessDeniedException', $fault: 'client', message: 'not authorized to perform dynamodb:DescribeTable', $metadata: { httpStatusCode: 400 } });
    const sent: string[] = [];
    refusing.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push(context.commandName ?? '');
        if (context.commandName === 'DescribeTableCommand') throw refusal;
        return next(args);
      },
      { step: 'initialize', name: 'refuseDescribe' },
    );
    const tableName = uniqueName('refused');
    await expect(ensureTable(refusing, tableName)).rejects.toBe(refusal);
    expect(sent).toEqual(['DescribeTableCommand']);
    refusing.destroy();
  });
});
