/**
 * The read-capacity proxy in front of the suite's dynalite: read units counted as DynamoDB bills
 * them, writes passed uncounted, and reads past the cap refused as DynamoDB refuses them.
 */
import { BatchGetItemCommand, DynamoDBClient, GetItemCommand, PutItemCommand, QueryCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { THROTTLE, startReadCapacityProxy } from '../../rehearsal/read-capacity-proxy';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';

const client = testClient();
const closing: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closing) await close();
});

/** A client through the proxy that does not retry: each call is one request. */
function through(endpoint: string): DynamoDBClient {
  const proxied = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
  closing.push(async () => proxied.destroy());
  return proxied;
}

describe('the read-capacity proxy', () => {
  it('bills each read in read units: per item per 4 KB, half for an eventually consistent read, the minimum for a missing item, a Query on its total', async () => {
    const tableName = await freshTable(client, 'proxy-units');
    const proxy = await startReadCapacityProxy(testEndpoint(), 1000);
    closing.push(() => proxy.close());
    const dynamo = through(await proxy.endpointFor('one'));
    // "pk" (2 bytes) + "v" (1 byte) + the value: 100 bytes in all, and 5,000 bytes (two units' worth).
    const small = { pk: { S: 'small' }, v: { B: new Uint8Array(100 - 2 - 1 - 5) } };
    const large = { pk: { S: 'large' }, v: { B: new Uint8Array(5000 - 2 - 1 - 5) } };
    await dynamo.send(new PutItemCommand({ TableName: tableName, Item: small }));
    await dynamo.send(new PutItemCommand({ TableName: tableName, Item: large }));
    expect(proxy.counts()).toMatchObject({ units: 0, requests: 0, passed: 2 });

    const billed = async (command: GetItemCommand | BatchGetItemCommand | QueryCommand | ScanCommand) => {
      const before = proxy.counts().units;
      await dynamo.send(command as GetItemCommand);
      return proxy.counts().units - before;
    };
    expect(await billed(new GetItemCommand({ TableName: tableName, Key: { pk: { S: 'small' } } }))).toBe(0.5);
    expect(await billed(new GetItemCommand({ TableName: tableName, Key: { pk: { S: 'small' } }, ConsistentRead: true }))).toBe(1);
    expect(await billed(new GetItemCommand({ TableName: tableName, Key: { pk: { S: 'large' } } }))).toBe(1);
    expect(await billed(new GetItemCommand({ TableName: tableName, Key: { pk: { S: 'large' } }, ConsistentRead: true }))).toBe(2);
    expect(await billed(new GetItemCommand({ TableName: tableName, Key: { pk: { S: 'missing' } } }))).toBe(0.5);
    // Each item on its own: 0.5 + 1 + 0.5 for the missing one.
    expect(await billed(new BatchGetItemCommand({ RequestItems: { [tableName]: { Keys: [{ pk: { S: 'small' } }, { pk: { S: 'large' } }, { pk: { S: 'missing' } }] } } }))).toBe(2);
    // A Query on the total size of what it returns: 5,000 bytes, two units strongly consistent.
    expect(await billed(new QueryCommand({ TableName: tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': { S: 'large' } }, ConsistentRead: true }))).toBe(2);
    // A Scan on what it reads, whatever it returns: both items (5,100 bytes), eventually consistent, counted alone.
    expect(await billed(new ScanCommand({ TableName: tableName, Select: 'COUNT' }))).toBe(1);
    expect(proxy.counts()).toMatchObject({ requests: 8, throttled: 0 });
    expect(proxy.countsOf('one').units).toBe(proxy.counts().units);
  });

  it('refuses reads past the cap as DynamoDB refuses them (HTTP 400, ThrottlingException with its reason), and serves them again once the bucket refills', async () => {
    const tableName = await freshTable(client, 'proxy-cap');
    // A cap of 4 units a second: one strongly consistent read of a 16 KB item takes the whole second's worth.
    // The bucket refills on the test's clock: only the test moves it.
    const clock = { time: 0, now: () => clock.time };
    const proxy = await startReadCapacityProxy(testEndpoint(), 4, clock);
    closing.push(() => proxy.close());
    const dynamo = through(await proxy.endpointFor('one'));
    await dynamo.send(new PutItemCommand({ TableName: tableName, Item: { pk: { S: 'big' }, v: { B: new Uint8Array(16_000) } } }));
    const read = () => dynamo.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: 'big' } }, ConsistentRead: true }));
    const refusal = () =>
      read().then(
        () => undefined,
        (error: Error & { $metadata?: { httpStatusCode?: number }; ThrottlingReasons?: unknown }) => error,
      );
    await read();
    const refused = await refusal();
    expect(refused?.name).toBe('ThrottlingException');
    expect(refused?.message).toBe(THROTTLE.message);
    expect(refused?.$metadata?.httpStatusCode).toBe(400);
    expect(proxy.counts()).toMatchObject({ units: 4, requests: 2, throttled: 1, peakUnitsPerSecond: 4 });
    // 4 units a second: the cheapest read's half unit is back after 125 ms, not a millisecond sooner
    clock.time += 124;
    expect((await refusal())?.name).toBe('ThrottlingException');
    clock.time += 1;
    await read();
    expect(proxy.counts()).toMatchObject({ units: 8, requests: 4, throttled: 2 });
  });

  it('serves a BatchGetItem as far as the cap goes and returns the rest of its keys unprocessed', async () => {
    const tableName = await freshTable(client, 'proxy-batch');
    const proxy = await startReadCapacityProxy(testEndpoint(), 5);
    closing.push(() => proxy.close());
    const dynamo = through(await proxy.endpointFor('one'));
    const keys = ['a', 'b', 'c'].map((pk) => ({ pk: { S: pk } }));
    // Three items of two units each, strongly consistent: the bucket's 5 units pay for two.
    for (const key of keys) await dynamo.send(new PutItemCommand({ TableName: tableName, Item: { ...key, v: { B: new Uint8Array(6000) } } }));
    const output = await dynamo.send(new BatchGetItemCommand({ RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true } } }));
    expect(output.Responses?.[tableName]).toHaveLength(2);
    expect(output.UnprocessedKeys?.[tableName]).toMatchObject({ ConsistentRead: true, Keys: [expect.objectContaining({ pk: expect.any(Object) })] });
    expect(proxy.counts()).toMatchObject({ units: 4, requests: 1, throttled: 0 });
  });
});
