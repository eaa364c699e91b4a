/**
 * The knights tables: one per goal (`knights#NAME`, a single section), its positions ranked as
 * hole * C(24,12) + the black knights' colex rank, loaded to a depth of the load's choosing.
 */
import { SUBSET_COUNT } from '../../core/combinations';
import { type KnightsBoard, KNIGHT_JUMPS, formatKnightsBoard } from './rules/board';
import { DEFAULT_LIMIT } from './rules/query';
import { KNIGHTS_POSITIONS, decodeKnights, knightsUnrank } from './rules/space';
import { buildKnightsTable } from './rules/table';
import { MAX_DISTANCE } from '../../store/page-codec';
import type { PagedPuzzle } from '../../store/paged-puzzle';
import { type TableSpec, planPages } from '../../store/table-pages';
import { MAX_GOALS, builtInGoal, goalRoomProblem, tableOfGoal } from './loaded-goals';

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

/** The table of the goal `name`: every position within `depth` moves of `board` (a built-in goal's own by default). */
export function knightsSpec(name: string, depth: number, board: KnightsBoard = builtInGoal(name)!.board): TableSpec {
  const table = tableOfGoal(name);
  const goal = formatKnightsBoard(board);
  return {
    table,
    goal,
    depth,
    spacePositions: KNIGHTS_POSITIONS,
    roomProblem: (catalog) => goalRoomProblem(name, catalog),
    catalogBound: { kind: 'knights', max: MAX_GOALS },
    build: () =>
      planPages(KNIGHTS_FORMAT, [
        {
          name: table,
          bfs: buildKnightsTable({ name, board }, depth).bfs,
          unrank: knightsUnrank,
          describe: (code, line) => ({ board: formatKnightsBoard(decodeKnights(code)), goal, path: [...line] }),
        },
      ]),
  };
}
