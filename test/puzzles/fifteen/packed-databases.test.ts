/**
 * The packed pattern databases (the 7-8 set's form) against independent computations on groups
 * small enough to build in a test: every entry's value, base plus twice the stored value, its
 * values above two bits read as 3 (a lower bound), equals the sparse database pattern-database.ts
 * builds from queues, and a plain
 * Dijkstra over (placement, blank cell) states written here; the compact rank is the order
 * pattern-ranking.ts walks; threads build the bytes one thread builds; and a file of the set reads
 * back as the same set, a damaged or mislabelled one refused.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { samples } from '../../../core/seeded';
import { CELLS, GOAL } from '../../../puzzles/fifteen/rules/board';
import { buildPatternDatabase, placementIndex } from '../../../puzzles/fifteen/rules/pattern-database';
import { compactPatternTable } from '../../../puzzles/fifteen/rules/pattern-ranking';
import {
  CLAMP,
  baseOf,
  buildPackedDatabase,
  packedValue,
  placementCount,
  rankOnBoard,
  rankPlacement,
  unrankPlacement,
} from '../../../puzzles/fifteen/rules/packed-pattern-database';
import { PACKED_PARTITION_555, type PackedDatabases, buildPackedDatabases, checkPackedDatabases, packedEstimate } from '../../../puzzles/fifteen/rules/packed-pattern-set';
import { PACKED_TABLE, packedDatabaseArrays, packedDatabasesOf } from '../../../puzzles/fifteen/packed-file';
import { readPackedDatabases } from '../../../puzzles/fifteen/offline/packed-databases';
import { buildPackedDatabaseOnThreads } from '../../../puzzles/fifteen/offline/packed-databases-on-threads';
import { writeArrayFile } from '../../../store/array-file';
import { fifteenBoardArbitrary } from '../../../puzzles/fifteen/seeded-inputs';

/** A board holding the group's placement (other cells -1). */
function boardOf(tiles: readonly number[], cells: ArrayLike<number>): number[] {
  const board = new Array<number>(CELLS).fill(-1);
  tiles.forEach((tile, k) => (board[cells[k]] = tile));
  return board;
}

/** Every entry's database value as the packed set gives it (base plus twice the stored value), by rank; and the base alone. */
function packedValues(tiles: readonly number[]): { values: Int32Array; bases: Int32Array } {
  const { packed, halves } = buildPackedDatabase(tiles);
  const cells = new Int32Array(tiles.length);
  const bases = Int32Array.from({ length: placementCount(tiles.length) }, (_, rank) => {
    unrankPlacement(rank, tiles.length, cells);
    return baseOf(tiles, halves, boardOf(tiles, cells));
  });
  return { values: bases.map((base, rank) => base + 2 * packedValue(packed, rank)), bases };
}

/**
 * The database by a plain Dijkstra (0-1 costs, a deque) over (placement, blank cell) from the goal,
 * one blank step at a time: a step onto a group tile costs 1, onto another cell 0; an entry is the
 * least over the blank's cells. Written without the flood, the ranks or the levels of the builds.
 */
function plainDatabase(tiles: readonly number[]): Map<string, number> {
  const best = new Map<string, number>();
  const start = [...tiles.map((tile) => GOAL.indexOf(tile)), GOAL.indexOf(0)];
  const deque: { state: number[]; cost: number }[] = [{ state: start, cost: 0 }];
  const seen = new Map<string, number>([[start.join(','), 0]]);
  while (deque.length > 0) {
    const { state, cost } = deque.shift()!;
    if (seen.get(state.join(',')) !== cost) continue;
    const key = state.slice(0, -1).join(',');
    if (!best.has(key) || best.get(key)! > cost) best.set(key, cost);
    const blank = state[state.length - 1];
    for (const step of [-4, -1, 1, 4]) {
      const to = blank + step;
      if (to < 0 || to >= CELLS || (Math.abs(step) === 1 && Math.floor(to / 4) !== Math.floor(blank / 4))) continue;
      const k = state.indexOf(to);
      const next = [...state];
      if (k >= 0 && k < tiles.length) next[k] = blank;
      next[next.length - 1] = to;
      const nextCost = cost + (k >= 0 && k < tiles.length ? 1 : 0);
      const nextKey = next.join(',');
      if ((seen.get(nextKey) ?? Infinity) <= nextCost) continue;
      seen.set(nextKey, nextCost);
      if (nextCost === cost) deque.unshift({ state: next, cost: nextCost });
      else deque.push({ state: next, cost: nextCost });
    }
  }
  return best;
}

