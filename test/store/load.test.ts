import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEightBoard } from '../../puzzles/eight/rules/board';
import { CANONICAL_GOALS } from '../../puzzles/eight/rules/canonical';
import { searchEight } from '../../puzzles/eight/rules/search';
import { decodeEight } from '../../puzzles/eight/rules/space';
import { parseKnightsBoard } from '../../puzzles/knights/rules/board';
import { resolveKnightsGoal } from '../../puzzles/knights/rules/goals';
import { searchKnights } from '../../puzzles/knights/rules/search';
import { decodeKnights, knightsUnrank } from '../../puzzles/knights/rules/space';
import { OutdatedTableError, loadTable, spotChecksFor } from '../../store/loader';
import { decodePage } from '../../store/page-codec';
import { rankAt } from '../../store/page-layout';
import { EIGHT_FORMAT, eightLetters } from '../../puzzles/eight/tables';
import { KNIGHTS_FORMAT } from '../../puzzles/knights/tables';
import { eightSpec } from '../../puzzles/eight/offline/loads';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import {
  FARTHEST_LISTED,
  MAX_PAGE_ITEM_BYTES,
  type Manifest,
  SCHEMA_VERSION,
  generationPrefix,
  itemBytes,
  keyPrefix,
  manifestKey,
  pageBytesOf,
  progressKey,
  readCatalog,
  readManifest,
} from '../../store/table-schema';
import { countItems } from '../../store/verify';
import { freshTable, scanAll, testClient } from '../support/dynamodb';

const client = testClient();
const standard = resolveKnightsGoal('standard');
/** Positions within 8 moves of the standard goal (SPEC level counts 0..8). */
const DEPTH_8_POSITIONS = 1 + 8 + 14 + 38 + 148 + 368 + 1001 + 2440 + 6468;

async function manifestOf(tableName: string, table: string): Promise<Manifest | undefined> {
  const { Item } = await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: manifestKey(table as never) } }, ConsistentRead: true }));
  return Item ? (readManifest(Item) as Manifest) : undefined;
}

