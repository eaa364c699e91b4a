/**
 * One additive pattern database of the 15-puzzle: for a group of tiles, the fewest moves of the
 * group's own tiles that bring them home, the other tiles' moves free (so databases of disjoint
 * groups add up and stay admissible).
 *
 * Index: the group's k-th tile's cell times 16^k, summed (a sparse mixed-radix index, 16^6 =
 * 16.7 MB for six tiles against 16!/10! = 5.8 MB ranked compactly). It is chosen because a move
 * moves one tile, and then the index changes by (to - from) * 16^k: the search keeps it up to date
 * with one addition, where a compact rank would be recomputed. Entries of impossible placements
 * (two tiles in one cell) are never read and stay 255.
 *
 * Build: a 0-1 BFS backwards from the goal over the group's placement and the blank's cell. A move
 * of another tile costs nothing, so the blank's cell matters only up to its region (the cells not
 * holding a group tile that it reaches through each other): each level floods a state's region at
 * once (bit masks of the 16 cells) and marks it seen, then moves each group tile next to the
 * region into it, at cost 1, for the next level. Levels in order make the first level a placement
 * is met at its value, the minimum over the blank's cells.
 */
import { CELLS, GOAL } from './board';

/** The value of a placement never reached (a placement with two tiles in one cell). */
export const UNREACHED = 255;

const COLUMN_0 = 0x1111;
const COLUMN_3 = 0x8888;
/** The cells next to any cell of `mask`. */
const spread = (mask: number) => (((mask << 1) & ~COLUMN_0) | ((mask >> 1) & ~COLUMN_3) | (mask << 4) | (mask >> 4)) & 0xffff;
/** NEIGHBOURS[cell]: the cells next to it, as a mask. */
const NEIGHBOURS = Uint16Array.from({ length: CELLS }, (_, cell) => spread(1 << cell));

/** Entries in a group's database: 16 to the number of its tiles. */
export const entriesFor = (tiles: readonly number[]) => CELLS ** tiles.length;

/** The index of the group's placement on a board (cells row by row, 0 for the blank). */
export function placementIndex(tiles: readonly number[], board: readonly number[]): number {
  let index = 0;
  for (let k = tiles.length - 1; k >= 0; k--) index = index * CELLS + board.indexOf(tiles[k]);
  return index;
}

/** A growable list of 32-bit states: one BFS level. */
class Level {
  items = new Int32Array(1 << 16);
  length = 0;
  push(value: number): void {
    if (this.length === this.items.length) {
      const larger = new Int32Array(this.items.length * 2);
      larger.set(this.items);
      this.items = larger;
    }
    this.items[this.length++] = value;
  }
}

/**
 * The database of a group of tiles (each 1..15, at most 6 so that index * 16 + blank fits in 31
 * bits), written into `values` (a set's part of its one buffer, see patternDatabasesOf) or a new array.
 */
export function buildPatternDatabase(tiles: readonly number[], values: Uint8Array = new Uint8Array(entriesFor(tiles))): Uint8Array {
  const size = tiles.length;
  if (size < 1 || size > 6) throw new Error(`a pattern group has 1 to 6 tiles, not ${size}`);
  if (values.length !== entriesFor(tiles)) throw new RangeError(`a database of ${size} tiles has ${entriesFor(tiles)} entries, not ${values.length}`);
  values.fill(UNREACHED);
  /** seen[index]: the blank's cells already flooded for that placement. */
  const seen = new Uint16Array(values.length);
  const cells = new Int32Array(size);
  let level = new Level();
  level.push(placementIndex(tiles, GOAL) * CELLS + GOAL.indexOf(0));
  for (let cost = 0; level.length > 0; cost++) {
    const next = new Level();
    for (let i = 0; i < level.length; i++) {
      const state = level.items[i];
      const index = state >>> 4;
      const blank = state & 15;
      if ((seen[index] >> blank) & 1) continue; // its region was flooded at this level or before
      let occupied = 0;
      for (let k = 0, rest = index; k < size; k++, rest >>>= 4) {
        cells[k] = rest & 15;
        occupied |= 1 << cells[k];
      }
      let region = 1 << blank;
      for (;;) {
        const grown = (region | spread(region)) & ~occupied;
        if (grown === region) break;
        region = grown;
      }
      seen[index] |= region;
      if (values[index] === UNREACHED) values[index] = cost;
      // Each group tile next to the region moves into it: the blank takes the tile's cell.
      for (let k = 0, weight = 1; k < size; k++, weight *= CELLS) {
        const from = cells[k];
        let into = NEIGHBOURS[from] & region;
        while (into !== 0) {
          const bit = into & -into;
          into ^= bit;
          const to = 31 - Math.clz32(bit);
          const moved = index + (to - from) * weight;
          if (((seen[moved] >> from) & 1) === 0) next.push(moved * CELLS + from);
        }
      }
    }
    level = next;
  }
  return values;
}
