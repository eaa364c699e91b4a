/**
 * The packed 7-8 set (rules/packed-pattern-set.ts) as the arrays of a file (store/array-file.ts):
 * per group its two-bit entries (`tiles-…`, named by its tiles in their order), then its halves'
 * small databases (`half-tiles-…`). A file of other arrays, or arrays of the wrong sizes, is
 * refused with a sentence saying what is wrong.
 */
import type { NamedArray } from '../../store/array-file';
import { halvesOf } from './rules/packed-pattern-database';
import { type PackedDatabases, checkPackedDatabases } from './rules/packed-pattern-set';

/** The packed 7-8 set's file: what its header names, and what the function's package calls it. */
export const PACKED_TABLE = 'fifteen-78';

const groupName = (group: readonly number[]) => `tiles-${group.join('-')}`;

/** The packed set's file arrays: per group its entries, then its halves' databases. */
export function packedDatabaseArrays(databases: PackedDatabases): NamedArray[] {
  return databases.partition.flatMap((group, g) => [
    { name: groupName(group), bytes: databases.packed[g] },
    ...halvesOf(group).map((half, h) => ({ name: `half-${groupName(half)}`, bytes: databases.halves[g][h] })),
  ]);
}

/** The packed set from a file's arrays; an error saying what is wrong when they are not a partition's packed databases. */
export function packedDatabasesOf(arrays: ReadonlyMap<string, Uint8Array>): PackedDatabases {
  const partition = [...arrays.keys()].filter((name) => /^tiles(-\d+)+$/.test(name)).map((name) => name.split('-').slice(1).map(Number));
  const named = (name: string) => {
    const array = arrays.get(name);
    if (array === undefined) throw new Error(`the ${PACKED_TABLE} databases lack the array ${name}`);
    return array;
  };
  const databases: PackedDatabases = {
    partition,
    packed: partition.map((group) => named(groupName(group))),
    halves: partition.map((group) => halvesOf(group).map((half) => named(`half-${groupName(half)}`))),
  };
  checkPackedDatabases(databases);
  return databases;
}