describe('loading the knights table (depth 8) as pages', () => {
  let tableName: string;
  beforeAll(async () => {
    tableName = await freshTable(client, 'knights');
  });

  it('writes pages of at most 4 KB holding every position within the depth, each matching an independent search, then a manifest', async () => {
    const result = await loadTable(client, knightsSpec('standard', 8), { tableName, concurrency: 8 });
    const { manifest } = result;
    expect(result).toMatchObject({ status: 'loaded', resumedFrom: 0, removed: 0 });
    expect(manifest).toMatchObject({ table: 'knights#standard', schemaVersion: SCHEMA_VERSION, depth: 8, positions: DEPTH_8_POSITIONS, goal: '11111/01111/00*11/00001/00000' });
    expect(manifest.levels).toEqual([1, 8, 14, 38, 148, 368, 1001, 2440, 6468]);
    expect(manifest.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);

    const items = await scanAll(client, tableName, generationPrefix(manifest.generation, 'knights#standard'));
    expect(items.length).toBe(manifest.pages);
    expect(await scanAll(client, tableName, keyPrefix('knights#standard'))).toEqual([]); // every page is under its generation
    expect(result.written).toBe(manifest.pages);
    let positions = 0;
    let bytes = 0;
    for (const item of items) {
      const key = item.pk.S!;
      expect(key).toMatch(new RegExp(`^g${manifest.generation}/knights#standard#p\\d{6}$`));
      expect(itemBytes(item)).toBeLessThanOrEqual(MAX_PAGE_ITEM_BYTES);
      bytes += itemBytes(item);
      const page = Number(key.slice(-6));
      const decoded = decodePage(pageBytesOf(item), KNIGHTS_FORMAT, manifest.layout, page, manifest.depth);
      for (let i = 0; i < decoded.count; i++) {
        const board = decodeKnights(knightsUnrank(rankAt(manifest.layout, page, decoded.slots[i])));
        const record = decoded.recordAt(i);
        const answer = searchKnights({ board, goal: standard, limit: 8 });
        expect({ steps: record.distance, path: record.line }).toEqual(answer);
        positions++;
      }
    }
    expect(positions).toBe(DEPTH_8_POSITIONS);
    expect(bytes).toBe(manifest.bytes);
    expect(await manifestOf(tableName, 'knights#standard')).toEqual(manifest);
    const progress = await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: progressKey('knights#standard') } } }));
    expect(progress.Item).toBeUndefined();
  });

  it('does nothing the second time, and reloads the same content when forced', async () => {
    const before = await manifestOf(tableName, 'knights#standard');
    const again = await loadTable(client, knightsSpec('standard', 8), { tableName });
    expect(again).toMatchObject({ status: 'already-loaded', written: 0 });
    expect(await manifestOf(tableName, 'knights#standard')).toEqual(before);

    const forced = await loadTable(client, knightsSpec('standard', 8), { tableName, force: true });
    expect(forced).toMatchObject({ status: 'loaded', written: before!.pages });
    expect(forced.manifest.checksum).toBe(before!.checksum);
    expect(forced.manifest.completedAt >= before!.completedAt).toBe(true);
  });

  it('reloads at another depth under a new generation, keeps the one it replaced for a rollback, and removes the one before', async () => {
    const before = (await manifestOf(tableName, 'knights#standard'))!;
    const deeper = await loadTable(client, knightsSpec('standard', 11), { tableName });
    expect(deeper.manifest).toMatchObject({ depth: 11, positions: DEPTH_8_POSITIONS + 14116 + 32825 + 64782 });
    expect(deeper.manifest.generation).not.toBe(before.generation);
    expect(await countItems(client, tableName, generationPrefix(deeper.manifest.generation, 'knights#standard'))).toBe(deeper.manifest.pages);
    expect(await countItems(client, tableName, generationPrefix(before.generation, 'knights#standard'))).toBe(before.pages); // kept

    const shallower = await loadTable(client, knightsSpec('standard', 6), { tableName });
    expect(shallower.manifest).toMatchObject({ depth: 6, positions: 1578 });
    expect(shallower.removed).toBe(before.pages); // the generation before the one it replaced
    expect(await countItems(client, tableName, generationPrefix(before.generation, 'knights#standard'))).toBe(0);
    expect(await countItems(client, tableName, keyPrefix('knights#standard'))).toBe(0);

    // Back to depth 11, as a rollback asks: the kept generation answers again, no page written.
    const back = await loadTable(client, knightsSpec('standard', 11), { tableName });
    expect(back).toMatchObject({ status: 'restored', written: 0, removed: 0, manifest: deeper.manifest });
    expect(await manifestOf(tableName, 'knights#standard')).toEqual(deeper.manifest);
    expect(readCatalog((await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: 'catalog' } } }))).Item).get('knights#standard')).toMatchObject({ depth: 11 });
    // and forward again, as freely
    expect(await loadTable(client, knightsSpec('standard', 6), { tableName })).toMatchObject({ status: 'restored', written: 0, manifest: shallower.manifest });
  });
});