describe('packed pattern databases', () => {
  it('rank placements in the order the compact tables walk, and unrank them back', () => {
    for (const size of [1, 3, 8]) {
      fc.assert(
        fc.property(fc.shuffledSubarray([...Array(CELLS).keys()], { minLength: size, maxLength: size }), (cells) => {
          const back = new Int32Array(size);
          const used = unrankPlacement(rankPlacement(cells, size), size, back);
          expect([...back]).toEqual(cells);
          expect(used).toBe(cells.reduce((mask, cell) => mask | (1 << cell), 0));
        }),
        { seed: 5, numRuns: 300 },
      );
    }
    // compactPatternTable writes entry c from the sparse index of the c-th placement in its walk
    const tiles = [3, 9, 14];
    const sparse = Uint8Array.from({ length: CELLS ** 3 }, (_, i) => i % 251);
    const compact = compactPatternTable(tiles, sparse);
    const cells = new Int32Array(3);
    for (let rank = 0; rank < compact.length; rank++) {
      unrankPlacement(rank, 3, cells);
      expect(compact[rank]).toBe(sparse[placementIndex(tiles, boardOf(tiles, cells))]);
    }
  });

  it('hold every entry of a group as the plain Dijkstra finds it', () => {
    for (const tiles of [[2, 3, 4], [15, 1, 8], [6, 11]]) {
      const { values } = packedValues(tiles);
      const plain = plainDatabase(tiles);
      expect(plain.size).toBe(placementCount(tiles.length));
      const cells = new Int32Array(tiles.length);
      for (let rank = 0; rank < values.length; rank++) {
        unrankPlacement(rank, tiles.length, cells);
        expect(values[rank], `tiles ${tiles} at ${[...cells]}`).toBe(plain.get([...cells].join(',')));
      }
    }
  });

  it('hold every entry of a five-tile group as the sparse build does, a value past two bits as 3 above the base', () => {
    const tiles = PACKED_PARTITION_555[1];
    const { values, bases } = packedValues(tiles);
    const sparse = buildPatternDatabase(tiles);
    const cells = new Int32Array(tiles.length);
    let clamped = 0;
    for (let rank = 0; rank < values.length; rank++) {
      unrankPlacement(rank, tiles.length, cells);
      const exact = sparse[placementIndex(tiles, boardOf(tiles, cells))];
      if (exact - bases[rank] > 2 * CLAMP) {
        clamped++;
        if (values[rank] !== bases[rank] + 2 * CLAMP) throw new Error(`tiles ${tiles}: rank ${rank} holds ${values[rank]}, not its base plus 6`);
      } else if (values[rank] !== exact) throw new Error(`tiles ${tiles}: rank ${rank} holds ${values[rank]}, not ${exact}`);
    }
    expect(clamped).toBe(buildPackedDatabase(tiles).counts.clamped);
    expect(clamped).toBeGreaterThan(0);
  });

  it('are built on two threads into the bytes one thread builds', async () => {
    const tiles = [7, 8, 11, 12, 15];
    const one = buildPackedDatabase(tiles);
    const levels: number[] = [];
    const two = await buildPackedDatabaseOnThreads(tiles, 2, (level) => levels.push(level));
    expect(Buffer.from(two.packed).equals(Buffer.from(one.packed))).toBe(true);
    expect(two.counts).toEqual(one.counts);
    expect(levels).toEqual([...levels.keys()]);
    expect(two.counts.valued).toBe(placementCount(5));
  });

  it('make an admissible estimate no weaker than its halves, the same on a board and its mirror', () => {
    const databases = buildPackedDatabases(PACKED_PARTITION_555);
    for (const board of samples(fifteenBoardArbitrary, 100, 4)) {
      const estimate = packedEstimate(databases, board);
      const halves = databases.partition.reduce((sum, group, g) => sum + baseOf(group, databases.halves[g], board), 0);
      expect(estimate).toBeGreaterThanOrEqual(halves);
      const sparse = databases.partition.reduce((sum, group) => sum + buildPatternDatabaseMemo(group)[placementIndex(group, board)], 0);
      expect(estimate).toBeGreaterThanOrEqual(sparse);
    }
    expect(packedEstimate(databases, GOAL)).toBe(0);
    expect(rankOnBoard([1, 2], GOAL)).toBe(rankPlacement([0, 1], 2));
  });
});

