/**
 * A pattern database stored compactly: one byte per placement that can occur (the group's tiles in
 * distinct cells), 16!/10! = 5,765,760 for six tiles, where the search's sparse index (every
 * 16^6 = 16.8 M combination of cells, see pattern-database.ts) is almost three times larger. The
 * compact order is the placements in lexicographic order of (first tile's cell, second's, ...): both
 * directions walk that order once, keeping the sparse index up to date with one addition a step,
 * so expanding a read table costs a fraction of a second, not a rebuild.
 */
import { CELLS } from './board';
import { UNREACHED, entriesFor } from './pattern-database';

/** Placements of `size` tiles in distinct cells: 16!/(16 - size)!. */
export function placementsFor(size: number): number {
  let count = 1;
  for (let k = 0; k < size; k++) count *= CELLS - k;
  return count;
}

/** Calls visit(compact, sparse) for every placement, compact from 0 upwards. */
function forEachPlacement(size: number, visit: (compact: number, sparse: number) => void): void {
  let compact = 0;
  const place = (k: number, used: number, sparse: number, weight: number) => {
    if (k === size) return visit(compact++, sparse);
    for (let cell = 0; cell < CELLS; cell++) if ((used & (1 << cell)) === 0) place(k + 1, used | (1 << cell), sparse + cell * weight, weight * CELLS);
  };
  place(0, 0, 0, 1);
}

/** The compact table of a group's database (`sparse`, indexed as the search reads it). */
export function compactPatternTable(group: readonly number[], sparse: Uint8Array): Uint8Array {
  if (sparse.length !== entriesFor(group)) throw new RangeError(`a database of ${group.length} tiles has ${entriesFor(group)} entries, not ${sparse.length}`);
  const compact = new Uint8Array(placementsFor(group.length));
  forEachPlacement(group.length, (c, s) => {
    compact[c] = sparse[s];
  });
  return compact;
}

/**
 * The search's sparse table from a compact one, written into `sparse` (a set's part of its one
 * buffer, see patternDatabasesOf) or a new array; impossible placements hold UNREACHED, as a build
 * leaves them.
 */
export function expandPatternTable(group: readonly number[], compact: Uint8Array, sparse: Uint8Array = new Uint8Array(entriesFor(group))): Uint8Array {
  if (compact.length !== placementsFor(group.length)) throw new RangeError(`a compact database of ${group.length} tiles has ${placementsFor(group.length)} entries, not ${compact.length}`);
  if (sparse.length !== entriesFor(group)) throw new RangeError(`a database of ${group.length} tiles has ${entriesFor(group)} entries, not ${sparse.length}`);
  sparse.fill(UNREACHED);
  const size = group.length; // 1 to 6: entriesFor refused any other
  // forEachPlacement's walk with its last tile's cells as a loop of its own: a cold function expands
  // 11.5 million entries at its first 15-puzzle question, and a call per entry was most of the time.
  let c = 0;
  const place = (k: number, used: number, at: number, weight: number): void => {
    if (k === size - 1) {
      for (let cell = 0; cell < CELLS; cell++) if ((used & (1 << cell)) === 0) sparse[at + cell * weight] = compact[c++];
      return;
    }
    for (let cell = 0; cell < CELLS; cell++) if ((used & (1 << cell)) === 0) place(k + 1, used | (1 << cell), at + cell * weight, weight * CELLS);
  };
  place(0, 0, 0, 1);
  return sparse;
}
