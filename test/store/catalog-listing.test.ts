/**
 * Listing a loaded table in the catalogue (store/catalog-listing.ts), on the local server: a table
 * of a bounded kind is counted on its first listing only and refused past the bound, one of no
 * bound is listed whatever the count; and an update refused for another reason than its condition
 * fails with that refusal, never as a full catalogue.
 */
import { type DynamoDBClient, GetItemCommand, InternalServerError, UpdateItemCommand, type UpdateItemCommandInput } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { CATALOG_KEY, catalogCountAttribute, readCatalog } from '../../store/catalog';
import { CatalogFullError, listInCatalog } from '../../store/catalog-listing';
import { PARTITION_KEY } from '../../store/table-schema';
import { freshTable, testClient } from '../support/dynamodb';

const client = testClient();
const bound = { kind: 'own', max: 2 };
const entry = (goal: string, depth = 3) => ({ goal, whole: false, depth });

async function catalogItem(tableName: string) {
  return (await client.send(new GetItemCommand({ TableName: tableName, Key: { [PARTITION_KEY]: { S: CATALOG_KEY } }, ConsistentRead: true }))).Item;
}

const countOf = async (tableName: string) => Number((await catalogItem(tableName))?.[catalogCountAttribute(bound.kind)]?.N ?? 0);

/** The real client, but the update whose condition starts with `condition` fails with `error`. */
function refusing(condition: string, error: Error): DynamoDBClient {
  return {
    send: (command: unknown, options?: unknown) => {
      const input = (command as { input: UpdateItemCommandInput }).input;
      if (command instanceof UpdateItemCommand && input.ConditionExpression?.startsWith(condition)) return Promise.reject(error);
      return client.send(command as never, options as never);
    },
  } as never;
}

describe('listing a table in the catalogue', () => {
  it('counts a table of a bounded kind on its first listing only, and refuses one past the bound with a sentence', async () => {
    const tableName = await freshTable(client, 'listing');
    await listInCatalog(client, tableName, 'knights#a', entry('A'), bound);
    await listInCatalog(client, tableName, 'knights#a', entry('A', 5), bound);
    expect(await countOf(tableName)).toBe(1);
    await listInCatalog(client, tableName, 'knights#b', entry('B'), bound);
    expect(await countOf(tableName)).toBe(2);
    const third = listInCatalog(client, tableName, 'knights#c', entry('C'), bound);
    await expect(third).rejects.toThrow(CatalogFullError);
    await expect(third).rejects.toThrow('The table already lists 2 own tables, the most it serves; knights#c was loaded but is not listed. Reuse a name with --force to replace one.');
    // a table listed already keeps its place when the catalogue is full, and its entry is replaced
    await listInCatalog(client, tableName, 'knights#b', entry('B', 7), bound);
    const catalog = readCatalog(await catalogItem(tableName));
    expect([...catalog].sort(([a], [b]) => a.localeCompare(b))).toEqual([
      ['knights#a', entry('A', 5)],
      ['knights#b', entry('B', 7)],
    ]);
    expect(await countOf(tableName)).toBe(2);
  });

  it('lists a table of no bound without counting it', async () => {
    const tableName = await freshTable(client, 'listing');
    await listInCatalog(client, tableName, 'knights#a', entry('A'), bound);
    await listInCatalog(client, tableName, 'eight', entry('goals'), undefined);
    expect([...readCatalog(await catalogItem(tableName)).keys()].sort()).toEqual(['eight', 'knights#a']);
    expect(await countOf(tableName)).toBe(1);
  });

  it.each([
    ['of a table listed already', 'attribute_exists'],
    ['that counts a table', 'attribute_not_exists'],
  ])('fails with the refusal itself when the update %s is refused otherwise than by its condition', async (_name, condition) => {
    const tableName = await freshTable(client, 'listing');
    const unavailable = new InternalServerError({ message: 'Internal server error', $metadata: { httpStatusCode: 500 } });
    await expect(listInCatalog(refusing(condition, unavailable), tableName, 'knights#a', entry('A'), bound)).rejects.toBe(unavailable);
    expect(await countOf(tableName)).toBe(0);
  });
});
