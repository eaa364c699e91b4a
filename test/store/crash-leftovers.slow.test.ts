/**
 * What a killed load leaves behind (store/loader.ts), on the local server. A load killed between
 * the steps of its switch leaves an item that names a generation still kept: a progress item not
 * yet removed, a previous manifest written before the manifest's own switch, or a progress item of
 * another schema version naming the same number. The next load must never remove a kept
 * generation for that, so that a rollback finds every page of it. And an interrupted load of
 * another goal under the table's name is refused, unless forced, like a loaded one.
 */
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { generationPrefix } from '../../store/generations';
import { GoalConflictError } from '../../store/load-errors';
import { loadTable } from '../../store/loader';
import { type Manifest, SCHEMA_VERSION, manifestItem, progressItem } from '../../store/manifests';
import type { DynamoItem } from '../../store/table-schema';
import { manifestKey, previousKey } from '../../store/table-keys';
import { countItems } from '../../store/verify';
import { freshTable, testClient } from '../support/dynamodb';

const client = testClient();
const TABLE = 'knights#standard';
const options = (tableName: string) => ({ tableName, concurrency: 4 });

const put = (tableName: string, item: DynamoItem) => client.send(new PutItemCommand({ TableName: tableName, Item: item }));

/** The progress item a load of `manifest` writes as it goes, at its end. */
const progressOf = (manifest: Manifest) => progressItem({ ...manifest, written: manifest.pages });

describe('an item a killed load left, naming a generation still kept', () => {
  it.each([
    ['its progress, not yet removed after the switch', (current: Manifest) => progressOf(current)],
    ['the previous manifest, written before the switch of the manifest itself', (current: Manifest) => manifestItem(current, previousKey(TABLE))],
    ['a progress item of another schema version with the same generation', (current: Manifest) => ({ ...progressOf(current), schemaVersion: { N: String(SCHEMA_VERSION - 1) } })],
    ['a previous manifest of another schema version with the same generation', (current: Manifest) => ({ ...manifestItem(current, previousKey(TABLE)), schemaVersion: { N: String(SCHEMA_VERSION - 1) } })],
  ])('(%s) does not remove it: the next load keeps it whole, and a rollback answers from it', async (_name, leftover) => {
    const tableName = await freshTable(client, 'leftovers');
    const { manifest: first } = await loadTable(client, knightsSpec('standard', 1), options(tableName));
    await put(tableName, leftover(first));
    const second = await loadTable(client, knightsSpec('standard', 2), options(tableName));
    expect(second.status).toBe('loaded');
    expect(second.manifest.generation).not.toBe(first.generation);
    expect(await countItems(client, tableName, generationPrefix(first.generation, TABLE))).toBe(first.pages);
    const rollback = await loadTable(client, knightsSpec('standard', 1), options(tableName));
    expect(rollback.status).toBe('restored');
    expect(rollback.manifest.generation).toBe(first.generation);
    expect(await countItems(client, tableName, generationPrefix(first.generation, TABLE))).toBe(first.pages);
  });
});

describe('an interrupted load under the table\'s name', () => {
  it.each([
    ['of another goal', { goal: '00000/00000/1111*/11111/11111' }, `${TABLE} already is loading the goal 00000/00000/1111*/11111/11111, not `],
    ['of the same goal made of other parts', { parts: 'other parts' }, `${TABLE} already is loading other parts, not the goal alone; run again with --force to replace it.`],
  ])('%s is refused unless forced, and a forced load removes its pages', async (_name, other, message) => {
    const tableName = await freshTable(client, 'leftovers');
    const spec = knightsSpec('standard', 1);
    const { manifest } = await loadTable(client, spec, options(tableName));
    // an interrupted load of something else, under the next generation, one page of it stored
    const generation = manifest.generation + 1;
    await put(tableName, progressItem({ ...manifest, ...other, generation, written: 1 }));
    await put(tableName, { pk: { S: `${generationPrefix(generation, TABLE)}stray` } });
    const refused = loadTable(client, knightsSpec('standard', 2), options(tableName));
    await expect(refused).rejects.toThrow(GoalConflictError);
    await expect(refused).rejects.toThrow(message);
    const forced = await loadTable(client, knightsSpec('standard', 2), { ...options(tableName), force: true });
    expect(forced.status).toBe('loaded');
    expect(await countItems(client, tableName, generationPrefix(generation, TABLE))).toBe(forced.manifest.generation === generation ? forced.manifest.pages : 0);
  });
});

describe('a previous manifest of this version under a manifest of another', () => {
  // an older release loaded over the table, leaving this version's previous manifest in place
  it('is removed with its pages by the forced load, so that no later load restores pages that are gone', async () => {
    const tableName = await freshTable(client, 'leftovers');
    const { manifest: first } = await loadTable(client, knightsSpec('standard', 1), options(tableName));
    const { manifest: second } = await loadTable(client, knightsSpec('standard', 2), options(tableName));
    await put(tableName, { ...manifestItem(second), schemaVersion: { N: String(SCHEMA_VERSION - 1) } });
    const forced = await loadTable(client, knightsSpec('standard', 3), { ...options(tableName), force: true });
    expect(forced.status).toBe('loaded');
    const previous = await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: previousKey(TABLE) } }, ConsistentRead: true }));
    expect(previous.Item).toBeUndefined();
    for (const gone of [first, second]) expect(await countItems(client, tableName, generationPrefix(gone.generation, TABLE))).toBe(0);
    // the first load again is a load, not a rollback to its removed pages
    const again = await loadTable(client, knightsSpec('standard', 1), options(tableName));
    expect(again.status).toBe('loaded');
    expect(await countItems(client, tableName, generationPrefix(again.manifest.generation, TABLE))).toBe(again.manifest.pages);
    const manifest = await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: manifestKey(TABLE) } }, ConsistentRead: true }));
    expect(manifest.Item?.generation).toEqual({ N: String(again.manifest.generation) });
  });
});
