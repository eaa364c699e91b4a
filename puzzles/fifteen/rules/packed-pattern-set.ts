/**
 * The 7-8 partition's packed pattern databases (packed-pattern-database.ts) as one set: each
 * group's packed entries and its halves' small databases. The estimate is the sum
 * over the groups, and the same sum on the board mirrored about its main diagonal, the larger of the
 * two (pattern-set.ts says why the mirror needs no tables of its own).
 *
 * The groups are Korf and Felner's 7-8 in this goal's frame: the top two rows, and the bottom two
 * less the blank's cell. Each is written in the order of its halves, 2x2 blocks of the board: the
 * halves that split a group into squares see more of its conflicts than rows do (on the 7-tile
 * group, 0.05% of its entries exceed what two bits hold, against 1.2% for rows).
 */
import { CELLS } from './board';
import { checkPartition, reflectBoard } from './pattern-set';
import { baseOf, buildPackedDatabase, halvesOf, packedBytes, packedValue, rankOnBoard } from './packed-pattern-database';

/** 7-8: the bottom two rows less the blank's cell (7 tiles), and the top two (tiles 1-8), each by its 2x2 halves. */
export const PARTITION_78: readonly (readonly number[])[] = [
  [9, 10, 13, 14, 11, 12, 15],
  [1, 2, 5, 6, 3, 4, 7, 8],
];

export interface PackedDatabases {
  /** The groups, each in the order of its halves (halvesOf). */
  readonly partition: readonly (readonly number[])[];
  /** packed[g]: group g's entries, two bits each. */
  readonly packed: readonly Uint8Array[];
  /** halves[g]: the sparse databases of group g's two halves. */
  readonly halves: readonly (readonly Uint8Array[])[];
}

/** Refuses a set whose arrays do not fit its partition (a file of other arrays, cut or mislabelled). */
export function checkPackedDatabases(databases: PackedDatabases): void {
  checkPartition(databases.partition, 8);
  if (databases.partition.length > 4) throw new Error('a packed partition has at most four groups');
  databases.partition.forEach((group, g) => {
    const what = `the packed database of tiles ${group.join(',')}`;
    if (databases.packed[g]?.length !== packedBytes(group.length)) throw new Error(`${what} has ${databases.packed[g]?.length ?? 0} bytes, not ${packedBytes(group.length)}`);
    halvesOf(group).forEach((half, h) => {
      if (databases.halves[g]?.[h]?.length !== CELLS ** half.length) throw new Error(`${what}: its half ${half.join(',')} has no database of ${CELLS ** half.length} entries`);
    });
  });
}

/** The sum over the groups on the board itself. */
export function packedSum(databases: PackedDatabases, board: readonly number[]): number {
  return databases.partition.reduce(
    (sum, group, g) => sum + baseOf(group, databases.halves[g], board) + 2 * packedValue(databases.packed[g], rankOnBoard(group, board)),
    0,
  );
}

/** The estimate: the larger of the sums on the board and on its mirror. */
export function packedEstimate(databases: PackedDatabases, board: readonly number[]): number {
  return Math.max(packedSum(databases, board), packedSum(databases, reflectBoard(board)));
}

/** A 5-5-5 in packed form: builds in about a second, for the tests and the quick benchmarks. */
export const PACKED_PARTITION_555: readonly (readonly number[])[] = [
  [1, 2, 5, 3, 6],
  [4, 7, 8, 11, 12],
  [9, 10, 13, 14, 15],
];

/** Builds every group's packed database on this thread (the offline build uses every core: packed-databases-on-threads.ts). */
export function buildPackedDatabases(partition: readonly (readonly number[])[]): PackedDatabases {
  checkPartition(partition, 8);
  const built = partition.map((group) => buildPackedDatabase(group));
  const databases = { partition, packed: built.map(({ packed }) => packed), halves: built.map(({ halves }) => halves) };
  checkPackedDatabases(databases);
  return databases;
}
