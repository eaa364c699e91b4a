import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { createDynamoClient } from '../../store/client';
import { startLocalDynamo } from '../../store/local-dynamodb';
import { ensureTable } from '../../store/table-admin';

const dir = mkdtempSync(join(tmpdir(), 'tablebase-dynalite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function roundTrip(childProcess: boolean, write: boolean) {
  const local = await startLocalDynamo({ path: join(dir, 'data'), childProcess });
  const client = createDynamoClient({ endpoint: local.endpoint });
  try {
    const created = await ensureTable(client, 'persist');
    if (write) await client.send(new PutItemCommand({ TableName: 'persist', Item: { pk: { S: 'hello' }, steps: { N: '3' } } }));
    const { Item } = await client.send(new GetItemCommand({ TableName: 'persist', Key: { pk: { S: 'hello' } } }));
    return { created, item: Item };
  } finally {
    client.destroy();
    await local.close();
  }
}

describe('the embedded local DynamoDB', () => {
  it('keeps its data on disk between runs, in a child process or in this one', async () => {
    expect(await roundTrip(true, true)).toEqual({ created: true, item: { pk: { S: 'hello' }, steps: { N: '3' } } });
    expect(await roundTrip(true, false)).toEqual({ created: false, item: { pk: { S: 'hello' }, steps: { N: '3' } } });
    expect(await roundTrip(false, false)).toEqual({ created: false, item: { pk: { S: 'hello' }, steps: { N: '3' } } });
  });

  it('refuses a data folder another running server holds, saying which process and what to do', async () => {
    const folder = join(dir, 'held');
    const first = await startLocalDynamo({ path: folder, childProcess: true });
    await expect(startLocalDynamo({ path: folder })).rejects.toThrow(
      new RegExp(`The data folder ${folder} is in use by another local DynamoDB server \\(process ${process.pid}, .*--data DIR`),
    );
    await first.close();
    // A lock left by a process that is gone is taken over.
    writeFileSync(join(folder, 'tablebase.lock'), '999999999');
    const again = await startLocalDynamo({ path: folder });
    await again.close();
  });

  it('says so when its port is taken', async () => {
    const first = await startLocalDynamo({ port: 0 });
    const port = Number(new URL(first.endpoint).port);
    await expect(startLocalDynamo({ port, childProcess: true })).rejects.toThrow(`The embedded DynamoDB could not start: port ${port} is in use (EADDRINUSE): stop what holds it, or let it pick a free one.`);
    await expect(startLocalDynamo({ port })).rejects.toThrow(/EADDRINUSE/);
    await first.close();
  });
});
