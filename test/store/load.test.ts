import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEightBoard } from '../../puzzles/eight/rules/board';
import { CANONICAL_GOALS } from '../../puzzles/eight/rules/canonical';
import { searchEight } from '../../puzzles/eight/rules/search';
import { decodeEight } from '../../puzzles/eight/rules/space';
import { parseKnightsBoard } from '../../puzzles/knights/rules/board';
import { resolveKnightsGoal } from '../../puzzles/knights/rules/goals';
import { searchKnights } from '../../puzzles/knights/rules/search';
import { searchBudget } from '../support/search-budget';
import { decodeKnights, encodeKnights, knightsUnrank } from '../../puzzles/knights/rules/space';
import { spotChecksFor } from '../../store/generation-checks';
import { OutdatedTableError, VerificationError } from '../../store/load-errors';
import { loadTable } from '../../store/loader';
import { decodePage } from '../../packing/page-codec';
import { goldenMultiplier, pageSlotOf, rankAt, scramble, slotsIn, unscramble } from '../../packing/page-layout';
import { PageStore } from '../../store/page-store';
import { DEFAULT_RETRY } from '../../store/retry';
import { type ArrayPages, planArrayPages } from '../../store/array-pages';
import type { TablePages, TableSpec } from '../../store/table-pages';
import { systemClock } from '../../core/clock';
import { seededRandom } from '../../core/seeded';
import { formatKnightsBoard } from '../../puzzles/knights/rules/board';
import { knightsRank } from '../../puzzles/knights/rules/space';
import { EIGHT_FORMAT, eightLetters, eightTables } from '../../puzzles/eight/tables';
import { KNIGHTS_FORMAT } from '../../puzzles/knights/tables';
import { eightSpec } from '../../puzzles/eight/offline/loads';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { keyPrefix, manifestKey, previousKey, progressKey } from '../../store/table-keys';
import { generationKey, generationPrefix } from '../../store/generations';
import { readCatalog } from '../../store/catalog';
import { MAX_PAGE_ITEM_BYTES, itemBytes, pageBytesOf } from '../../store/page-items';
import { FARTHEST_LISTED, type Manifest, SCHEMA_VERSION, manifestItem, progressItem, readManifest } from '../../store/manifests';
import { countItems } from '../../store/verify';
import { createDynamoClient } from '../../store/client';
import { freshTable, scanAll, testClient, testEndpoint } from '../support/dynamodb';
import { encodeAsLoaded } from '../support/pages';
import { builtOnce } from '../support/small-tables';

