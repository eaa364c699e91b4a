/** The pattern databases built on worker threads: the bytes one thread builds, group by group and page by page. */
import { describe, expect, it } from 'vitest';
import { fifteenSpec } from '../../../puzzles/fifteen/offline/loads';
import { buildPatternDatabasesOnThreads } from '../../../puzzles/fifteen/offline/databases-on-threads';
import { PARTITION_33333, buildPatternDatabases, joinedTables } from '../../../puzzles/fifteen/rules/pattern-set';

describe('the pattern databases on several threads', () => {
  it('are the bytes one thread builds, in one shared buffer the search reads as one array', async () => {
    const one = buildPatternDatabases(PARTITION_33333);
    const two = await buildPatternDatabasesOnThreads(PARTITION_33333, 2);
    expect(two.partition).toEqual(one.partition);
    two.tables.forEach((table, g) => expect(Buffer.from(table).equals(one.tables[g]), `tiles ${PARTITION_33333[g].join(',')}`).toBe(true));
    expect(two.tables[0].buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(joinedTables(two).all.buffer).toBe(two.tables[0].buffer);
  });

  it('make the same table of pages with 1 thread (no worker) and with 2', async () => {
    const [one, two] = [await fifteenSpec(PARTITION_33333).build({ threads: 1 }), await fifteenSpec(PARTITION_33333).build({ threads: 2 })];
    expect(two.pages).toEqual(one.pages);
    expect(two.levels).toEqual(one.levels);
    for (let index = 0; index < one.pages.length; index++) expect(Buffer.from(two.encode(index)).equals(one.encode(index)), one.pages[index].key).toBe(true);
  });

  it('refuse a partition that is not one before starting a worker', async () => {
    await expect(buildPatternDatabasesOnThreads([[1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14, 15]], 2)).rejects.toThrow('a pattern group has at most 6 tiles');
  });
});
