/**
 * The 15-puzzle's load: its pattern databases (6-6-3 by default, about 13 s to build on one thread)
 * as the table `fifteen` of byte arrays, one compact array a tile group, the groups built at once on
 * the threads the load gives the table. A test loads a small partition.
 */
import type { ArrayPages } from '../../../store/array-pages';
import { planArrayPages } from '../../../store/array-pages';
import type { TableSpec } from '../../../store/table-pages';
import type { TableLoads } from '../../roles/table-loads';
import { type MeasuredLoad, estimateBetween } from '../../../store/load-estimate';
import { FIFTEEN_TABLE, databaseArrays } from '../estimates';
import { GOAL, formatFifteenBoard } from '../rules/board';
import { placementsFor } from '../rules/pattern-ranking';
import { PARTITION_663 } from '../rules/pattern-set';
import { buildPatternDatabasesOnThreads } from './databases-on-threads';

/** The 6-6-3 databases' load, measured. */
const LOAD_663: MeasuredLoad = { positions: 11_534_880, pages: 2_863, bytes: 11_683_747, writeUnits: 11_448, buildSeconds: 6.9, peakMb: 251 };

export function fifteenSpec(partition: readonly (readonly number[])[] = PARTITION_663): TableSpec<ArrayPages> {
  return {
    table: FIFTEEN_TABLE,
    goal: formatFifteenBoard(GOAL),
    // which groups: a load of another partition replaces the table only when forced
    parts: `pattern databases ${partition.map((group) => group.join(',')).join(' / ')}`,
    depth: 0,
    spacePositions: partition.reduce((sum, group) => sum + placementsFor(group.length), 0),
    // 6-6-3 measured (one thread, the development machine); another partition scaled to its entries
    estimate: () => ({ ...estimateBetween(FIFTEEN_TABLE, partition.reduce((sum, group) => sum + placementsFor(group.length), 0), [LOAD_663]), kind: 'arrays' }),
    build: async (options) => planArrayPages(FIFTEEN_TABLE, databaseArrays(await buildPatternDatabasesOnThreads(partition, options?.threads ?? 1))),
  };
}

export const fifteenLoads: TableLoads = {
  names: [FIFTEEN_TABLE],
  specs: (names) => (names.includes(FIFTEEN_TABLE) ? [fifteenSpec()] : []),
};