const memo = new Map<string, Uint8Array>();
const buildPatternDatabaseMemo = (group: readonly number[]) => {
  const key = group.join(',');
  if (!memo.has(key)) memo.set(key, buildPatternDatabase(group));
  return memo.get(key)!;
};

describe('the file of packed databases', () => {
  const databases = buildPackedDatabases(PACKED_PARTITION_555);
  const folder = mkdtempSync(join(tmpdir(), 'packed-'));

  it('reads back as the set written', () => {
    const file = join(folder, 'set.arrays');
    writeArrayFile(file, PACKED_TABLE, packedDatabaseArrays(databases));
    const read = readPackedDatabases(file);
    expect(read.partition).toEqual(databases.partition);
    read.packed.forEach((packed, g) => expect(Buffer.from(packed).equals(Buffer.from(databases.packed[g]))).toBe(true));
    read.halves.forEach((halves, g) => halves.forEach((half, h) => expect(Buffer.from(half).equals(Buffer.from(databases.halves[g][h]))).toBe(true)));
  });

  it('is refused when a byte changed, when cut short, or when it holds another table', () => {
    const file = join(folder, 'damaged.arrays');
    writeArrayFile(file, PACKED_TABLE, packedDatabaseArrays(databases));
    const bytes = readFileSync(file);
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 70_000] ^= 1;
    writeFileSync(file, flipped);
    expect(() => readPackedDatabases(file)).toThrow(/do not match their checksum/);
    writeFileSync(file, bytes.subarray(0, bytes.length - 1));
    expect(() => readPackedDatabases(file)).toThrow(/cut short/);
    writeArrayFile(file, 'fifteen', packedDatabaseArrays(databases));
    expect(() => readPackedDatabases(file)).toThrow(/holds the table "fifteen"/);
  });

  it('refuses arrays that are not a partition of packed databases', () => {
    const arrays = new Map(packedDatabaseArrays(databases).map(({ name, bytes }) => [name, bytes]));
    const without = new Map(arrays);
    without.delete('half-tiles-9-10-13');
    expect(() => packedDatabasesOf(without)).toThrow(/lack the array half-tiles-9-10-13/);
    const short = new Map(arrays);
    short.set('tiles-1-2-5-3-6', arrays.get('tiles-1-2-5-3-6')!.subarray(1));
    expect(() => packedDatabasesOf(short)).toThrow(/has 131039 bytes, not 131040/);
    const halfShort: PackedDatabases = { ...databases, halves: databases.halves.map((halves, g) => (g === 0 ? [halves[0].subarray(1), halves[1]] : halves)) };
    expect(() => checkPackedDatabases(halfShort)).toThrow(/its half 1,2,5 has no database of 4096 entries/);
    const missingTile = new Map([...arrays].filter(([name]) => !name.includes('9-10-13-14-15')));
    expect(() => packedDatabasesOf(missingTile)).toThrow(/each of the tiles 1..15 once/);
  });
});
