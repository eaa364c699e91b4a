/** The eight load: one table of the whole space around all 9 canonical goals. */
import { BLANK, formatEightBoard } from '../rules/board';
import { CANONICAL_GOALS } from '../rules/canonical';
import { EIGHT_DIAMETER } from '../rules/query';
import { decodeEight } from '../rules/space';
import { buildEightBfsTable } from '../rules/bfs-table';
import { type TableSpec, planPages } from '../../../store/table-pages';
import type { TableLoads } from '../../roles/table-loads';
import { type MeasuredLoad, estimateBetween } from '../../../store/load-estimate';
import { EIGHT_FORMAT, EIGHT_GOALS, EIGHT_SPACE_POSITIONS, EIGHT_TABLE, eightLetters, eightSection } from '../tables';

/** The whole space's load, measured. */
const WHOLE_SPACE_LOAD: MeasuredLoad = { positions: EIGHT_SPACE_POSITIONS, pages: 1_485, bytes: 5_756_113, writeUnits: 5_922, buildSeconds: 0.9, peakMb: 138 };

/** The eight positions of all 9 goals: the whole space, or (for small test loads) those within `depth`. */
export function eightSpec(depth = EIGHT_DIAMETER): TableSpec {
  return {
    table: EIGHT_TABLE,
    goal: EIGHT_GOALS,
    depth,
    spacePositions: EIGHT_SPACE_POSITIONS,
    // the whole space measured (one thread, the development machine): a shallower test load takes less
    estimate: () => estimateBetween(EIGHT_TABLE, EIGHT_SPACE_POSITIONS, [WHOLE_SPACE_LOAD]),
    build: (options) =>
      planPages(
        EIGHT_FORMAT,
        CANONICAL_GOALS.map((goal, goalIndex) => ({
          name: eightSection(goalIndex),
          bfs: buildEightBfsTable(goalIndex, depth),
          unrank: (rank: number) => rank,
          describe: (code: number, line: readonly number[]) => {
            const board = decodeEight(code);
            return { board: formatEightBoard(board), goal: formatEightBoard(goal), path: eightLetters(board.indexOf(BLANK), line) };
          },
        })),
        options,
      ),
  };
}

export const eightLoads: TableLoads = {
  names: [EIGHT_TABLE],
  specs: (names) => (names.length > 0 ? [eightSpec()] : []),
};