const client = testClient();
const standard = resolveKnightsGoal('standard');
/** Positions within 8 moves of the standard goal (SPEC level counts 0..8). */
const DEPTH_8_POSITIONS = 1 + 8 + 14 + 38 + 148 + 368 + 1001 + 2440 + 6468;
/** Tables loaded more than once here, built once. */
const standard8 = builtOnce(knightsSpec('standard', 8));
const standard6 = builtOnce(knightsSpec('standard', 6));
const wholeEight = builtOnce(eightSpec());

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
    const result = await loadTable(client, standard8, { tableName, concurrency: 8 });
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
        const answer = searchKnights({ board, goal: standard, limit: 8 }, searchBudget(10));
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
    const again = await loadTable(client, standard8, { tableName });
    expect(again).toMatchObject({ status: 'already-loaded', written: 0 });
    expect(await manifestOf(tableName, 'knights#standard')).toEqual(before);

    const forced = await loadTable(client, standard8, { tableName, force: true });
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

    const shallower = await loadTable(client, standard6, { tableName });
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
    expect(await loadTable(client, standard6, { tableName })).toMatchObject({ status: 'restored', written: 0, manifest: shallower.manifest });
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

  it('of generations (4) before pages carried a checksum: read as outdated, refused by a load, and all of it removed by a forced one', async () => {
    const tableName = await freshTable(client, 'schema4');
    const table = 'knights#standard';
    const built = await knightsSpec('standard', 4).build();
    // What schema 4 wrote: pages of a generation as { pk, page }, its manifest and the previous
    // one's (the same fields as this version's), and an interrupted load's progress and pages.
    const pagesOf = async (generation: number, count = built.pages.length) => {
      for (let index = 0; index < count; index++) {
        await client.send(new PutItemCommand({ TableName: tableName, Item: { pk: { S: generationKey(generation, built.pages[index].key) }, page: { B: built.encode(index) } } }));
      }
    };
    const manifest = (generation: number): Manifest => ({
      table, schemaVersion: 4, goal: formatKnightsBoard(standard.board), depth: 4, layout: built.layout, pages: built.pages.length, generation, positions: built.positions,
      levels: built.levels, bytes: 0, writeUnits: 0, checksum: 'sha256:x', completedAt: '2026-11-29T00:00:00.000Z', farthest: [],
    });
    await pagesOf(1);
    await pagesOf(2);
    await pagesOf(3, 1);
    await client.send(new PutItemCommand({ TableName: tableName, Item: manifestItem(manifest(1), previousKey(table)) }));
    await client.send(new PutItemCommand({ TableName: tableName, Item: manifestItem(manifest(2)) }));
    await client.send(new PutItemCommand({ TableName: tableName, Item: progressItem({ ...manifest(3), written: 1 }) }));

    const store = new PageStore(createDynamoClient({ endpoint: testEndpoint() }), tableName, { timeoutMs: 2000, manifestTtlMs: 0, cacheBytes: 1 << 20, retry: DEFAULT_RETRY, clock: systemClock });
    expect(await store.table(table)).toEqual({ state: 'outdated', found: { table, schemaVersion: 4, completedAt: '2026-11-29T00:00:00.000Z', items: undefined } });
    await expect(loadTable(client, knightsSpec('standard', 4), { tableName })).rejects.toThrow(new RegExp(`holds knights#standard as written by schema version 4 on 2026-11-29T00:00:00\\.000Z; this version stores pages \\(schema ${SCHEMA_VERSION}\\) and cannot read it\\. Run again with --force`));

    const forced = await loadTable(client, knightsSpec('standard', 4), { tableName, force: true });
    expect([1, 2, 3]).not.toContain(forced.manifest.generation);
    expect(forced.removed).toBe(2 * built.pages.length + 1);
    const left = (await scanAll(client, tableName)).map((item) => item.pk.S!).sort();
    expect(left).toEqual([...built.pages.map(({ key }) => generationKey(forced.manifest.generation, key)), 'catalog', manifestKey(table)].sort());
    expect(await store.lookup(KNIGHTS_FORMAT, forced.manifest, table, knightsRank(encodeKnights(standard.board)))).toMatchObject({ distance: 0 });
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
        expect({ steps: record.distance, path: eightLetters(from.indexOf(0), record.line) }).toEqual(searchEight({ from, to: parseEightBoard(goal) }, searchBudget(30)));
        checked++;
      }
    }
    expect(goals).toEqual(new Set(CANONICAL_GOALS.map((board) => board.map((v) => (v === 0 ? 'X' : v)).join(''))));
    expect(checked).toBeGreaterThan(100);
  });
});

describe('the positions a load reads back', () => {
  it('include the farthest ones: the last BFS level of each goal', async () => {
    const knights = (await standard8.build()).farthestPositions(100);
    expect(knights).toHaveLength(100);
    expect(new Set(knights.map((position) => position.record.distance))).toEqual(new Set([8]));
    const eight = (await wholeEight.build()).farthestPositions(100);
    // 12345678X's farthest are its two 31-move positions; 1234X5678's are 30 moves away.
    expect(eight.filter((position) => position.key.startsWith('eight#12345678X#')).map((position) => position.record.distance)).toEqual([31, 31]);
    expect(new Set(eight.filter((position) => position.key.startsWith('eight#1234X5678#')).map((position) => position.record.distance))).toEqual(new Set([30]));
    // the farthest of all 9 goals' boards: the greatest distance the eight tables declare
    expect((await wholeEight.build()).levels.length - 1).toBe(eightTables.greatestDistance);
  });

  it('are one in a thousand of the table, at least 1,000 and at most 10,000', () => {
    expect(spotChecksFor(500)).toBe(500);
    expect(spotChecksFor(1_671_855)).toBe(1672);
    expect(spotChecksFor(67_603_900)).toBe(10_000);
  });
});

