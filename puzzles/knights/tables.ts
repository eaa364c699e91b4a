/**
 * The knights tables: one per goal (`knights#NAME`, a single section), its positions ranked as
 * hole * C(24,12) + the black knights' colex rank, loaded to a depth of the load's choosing; how a
 * question finds its record there, and what the record answers.
 */
import { SUBSET_COUNT } from '../../core/combinations';
import { KNIGHT_JUMPS, formatKnightsBoard } from './rules/board';
import { knightsMovesFromMask } from './rules/move-values';
import { BEYOND_LIMIT, DEFAULT_LIMIT, type KnightsAnswer, type KnightsQuery, MAX_LIMIT } from './rules/query';
import { KNIGHTS_POSITIONS, encodeKnights, knightsRank } from './rules/space';
import { MAX_DISTANCE } from '../../packing/page-codec';
import type { PagedPuzzle } from '../../packing/paged-puzzle';
import type { StoredTables } from '../roles/stored-tables';
import { GOAL_NAME_RULE, builtInGoal, goalOfTable, maxLimitOf, namedGoals, tableOfGoal } from './loaded-goals';

export const KNIGHTS_FORMAT: PagedPuzzle = {
  ranks: KNIGHTS_POSITIONS,
  pageDigits: 6,
  holeMoves: KNIGHT_JUMPS,
  holeOfRank: (rank) => Math.floor(rank / SUBSET_COUNT),
};

/** By default a table answers the judge's question: every position within 15 moves. */
export const KNIGHTS_DEFAULT_DEPTH = DEFAULT_LIMIT;
/**
 * The deepest a load may ask for: the most moves a page records. The farthest positions lie 39
 * moves from the standard goal and farther from some other goals (46 from one); a depth past a
 * goal's farthest position loads its whole table.
 */
export const KNIGHTS_MAX_DEPTH = MAX_DISTANCE;

/** How a goal's table is loaded: a built-in goal by default, a goal of one's own by --goal. */
export function loadOptionOf(name: string, board: string): string {
  return builtInGoal(name) !== undefined ? `--tables ${name}` : `--goal ${name}=${board}`;
}

export const knightsTables: StoredTables<KnightsQuery, KnightsAnswer> = {
  format: KNIGHTS_FORMAT,
  // a load stops at this depth, whatever the goal: farther positions are left out of its table
  greatestDistance: KNIGHTS_MAX_DEPTH,

  tables: (catalog) => [...namedGoals(catalog).keys()].map(tableOfGoal),

  describeTable(table, entry) {
    const name = goalOfTable(table)!;
    const builtIn = builtInGoal(name);
    const board = entry?.goal ?? (builtIn ? formatKnightsBoard(builtIn.board) : '?');
    return {
      identity: { puzzle: 'knights', goal: board, goalName: name, maxLimit: maxLimitOf(entry) },
      spacePositions: KNIGHTS_POSITIONS,
      loadOptions: [loadOptionOf(name, board), `--knights-depth ${builtIn ? MAX_LIMIT : KNIGHTS_MAX_DEPTH}`],
    };
  },

  locate(query) {
    const name = query.goal.name;
    if (name === undefined) return undefined; // a goal board of the client's own: no table
    const table = tableOfGoal(name);
    return { table, goal: formatKnightsBoard(query.goal.board), section: table, rank: knightsRank(encodeKnights(query.board)) };
  },

  fromRecord(query, manifest, record) {
    if (record) {
      const moves = knightsMovesFromMask(query, record.distance, record.optimal);
      return record.distance <= query.limit ? { steps: record.distance, path: record.line, moves, source: 'table' } : { ...BEYOND_LIMIT, moves, source: 'table' };
    }
    // The manifest vouches that every position within its depth is stored. Farther than the
    // depth, every move leads past it too; when the depth is the limit itself, a move may lead
    // to a position exactly at the limit, which only the search (or more reads) can tell.
    if (query.limit > manifest.depth) return undefined;
    const moves = query.limit < manifest.depth ? knightsMovesFromMask(query, Number.POSITIVE_INFINITY, 0) : undefined;
    return { ...BEYOND_LIMIT, moves, source: 'table' };
  },

  adviceWhenSearchGaveUp(query, table, manifest) {
    const name = query.goal.name;
    const board = formatKnightsBoard(query.goal.board);
    const depth = Math.max(query.limit, MAX_LIMIT);
    const load = (option: string) =>
      `To answer up to ${query.limit} moves from a table, load it that deep: npm run precompute -- ${option} --knights-depth ${depth} (locally: npm start -- ${option} --knights-depth ${depth}).`;
    if (name === undefined) return `This goal has no table, so it is searched; ask with a lower limit, or load its table under a name of your own (${GOAL_NAME_RULE}). ${load(`--goal NAME=${board}`)}`;
    const option = loadOptionOf(name, board);
    switch (table) {
      case 'none':
        return `No knights table is configured here. ${load(option)}`;
      case 'loaded':
        return `The ${name} knights table is loaded to depth ${manifest!.depth}, so a limit of ${query.limit} needs the search. ${load(option)}`;
      case 'outdated':
        return `The ${name} knights table was loaded by an older version and must be reloaded. ${load(option)}`;
      case 'missing':
        return `The ${name} knights table is not loaded. ${load(option)}`;
      default:
        return 'The tables cannot be read now either; try again later.';
    }
  },
};
