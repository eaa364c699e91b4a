/**
 * A large additive pattern database of the 15-puzzle (7 or 8 tiles), ranked compactly and packed
 * in two bits an entry.
 *
 * Rank: the group's placements (its k-th tile's cell for each k, all distinct) in lexicographic
 * order, as pattern-ranking.ts orders them: the k-th tile's digit is its cell less the cells of
 * tiles before it that lie below, in radix 16 - k. 16!/8! = 518,918,400 placements for eight
 * tiles, where a sparse index (16^8) would be eight times larger.
 *
 * Value: the group splits into two halves of at most four tiles, each with a small sparse database
 * of its own (16^4 entries, pattern-database.ts). The halves' values add up to a base b that never
 * exceeds the group's value h (the halves are disjoint), and has its parity (every value has the
 * parity of its tiles' Manhattan distance: each move of a group tile changes that by one, and
 * only those count). So (h - b) / 2 is a whole number, small because the halves already see most
 * of what the group sees: 0 to 2 for 93% of the 8-tile group's entries and 98% of the 7-tile's,
 * 3 for most of the rest. That is what is stored, two bits an entry, and a larger value is stored
 * as 3: a lower bound still, so the estimate stays admissible and every answer exact. It is 0.62%
 * of the 8-tile group's entries and 0.05% of the 7-tile's; keeping them exactly (their ranks in a
 * sorted list, searched when a 3 is read) saved 1.1% of the nodes on the 80-move boards and cost
 * 13% more time (BENCHMARKS.md). The search keeps the halves' indices up to date move by move, as
 * the 6-6-3 pass keeps its groups', and ranks the one group a move changes afresh.
 *
 * Build: the 0-1 BFS of pattern-database.ts (a move of another tile costs nothing, so the blank
 * floods its region of free cells at once; a group tile next to the region moves into it at cost 1),
 * run level by level over the whole ranked space rather than from queues: per placement, the
 * blank's cells reached at this level (a 16-bit mask) and those flooded so far. A level scans the
 * placements with new cells, floods them and marks the placements they lead to for the next
 * level. The scan is split into ranges that threads take in turn (packed-databases-on-threads.ts):
 * a placement's own entries are written by the one thread that holds its range, the next level's
 * marks by Atomics.or.
 */
import { CELLS, GOAL } from './board';
import { buildPatternDatabase } from './pattern-database';

/** The halves of a group whose own databases (sparse, 16^4 entries at most) make the base its entries are stored above. */
export const halvesOf = (tiles: readonly number[]): [number[], number[]] => {
  const first = Math.ceil(tiles.length / 2);
  return [tiles.slice(0, first), tiles.slice(first)];
};

/** Placements of `size` tiles in distinct cells: 16!/(16 - size)!. */
export function placementCount(size: number): number {
  let count = 1;
  for (let k = 0; k < size; k++) count *= CELLS - k;
  return count;
}

/** The largest stored value: (h - b) / 2 of 3 or more is stored as 3. */
export const CLAMP = 3;

/** POPCOUNT[mask]: the cells in a 16-bit mask. */
export const POPCOUNT = Uint8Array.from({ length: 1 << 16 }, (_, mask) => {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count++;
  return count;
});

/** freeCells()[used * 16 + d]: the d-th cell (from 0) not in `used`. Made at the first unranking (a build's), not when a function starts. */
let FREE_CELL: Uint8Array | undefined;
function freeCells(): Uint8Array {
  if (FREE_CELL) return FREE_CELL;
  const table = new Uint8Array((1 << 16) * CELLS);
  for (let used = 0; used < 1 << 16; used++) {
    let d = 0;
    for (let cell = 0; cell < CELLS; cell++) if ((used & (1 << cell)) === 0) table[used * CELLS + d++] = cell;
  }
  return (FREE_CELL = table);
}

/** The rank of a placement (cells[k]: the group's k-th tile's cell). */
export function rankPlacement(cells: ArrayLike<number>, size: number): number {
  let used = 0;
  let rank = 0;
  for (let k = 0; k < size; k++) {
    const cell = cells[k];
    rank = rank * (CELLS - k) + cell - POPCOUNT[used & ((1 << cell) - 1)];
    used |= 1 << cell;
  }
  return rank;
}