describe("the statistics a load writes with the manifest", () => {
  it("are the BFS's counts (SPEC's at 0..12 for knights) and the farthest positions with their lines, farthest first", async () => {
    const knights = await knightsSpec('standard', 12).build();
    expect(knights.levels).toEqual([1, 8, 14, 38, 148, 368, 1001, 2440, 6468, 14116, 32825, 64782, 137262]);
    const farthest = knights.farthest(FARTHEST_LISTED);
    expect(farthest).toHaveLength(10);
    for (const far of farthest) {
      expect(far).toMatchObject({ goal: '11111/01111/00*11/00001/00000', steps: 12 });
      expect(searchKnights({ board: parseKnightsBoard(far.board), goal: standard, limit: 15 }, searchBudget(60))).toEqual({ steps: 12, path: far.path });
    }
    const eight = await wholeEight.build();
    expect(eight.levels.reduce((a, b) => a + b, 0)).toBe(9 * 181_440);
    const eightFarthest = eight.farthest(FARTHEST_LISTED);
    // 31 moves is the most between any two boards (SPEC: 12345678X has two such positions; other goals have more)
    expect(eightFarthest.map((far) => far.steps)).toEqual(Array(10).fill(31));
    for (const far of eightFarthest) expect(searchEight({ from: parseEightBoard(far.board), to: parseEightBoard(far.goal) }, searchBudget(9_200))).toEqual({ steps: far.steps, path: far.path });
  });
});

/**
 * The position at the layout's last scrambled value: the last slot of the last page of any knights
 * table holding it, whatever the table's page size (the multiplier depends on the space alone).
 */
const LAST_SLOT_BOARD = decodeKnights(knightsUnrank(unscramble({ ranks: KNIGHTS_FORMAT.ranks, ranksPerPage: KNIGHTS_FORMAT.ranks, multiplier: goldenMultiplier(KNIGHTS_FORMAT.ranks) }, KNIGHTS_FORMAT.ranks - 1)));

/** A reader of `tableName`, as the function's. */
function readerOf(tableName: string) {
  const own = createDynamoClient({ endpoint: testEndpoint() });
  return { store: new PageStore(own, tableName, { timeoutMs: 5000, manifestTtlMs: 0, cacheBytes: 1 << 20, retry: DEFAULT_RETRY, clock: systemClock }), close: () => own.destroy() };
}

/** The table's pages, with `change` applied to the records decoded from some of them, encoded again the loader's way. */
function withRecords(spec: TableSpec, change: (page: number, slots: number[]) => number[] | undefined): TableSpec {
  return {
    ...spec,
    build: async (): Promise<TablePages> => {
      const real = await spec.build();
      return {
        ...real,
        encode: (index) => {
          const { page } = real.pages[index];
          const decoded = decodePage(real.encode(index), real.format, real.layout, page, spec.depth);
          const kept = change(page, [...decoded.slots]);
          if (!kept) return real.encode(index);
          const entries = kept.map((slot) => ({ slot, hole: real.format.holeOfRank(rankAt(real.layout, page, slot)), record: decoded.find(slot)! }));
          return encodeAsLoaded(real.format, slotsIn(real.layout, page), entries).bytes;
        },
      };
    },
  };
}

