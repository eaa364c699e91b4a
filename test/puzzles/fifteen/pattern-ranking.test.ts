/** The compact form of a pattern database (what the fifteen table stores) gives back the search's sparse one exactly. */
import { describe, expect, it } from 'vitest';
import { databaseArrays, databasesOf } from '../../../puzzles/fifteen/estimates';
import { UNREACHED } from '../../../puzzles/fifteen/rules/pattern-database';
import { compactPatternTable, expandPatternTable, placementsFor } from '../../../puzzles/fifteen/rules/pattern-ranking';
import { PARTITION_33333, buildPatternDatabases } from '../../../puzzles/fifteen/rules/pattern-set';

describe('compact pattern databases', () => {
  it('hold one entry per placement of distinct cells, none of them unreached', () => {
    expect([1, 2, 3, 6].map(placementsFor)).toEqual([16, 240, 3360, 5_765_760]);
    const databases = buildPatternDatabases(PARTITION_33333);
    const compact = compactPatternTable(PARTITION_33333[0], databases.tables[0]);
    expect(compact.length).toBe(3360);
    expect(compact.includes(UNREACHED)).toBe(false);
    expect(Buffer.from(expandPatternTable(PARTITION_33333[0], compact)).equals(databases.tables[0])).toBe(true);
  });

  it('round-trip through the arrays a load writes, named by their groups', () => {
    const databases = buildPatternDatabases(PARTITION_33333);
    const arrays = databaseArrays(databases);
    expect(arrays.map(({ name }) => name)).toEqual(['tiles-1-2-3', 'tiles-4-7-8', 'tiles-5-6-9', 'tiles-10-13-14', 'tiles-11-12-15']);
    const back = databasesOf(new Map(arrays.map(({ name, bytes }) => [name, bytes])));
    expect(back.partition).toEqual(PARTITION_33333);
    back.tables.forEach((table, g) => expect(Buffer.from(table).equals(databases.tables[g])).toBe(true));
    expect(() => databasesOf(new Map(arrays.slice(1).map(({ name, bytes }) => [name, bytes])))).toThrow(/a partition holds each of the tiles 1..15 once/);
    expect(() => databasesOf(new Map(arrays.map(({ name, bytes }, g) => [name, g === 0 ? bytes.subarray(5) : bytes])))).toThrow(/a compact database of 3 tiles has 3360 entries, not 3355/);
  });
});