/** The placement of a rank, into `cells`; returns the mask of the cells it holds. */
export function unrankPlacement(rank: number, size: number, cells: Int32Array | number[]): number {
  for (let k = size - 1; k >= 0; k--) {
    const radix = CELLS - k;
    const digit = rank % radix;
    cells[k] = digit; // the digit, for now
    rank = (rank - digit) / radix;
  }
  const free = freeCells();
  let used = 0;
  for (let k = 0; k < size; k++) {
    const cell = free[used * CELLS + cells[k]];
    cells[k] = cell;
    used |= 1 << cell;
  }
  return used;
}

/** The rank of the group's placement on a board. */
export const rankOnBoard = (tiles: readonly number[], board: readonly number[]) =>
  rankPlacement(
    tiles.map((tile) => board.indexOf(tile)),
    tiles.length,
  );

const COLUMN_0 = 0x1111;
const COLUMN_3 = 0x8888;
const spread = (mask: number) => (((mask << 1) & ~COLUMN_0) | ((mask >> 1) & ~COLUMN_3) | (mask << 4) | (mask >> 4)) & 0xffff;
const NEIGHBOURS = Uint16Array.from({ length: CELLS }, (_, cell) => spread(1 << cell));

/** The state of a build, every array in memory the threads share (or plain memory on one thread). */
export interface PackedBuild {
  readonly tiles: readonly number[];
  /** The base each entry is stored above (see baseOf). */
  readonly halves: readonly Uint8Array[];
  /** seen[rank]: the blank's cells flooded so far. */
  readonly seen: Uint16Array;
  /** frontiers[level & 1][rank]: the blank's cells first reached at that level, not flooded yet. */
  readonly frontiers: readonly [Uint16Array, Uint16Array];
  /** The database, two bits an entry (entry i in byte i >> 2, bits 2 * (i & 3)). */
  readonly packed: Uint8Array;
}

/** The arrays of a new build of `tiles` (1 to 8 of them), made by `memory` (shared memory for threads). */
export function newPackedBuild(tiles: readonly number[], memory: (bytes: number) => ArrayBufferLike = (bytes) => new ArrayBuffer(bytes)): PackedBuild {
  if (tiles.length < 1 || tiles.length > 8) throw new Error(`a packed pattern group has 1 to 8 tiles, not ${tiles.length}`);
  const count = placementCount(tiles.length);
  const build: PackedBuild = {
    tiles,
    halves: halvesOf(tiles).map((half) => (half.length === 0 ? new Uint8Array(1) : buildPatternDatabase(half))),
    seen: new Uint16Array(memory(count * 2)),
    frontiers: [new Uint16Array(memory(count * 2)), new Uint16Array(memory(count * 2))],
    packed: new Uint8Array(memory(packedBytes(tiles.length))),
  };
  const goalCells = tiles.map((tile) => GOAL.indexOf(tile));
  build.frontiers[0][rankPlacement(goalCells, tiles.length)] = 1 << GOAL.indexOf(0);
  return build;
}

/** The bytes of a packed database of `size` tiles. */
export const packedBytes = (size: number) => Math.ceil(placementCount(size) / 4);

/** What a level's range gave: placements valued at this level, their clamped values by count, and whether the next level has any cell. */
export interface LevelCounts {
  valued: number;
  /** byValue[v]: placements valued with (h - b) / 2 = v (before it is clamped). */
  readonly byValue: number[];
  /** Of those stored as 3, how many were more. */
  clamped: number;
  marked: boolean;
}

/**
 * Expands the placements of ranks [start, end) reached at `level` (end a multiple of 4 or the
 * count: a byte of packed entries belongs to one range): floods each new cell's region, values a
 * placement the first time, and marks what its group tiles' moves reach for level + 1. Returns
 * what it did; `counts` is added to.
 */
