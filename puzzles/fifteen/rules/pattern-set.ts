/**
 * A disjoint partition of the 15 tiles into groups and their databases: the estimate is the sum
 * over the groups, and the same sum on the board reflected about its main diagonal, the larger of
 * the two. Reflecting a board (cell (r, c) to (c, r), each tile relabelled as the tile whose goal
 * cell is the reflection of its own) keeps its distance and maps the goal to itself.
 *
 * The reflected lookup needs no database of its own: the reflected board's placement of a group
 * is read from the original board's tiles that the reflection relabels into the group, their
 * cells reflected. Any partition works; none has to map onto itself.
 *
 * The set is only byte arrays and the partition they were built for, so that a store can hand the
 * search the same arrays it loaded. The arrays of a set made here lie back to back in one buffer,
 * so that the search reads them as one array (joinedTables).
 */
import { CELLS, GEOMETRY } from './board';
import { buildPatternDatabase, entriesFor, placementIndex } from './pattern-database';
import { passMemoryRegion } from './wasm-memory';

export interface PatternDatabases {
  /** The groups: disjoint, together the tiles 1..15, each at most 6 tiles. */
  readonly partition: readonly (readonly number[])[];
  /** tables[g]: the database of partition[g] (see pattern-database.ts), indexed by the sparse placement index. */
  readonly tables: readonly Uint8Array[];
}

/**
 * A set whose tables are views of one buffer, back to back in the partition's order, each written
 * in place by `fill`: the builder's and the store reader's sets, which the search then reads as
 * one array at no cost (a copy of the 6-6-3 set would be another 33.6 MB). The region is `memory`'s:
 * by default in the memory of the WebAssembly pass, which then reads the tables where they lie
 * (wasm-memory.ts); shared memory, for a set that worker threads write.
 */
export function patternDatabasesOf(
  partition: readonly (readonly number[])[],
  fill: (group: readonly number[], table: Uint8Array) => void,
  memory: (bytes: number) => Uint8Array = passMemoryRegion,
): PatternDatabases {
  const region = memory(partition.reduce((bytes, group) => bytes + entriesFor(group), 0));
  let offset = region.byteOffset;
  const tables = partition.map((group) => {
    const table = new Uint8Array(region.buffer, offset, entriesFor(group));
    offset += table.length;
    fill(group, table);
    return table;
  });
  return { partition, tables };
}

/** A set's tables as one array, and where each group's begins in it. */
export interface JoinedTables {
  readonly all: Uint8Array;
  readonly offsets: readonly number[];
}

const joined = new WeakMap<PatternDatabases, JoinedTables>();

/**
 * The tables as the search reads them, one array for every group (one typed array read a lookup,
 * not an array of them): a view of their buffer when they lie back to back in one, as
 * patternDatabasesOf lays them, else a copy; made once a set.
 */
export function joinedTables(databases: PatternDatabases): JoinedTables {
  let tables = joined.get(databases);
  if (tables === undefined) {
    const [first] = databases.tables;
    const total = databases.tables.reduce((bytes, table) => bytes + table.length, 0);
    const offsets: number[] = [];
    let offset = 0;
    for (const table of databases.tables) {
      offsets.push(offset);
      offset += table.length;
    }
    const inOneBuffer = databases.tables.every((table, g) => table.buffer === first.buffer && table.byteOffset === first.byteOffset + offsets[g]);
    let all: Uint8Array;
    if (inOneBuffer) all = new Uint8Array(first.buffer, first.byteOffset, total);
    else {
      all = new Uint8Array(total);
      databases.tables.forEach((table, g) => all.set(table, offsets[g]));
    }
    tables = { all, offsets };
    joined.set(databases, tables);
  }
  return tables;
}

/** Korf and Felner's 6-6-3, in this goal's frame (blank bottom right). */
export const PARTITION_663: readonly number[][] = [
  [1, 5, 6, 9, 10, 13],
  [7, 8, 11, 12, 14, 15],
  [2, 3, 4],
];
/** A 5-5-5. */
export const PARTITION_555: readonly number[][] = [
  [1, 2, 3, 5, 6],
  [4, 7, 8, 11, 12],
  [9, 10, 13, 14, 15],
];
/** Five groups of three: builds in well under a second, for the tests. */
export const PARTITION_33333: readonly number[][] = [
  [1, 2, 3],
  [4, 7, 8],
  [5, 6, 9],
  [10, 13, 14],
  [11, 12, 15],
];

/** The cell a cell is reflected to about the main diagonal. */
export const reflectCell = (cell: number) => GEOMETRY.reflectedCell[cell];
/** The tile a tile is relabelled to on the reflected board (its goal cell reflected; the blank stays 0). */
export const reflectTile = (tile: number) => (tile === 0 ? 0 : reflectCell(tile - 1) + 1);

/** The board reflected about its main diagonal, tiles relabelled: the same distance from the goal. */
export function reflectBoard(board: readonly number[]): number[] {
  const reflected = new Array<number>(CELLS);
  for (let cell = 0; cell < CELLS; cell++) reflected[reflectCell(cell)] = reflectTile(board[cell]);
  return reflected;
}

/** Refuses a partition that is not the tiles 1..15 in disjoint groups of at most `largest` tiles (6 for sparse tables, 8 packed). */
export function checkPartition(partition: readonly (readonly number[])[], largest = 6): void {
  const tiles = partition.flat().sort((a, b) => a - b);
  if (tiles.length !== 15 || tiles.some((tile, i) => tile !== i + 1)) throw new Error(`a partition holds each of the tiles 1..15 once; got ${JSON.stringify(partition)}`);
  if (partition.some((group) => group.length > largest)) throw new Error(`a pattern group has at most ${largest} tiles`);
}

/** Builds every group's database; `progress` hears of each as it ends (its milliseconds). */
export function buildPatternDatabases(partition: readonly (readonly number[])[], progress?: (group: readonly number[], milliseconds: number) => void): PatternDatabases {
  checkPartition(partition);
  return patternDatabasesOf(partition, (group, table) => {
    const started = performance.now();
    buildPatternDatabase(group, table);
    progress?.(group, performance.now() - started);
  });
}

/** The sum over the groups on the board itself. */
export function patternSum(databases: PatternDatabases, board: readonly number[]): number {
  return databases.partition.reduce((sum, group, g) => sum + databases.tables[g][placementIndex(group, board)], 0);
}

/** The estimate: the larger of the sums on the board and on its reflection. */
export function patternEstimate(databases: PatternDatabases, board: readonly number[]): number {
  return Math.max(patternSum(databases, board), patternSum(databases, reflectBoard(board)));
}
