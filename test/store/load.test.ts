import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEightBoard } from '../../core/eight/board';
import { searchEight } from '../../core/eight/search';
import { parseKnightsBoard } from '../../core/knights/board';
import { resolveKnightsGoal } from '../../core/knights/goals';
import { searchKnights } from '../../core/knights/search';
import { loadTable } from '../../store/loader';
import { type TableSpec, eightSpec, knightsSpec } from '../../store/positions';
import {
  EIGHT_TABLE_ID,
  SCHEMA_VERSION,
  keyPrefix,
  knightsPathText,
  manifestKey,
  progressKey,
  readManifest,
  readPosition,
} from '../../store/table-schema';
import { countItems } from '../../store/verify';
import { freshTable, scanAll, testClient } from '../support/dynamodb';

const client = testClient();
const standard = resolveKnightsGoal('standard');
/** Positions within 8 moves of the standard goal (SPEC level counts 0..8). */
const DEPTH_8_ITEMS = 1 + 8 + 14 + 38 + 148 + 368 + 1001 + 2440 + 6468;

async function manifestOf(tableName: string, table: string) {
  const { Item } = await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: manifestKey(table as never) } }, ConsistentRead: true }));
  return Item ? readManifest(Item) : undefined;
}

describe('loading the knights table (depth 8) into DynamoDB', () => {
  let tableName: string;
  beforeAll(async () => {
    tableName = await freshTable(client, 'knights');
  });

  it('writes one item per position, each matching an independent search, then a manifest', async () => {
    const result = await loadTable(client, knightsSpec('standard', 8), { tableName, concurrency: 8 });
    expect(result).toMatchObject({ status: 'loaded', written: DEPTH_8_ITEMS, resumedFrom: 0, removed: 0 });

    const items = await scanAll(client, tableName, keyPrefix('knights#standard'));
    expect(items.length).toBe(DEPTH_8_ITEMS);
    for (const item of items) {
      const record = readPosition(item);
      const board = parseKnightsBoard(record.key.slice(keyPrefix('knights#standard').length));
      const answer = searchKnights({ board, goal: standard, limit: 8 });
      expect(record.steps).toBe(answer.steps);
      expect(record.path).toBe(knightsPathText(answer.path));
    }

    const manifest = await manifestOf(tableName, 'knights#standard');
    expect(manifest).toEqual(result.manifest);
    expect(manifest).toMatchObject({ table: 'knights#standard', schemaVersion: SCHEMA_VERSION, depth: 8, items: DEPTH_8_ITEMS, goal: '11111/01111/00*11/00001/00000' });
    expect(manifest!.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);
    const progress = await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: progressKey('knights#standard') } } }));
    expect(progress.Item).toBeUndefined();
  });

  it('does nothing the second time, and reloads the same content when forced', async () => {
    const before = await manifestOf(tableName, 'knights#standard');
    const again = await loadTable(client, knightsSpec('standard', 8), { tableName });
    expect(again).toMatchObject({ status: 'already-loaded', written: 0 });
    expect(await manifestOf(tableName, 'knights#standard')).toEqual(before);

    const forced = await loadTable(client, knightsSpec('standard', 8), { tableName, force: true });
    expect(forced).toMatchObject({ status: 'loaded', written: DEPTH_8_ITEMS });
    expect(forced.manifest.checksum).toBe(before!.checksum);
    expect(forced.manifest.completedAt >= before!.completedAt).toBe(true);
    expect(await countItems(client, tableName, keyPrefix('knights#standard'))).toBe(DEPTH_8_ITEMS);
  });

  it('removes the extra positions of an earlier, deeper load when loading shallower', async () => {
    const shallower = await loadTable(client, knightsSpec('standard', 6), { tableName });
    expect(shallower.status).toBe('loaded');
    expect(shallower.removed).toBe(2440 + 6468);
    expect(await countItems(client, tableName, keyPrefix('knights#standard'))).toBe(1 + 8 + 14 + 38 + 148 + 368 + 1001);
    expect(await manifestOf(tableName, 'knights#standard')).toMatchObject({ depth: 6, items: 1578 });
  });
});

describe('loading eight items', () => {
  it('stores relabelled positions whose answers match an independent search', async () => {
    const tableName = await freshTable(client, 'eight');
    // A slice of the real eight table, spread over all 9 goals, keeps this test quick.
    const full = eightSpec().build();
    const step = Math.floor(full.items / 3000);
    const slice: TableSpec = {
      ...eightSpec(),
      build: () => ({
        items: 3000,
        recordAt: (i) => full.recordAt(i * step),
        records: function* () {
          for (let i = 0; i < 3000; i++) yield full.recordAt(i * step);
        },
      }),
    };
    const result = await loadTable(client, slice, { tableName, concurrency: 8 });
    expect(result.status).toBe('loaded');
    const items = await scanAll(client, tableName, keyPrefix(EIGHT_TABLE_ID));
    expect(items.length).toBe(3000);
    const goals = new Set<string>();
    for (const item of items) {
      const record = readPosition(item);
      const [, goal, from] = record.key.split('#');
      goals.add(goal);
      expect(searchEight({ from: parseEightBoard(from), to: parseEightBoard(goal) })).toEqual({ steps: record.steps, path: record.path });
    }
    expect(goals.size).toBe(9);
  });
});
