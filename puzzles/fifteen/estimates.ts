/**
 * The 15-puzzle's pattern databases, two sets:
 * - the table `fifteen`, 6-6-3, stored in DynamoDB like every table: one array a tile group (named
 *   by its tiles, `tiles-1-5-6-9-10-13`), each compact (pattern-ranking.ts: 11.5 MB for 6-6-3 where
 *   the search's sparse index takes 33.6 MB) and expanded when read;
 * - `fifteen-78`, the packed 7-8 set (rules/packed-pattern-set.ts, 144 MB), only ever a file: the
 *   function's package carries it, npm start builds it; it is used in place of 6-6-3 once there.
 * Until either is read, or when neither can be, the search estimates by Manhattan distance and
 * linear conflicts.
 */
import type { EstimateTables } from '../roles/estimate-tables';
import { UNLIMITED } from '../../core/ida-star';
import { GOAL, formatFifteenBoard } from './rules/board';
import { compactPatternTable, expandPatternTable, placementsFor } from './rules/pattern-ranking';
import { placementIndex } from './rules/pattern-database';
import { PARTITION_663, type PatternDatabases, checkPartition, patternDatabasesOf, reflectBoard } from './rules/pattern-set';
import type { FifteenDatabases } from './rules/search';
import { PACKED_TABLE, packedDatabasesOf } from './packed-file';

export { PACKED_TABLE };
import type { FifteenAnswer, FifteenQuery } from './rules/query';
import { fifteenMovesBySearch } from './rules/move-values';
import { manhattanWithConflicts, searchFifteen } from './rules/search';

export const FIFTEEN_TABLE = 'fifteen';
export const MANHATTAN = 'manhattan and linear conflicts';

/** How an answer's estimate is named: the databases' group sizes, or Manhattan. */
export const heuristicOf = (databases: { readonly partition: readonly (readonly number[])[] } | undefined) => (databases ? `pattern databases ${databases.partition.map((group) => group.length).join('-')}` : MANHATTAN);

const groupName = (group: readonly number[]) => `tiles-${group.join('-')}`;

/** The arrays a load writes: one compact database per group, in the partition's order. */
export function databaseArrays(databases: PatternDatabases): { name: string; bytes: Uint8Array }[] {
  return databases.partition.map((group, g) => ({ name: groupName(group), bytes: compactPatternTable(group, databases.tables[g]) }));
}

/** The databases from the arrays read; an error saying what is wrong when they are not a partition's databases. */
export function databasesOf(arrays: ReadonlyMap<string, Uint8Array>): PatternDatabases {
  const partition = [...arrays.keys()].map((name) => {
    if (!/^tiles(-\d+)+$/.test(name)) throw new Error(`the ${FIFTEEN_TABLE} table's array ${name} does not name a tile group`);
    return name.split('-').slice(1).map(Number);
  });
  checkPartition(partition);
  return patternDatabasesOf(partition, (group, table) => expandPatternTable(group, arrays.get(groupName(group))!, table));
}

/** The strongest set among the arrays read: the packed 7-8 when its file was read, else 6-6-3. */
function databasesRead(arrays: ReadonlyMap<string, ReadonlyMap<string, Uint8Array>>): FifteenDatabases {
  const packed = arrays.get(PACKED_TABLE);
  return packed ? packedDatabasesOf(packed) : databasesOf(arrays.get(FIFTEEN_TABLE) ?? new Map());
}

export const fifteenEstimates: EstimateTables<FifteenQuery, FifteenAnswer> = {
  tables: [FIFTEEN_TABLE],
  filesOnly: [PACKED_TABLE],
  describeTable: () => ({
    identity: { puzzle: 'fifteen', goal: formatFifteenBoard(GOAL) },
    // the 6-6-3 databases' entries, compact: what a default load stores
    spacePositions: PARTITION_663.reduce((sum, group) => sum + placementsFor(group.length), 0),
    loadOptions: [`--tables ${FIFTEEN_TABLE}`],
  }),
  withoutTables: MANHATTAN,
  // from the arrays' names alone: the search expands them (on a thread of its own, under npm start)
  nameOf: (arrays) => heuristicOf({ partition: [...(arrays.get(PACKED_TABLE) ?? arrays.get(FIFTEEN_TABLE) ?? new Map()).keys()].filter((name) => /^tiles(-\d+)+$/.test(name)).map((name) => name.split('-').slice(1).map(Number)) }),
  searchWith(arrays) {
    const databases = databasesRead(arrays);
    const heuristic = heuristicOf(databases);
    return {
      search: (query, budget) => ({ ...searchFifteen(query, budget, databases), heuristic }),
      // a search of one move lays the tables out in the pass's memory (0.1 s for the 7-8 set's 144 MB)
      warmUp: () => void searchFifteen({ board: [...GOAL.slice(0, 14), 0, 15], limit: 1, solvable: true }, UNLIMITED, databases),
      valueMoves: (query, answer, budget) => fifteenMovesBySearch(query, answer, budget, databases),
    };
  },
  describeQuery(query, arrays) {
    const databases = databasesOf(arrays.get(FIFTEEN_TABLE) ?? new Map());
    const mirrored = reflectBoard(query.board);
    const valueOf = (board: readonly number[]) => databases.partition.map((group, g) => databases.tables[g][placementIndex(group, board)]);
    const values = valueOf(query.board);
    const reflected = valueOf(mirrored);
    const sum = (list: readonly number[]) => list.reduce((a, b) => a + b, 0);
    return [
      ...databases.partition.map((group, g) => `tiles ${group.join(',')}: ${values[g]} of their own moves at least (${reflected[g]} on the mirrored board)`),
      `sum ${sum(values)}, on the board mirrored about its main diagonal ${sum(reflected)}: the estimate is ${Math.max(sum(values), sum(reflected))} moves (Manhattan with linear conflicts: ${manhattanWithConflicts(query.board)})`,
    ];
  },
};