describe('the edges of pages', () => {
  const edge = builtOnce(knightsSpec('edge', 3, LAST_SLOT_BOARD));

  it('the last slot of the last page holds its position: a goal there, loaded to depth 3, answers itself as 0 moves away', async () => {
    const tableName = await freshTable(client, 'last-slot');
    const { manifest } = await loadTable(client, edge, { tableName, concurrency: 8 });
    const rank = knightsRank(encodeKnights(LAST_SLOT_BOARD));
    expect(scramble(manifest.layout, rank)).toBe(KNIGHTS_FORMAT.ranks - 1);
    expect(pageSlotOf(manifest.layout, rank).page).toBe(manifest.pages - 1);
    const { store, close } = readerOf(tableName);
    expect(await store.lookup(KNIGHTS_FORMAT, manifest, 'knights#edge', rank)).toEqual({ distance: 0, optimal: 0, line: [] });
    close();
  });

  it('a page that lost its last position fails the load with a sentence naming it, and no manifest is written', async () => {
    const tableName = await freshTable(client, 'lost-last');
    const lost = withRecords(edge, (_, slots) => slots.slice(0, -1));
    const load = loadTable(client, lost, { tableName, concurrency: 8 });
    await expect(load).rejects.toThrow(VerificationError);
    await expect(load).rejects.toThrow(
      /^1 of 1 pages of knights#edge differ from the computed tables \(first: knights#edge#p000000 should hold 38 positions \(slots \d+ to 67603899\) but holds 37 \(slots \d+ to \d+\)\); no manifest was written\.$/,
    );
    expect(await manifestOf(tableName, 'knights#edge')).toBeUndefined();
  });

  it('so does a page that lost its first position, or one in its middle, in a table of many pages', async () => {
    const spec = standard6;
    const first = loadTable(client, withRecords(spec, (page, slots) => (page === 1 ? slots.slice(1) : undefined)), { tableName: await freshTable(client, 'lost-first'), concurrency: 8 });
    await expect(first).rejects.toThrow(/^1 of \d+ pages of knights#standard differ from the computed tables \(first: knights#standard#p000001 should hold (\d+) positions \(slots (\d+) to (\d+)\) but holds \d+ \(slots (?!\2 )\d+ to \3\)\); no manifest was written\.$/);
    const middle = loadTable(client, withRecords(spec, (page, slots) => (page === 0 ? slots.filter((_, i) => i !== slots.length >> 1) : undefined)), { tableName: await freshTable(client, 'lost-middle'), concurrency: 8 });
    await expect(middle).rejects.toThrow(/first: knights#standard#p000000 should hold (\d+) positions \(slots (\d+) to (\d+)\) but holds (?!\1 )\d+ \(slots \2 to \3\)/);
  });
});

describe("the manifest's checksum, the key of the function's page cache", () => {
  it('is the same for the same bytes, and changes when any page\'s bytes change, keys unchanged', async () => {
    const tableName = await freshTable(client, 'checksum');
    const random = seededRandom(11);
    const base = Uint8Array.from({ length: 10_000 }, () => Math.floor(random() * 40));
    const spec = (bytes: Uint8Array): TableSpec<ArrayPages> => ({ table: 'sums', goal: 'bytes', depth: 0, spacePositions: bytes.length, build: async () => planArrayPages('sums', [{ name: 'one', bytes }]) });
    const pages = await spec(base).build();
    expect(pages.pages.length).toBe(3);
    const loaded = async (bytes: Uint8Array) => (await loadTable(client, spec(bytes), { tableName, force: true })).manifest;
    const checksum = (await loaded(base)).checksum;
    expect((await loaded(base.slice())).checksum).toBe(checksum);
    const seen = new Set([checksum]);
    for (const { start, end } of pages.pages) {
      const changed = base.slice();
      changed[(start + end) >> 1] ^= 1;
      const manifest = await loaded(changed);
      expect(manifest.pages).toBe(3);
      seen.add(manifest.checksum);
    }
    expect(seen.size).toBe(4);

    // a table of positions: the same keys for two goals (one page each), other bytes
    const [mine, theirs] = [builtOnce(knightsSpec('mine', 3, LAST_SLOT_BOARD)), builtOnce(knightsSpec('mine', 3, standard.board))];
    const one = await loadTable(client, mine, { tableName, force: true });
    const again = await loadTable(client, mine, { tableName, force: true });
    const other = await loadTable(client, theirs, { tableName, force: true });
    expect((await theirs.build()).pages.map(({ key }) => key)).toEqual((await mine.build()).pages.map(({ key }) => key));
    expect(again.manifest.checksum).toBe(one.manifest.checksum);
    expect(other.manifest.checksum).not.toBe(one.manifest.checksum);
    expect(formatKnightsBoard(standard.board)).toBe(other.manifest.goal);
  });
});