export function expandLevelRange(build: PackedBuild, level: number, start: number, end: number, counts: LevelCounts): void {
  const { tiles, seen, packed } = build;
  const size = tiles.length;
  const current = build.frontiers[level & 1];
  const next = build.frontiers[(level + 1) & 1];
  const cells = new Int32Array(size);
  const moved = new Int32Array(size);
  const first = halvesOf(tiles)[0].length;
  const [low, high] = build.halves;
  for (let rank = start; rank < end; rank++) {
    const fresh = current[rank];
    if (fresh === 0) continue;
    current[rank] = 0; // this array is the level after next's
    let before = seen[rank];
    let pending = fresh & ~before;
    if (pending === 0) continue;
    const occupied = unrankPlacement(rank, size, cells);
    const free = ~occupied & 0xffff;
    if (before === 0) {
      let lowIndex = 0;
      for (let k = first - 1; k >= 0; k--) lowIndex = lowIndex * CELLS + cells[k];
      let highIndex = 0;
      for (let k = size - 1; k >= first; k--) highIndex = highIndex * CELLS + cells[k];
      let value = (level - low[lowIndex] - high[highIndex]) >> 1;
      counts.byValue[value] = (counts.byValue[value] ?? 0) + 1;
      if (value > CLAMP) {
        counts.clamped++;
        value = CLAMP;
      }
      counts.valued++;
      packed[rank >> 2] |= value << ((rank & 3) << 1);
    }
    while (pending !== 0) {
      let region = pending & -pending;
      for (;;) {
        const grown = (region | spread(region)) & free;
        if (grown === region) break;
        region = grown;
      }
      pending &= ~region;
      before |= region;
      // Each group tile next to the region moves into it: the blank takes the tile's cell.
      for (let k = 0; k < size; k++) {
        const from = cells[k];
        let into = NEIGHBOURS[from] & region;
        if (into === 0) continue;
        for (let j = 0; j < size; j++) moved[j] = cells[j];
        while (into !== 0) {
          const bit = into & -into;
          into ^= bit;
          moved[k] = 31 - Math.clz32(bit);
          const child = rankPlacement(moved, size);
          if ((seen[child] & (1 << from)) === 0) {
            Atomics.or(next, child, 1 << from);
            counts.marked = true;
          }
        }
      }
    }
    seen[rank] = before;
  }
}

/** A build's counts, empty. */
export const noCounts = (): LevelCounts => ({ valued: 0, byValue: [0, 0, 0, 0], clamped: 0, marked: false });

/** Adds a range's or a level's counts to `total`. */
export function addCounts(total: LevelCounts, counts: LevelCounts): void {
  total.valued += counts.valued;
  total.clamped += counts.clamped;
  counts.byValue.forEach((n, v) => (total.byValue[v] = (total.byValue[v] ?? 0) + n));
  total.marked ||= counts.marked;
}

/** Reads entry `rank` of a packed database: (h - b) / 2, clamped at 3. */
export const packedValue = (packed: Uint8Array, rank: number) => (packed[rank >> 2] >> ((rank & 3) << 1)) & 3;

/** The base of the group's placement on a board: the sum of its halves' values. */
export function baseOf(tiles: readonly number[], halves: readonly Uint8Array[], board: readonly number[]): number {
  return halvesOf(tiles).reduce((sum, half, h) => sum + (half.length === 0 ? 0 : halves[h][half.reduceRight((index, tile) => index * CELLS + board.indexOf(tile), 0)]), 0);
}

/** Builds a group's packed database on this thread, level by level; `progress` hears of each level. */
export function buildPackedDatabase(tiles: readonly number[], progress?: (level: number, counts: LevelCounts) => void): { packed: Uint8Array; halves: readonly Uint8Array[]; counts: LevelCounts } {
  const build = newPackedBuild(tiles);
  const total = noCounts();
  const count = placementCount(tiles.length);
  for (let level = 0; ; level++) {
    const counts = noCounts();
    expandLevelRange(build, level, 0, count, counts);
    addCounts(total, { ...counts, marked: false });
    progress?.(level, counts);
    if (!counts.marked) break;
  }
  return { packed: build.packed, halves: build.halves, counts: total };
}