describe('a table written by another schema version', () => {
  it('is refused with a sentence saying what was found and what to do, and replaced when forced', async () => {
    const tableName = await freshTable(client, 'old');
    // What schema 1 wrote: one item per position and a manifest counting them.
    await client.send(new PutItemCommand({ TableName: tableName, Item: { pk: { S: 'knights#standard#10110/01*11/10111/01001/00000' }, steps: { N: '7' }, path: { S: '4,13,16,7,10,1,12' } } }));
    await client.send(
      new PutItemCommand({
        TableName: tableName,
        Item: { pk: { S: manifestKey('knights#standard') }, table: { S: 'knights#standard' }, schemaVersion: { N: '1' }, goal: { S: '11111/01111/00*11/00001/00000' }, depth: { N: '15' }, items: { N: '1671855' }, checksum: { S: 'sha256:x' }, completedAt: { S: '2026-11-29T00:00:00.000Z' } },
      }),
    );
    const refused = loadTable(client, knightsSpec('standard', 4), { tableName });
    await expect(refused).rejects.toThrow(OutdatedTableError);
    await expect(refused).rejects.toThrow(/holds knights#standard as written by schema version 1 \(1,671,855 items\).*Run again with --force/);
    const forced = await loadTable(client, knightsSpec('standard', 4), { tableName, force: true });
    expect(forced.removed).toBe(1); // the old position item
    expect(await countItems(client, tableName, keyPrefix('knights#standard'))).toBe(0);
    expect(await countItems(client, tableName, generationPrefix(forced.manifest.generation, 'knights#standard'))).toBe(forced.manifest.pages);
  });
});

describe('loading eight pages', () => {
  it('stores relabelled positions of all 9 goals whose answers match an independent search', async () => {
    const tableName = await freshTable(client, 'eight');
    const { manifest } = await loadTable(client, eightSpec(9), { tableName, concurrency: 8 });
    const items = await scanAll(client, tableName, generationPrefix(manifest.generation, 'eight'));
    expect(items.length).toBe(manifest.pages);
    const goals = new Set<string>();
    let checked = 0;
    for (const item of items) {
      const [, goal, pageText] = item.pk.S!.split('#');
      goals.add(goal);
      const page = Number(pageText.slice(1));
      const decoded = decodePage(pageBytesOf(item), EIGHT_FORMAT, manifest.layout, page, manifest.depth);
      // every 25th position of each page, against IDA* on the relabelled board
      for (let i = 0; i < decoded.count; i += 25) {
        const from = decodeEight(rankAt(manifest.layout, page, decoded.slots[i]));
        const record = decoded.recordAt(i);
        expect({ steps: record.distance, path: eightLetters(from.indexOf(0), record.line) }).toEqual(searchEight({ from, to: parseEightBoard(goal) }));
        checked++;
      }
    }
    expect(goals).toEqual(new Set(CANONICAL_GOALS.map((board) => board.map((v) => (v === 0 ? 'X' : v)).join(''))));
    expect(checked).toBeGreaterThan(100);
  });
});

describe('the positions a load reads back', () => {
  it('include the farthest ones: the last BFS level of each goal', () => {
    const knights = knightsSpec('standard', 8).build().farthestPositions(100);
    expect(knights).toHaveLength(100);
    expect(new Set(knights.map((position) => position.record.distance))).toEqual(new Set([8]));
    const eight = eightSpec().build().farthestPositions(100);
    // 12345678X's farthest are its two 31-move positions; 1234X5678's are 30 moves away.
    expect(eight.filter((position) => position.key.startsWith('eight#12345678X#')).map((position) => position.record.distance)).toEqual([31, 31]);
    expect(new Set(eight.filter((position) => position.key.startsWith('eight#1234X5678#')).map((position) => position.record.distance))).toEqual(new Set([30]));
  });

  it('are one in a thousand of the table, at least 1,000 and at most 10,000', () => {
    expect(spotChecksFor(500)).toBe(500);
    expect(spotChecksFor(1_671_855)).toBe(1672);
    expect(spotChecksFor(67_603_900)).toBe(10_000);
  });
});

describe("the statistics a load writes with the manifest", () => {
  it("are the BFS's counts (SPEC's at 0..15 for knights) and the farthest positions with their lines, farthest first", () => {
    const knights = knightsSpec('standard', 15).build();
    expect(knights.levels).toEqual([1, 8, 14, 38, 148, 368, 1001, 2440, 6468, 14116, 32825, 64782, 137262, 240404, 455522, 716458]);
    const farthest = knights.farthest(FARTHEST_LISTED);
    expect(farthest).toHaveLength(10);
    for (const far of farthest) {
      expect(far).toMatchObject({ goal: '11111/01111/00*11/00001/00000', steps: 15 });
      expect(searchKnights({ board: parseKnightsBoard(far.board), goal: standard, limit: 15 })).toEqual({ steps: 15, path: far.path });
    }
    const eight = eightSpec().build();
    expect(eight.levels.reduce((a, b) => a + b, 0)).toBe(9 * 181_440);
    const eightFarthest = eight.farthest(FARTHEST_LISTED);
    // 31 moves is the most between any two boards (SPEC: 12345678X has two such positions; other goals have more)
    expect(eightFarthest.map((far) => far.steps)).toEqual(Array(10).fill(31));
    for (const far of eightFarthest) expect(searchEight({ from: parseEightBoard(far.board), to: parseEightBoard(far.goal) })).toEqual({ steps: far.steps, path: far.path });
  });
});
