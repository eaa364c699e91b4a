/**
 * The 15-puzzle questions of the rehearsal (npm run rehearse): the SPEC's 58-move board, then
 * uniform random solvable boards (the seeded ones of the benchmarks and tests first), each answer
 * worked out by IDA* over the 6-6-3 databases built in memory here (offline/databases.ts, about
 * 15 s, once a process), not read from the function's package or a table.
 */
import { computedOnce } from '../../../core/benchmark';
import { UNLIMITED } from '../../../core/ida-star';
import { samples } from '../../../core/seeded';
import type { RehearsalQuestion, RehearsalQuestions } from '../../roles/benchmarks';
import { solveDatabases } from '../offline/databases';
import { formatFifteenBoard, parseFifteenBoard } from '../rules/board';
import { FIFTEEN_DIAMETER } from '../rules/query';
import { searchFifteen } from '../rules/search';
import { fifteenBoardArbitrary, fifteenWalkArbitrary } from '../seeded-inputs';
import { FIFTEEN_TABLE } from '../estimates';
import { FARTHEST as FARTHEST_BOARDS, KORF_100 } from './boards';

const FAR = '15,5,13,12,6,4,1,0,7,10,3,9,11,8,2,14';
/** The SPEC's first farthest board: 80 moves. */
const FARTHEST = '0,12,9,13,15,11,10,14,3,7,5,6,4,8,2,1';

function question(board: string): RehearsalQuestion {
  return {
    puzzle: 'fifteen',
    target: `/fifteen?board=${board}`,
    expected: computedOnce(() => searchFifteen({ board: parseFifteenBoard(board), limit: FIFTEEN_DIAMETER, solvable: true }, UNLIMITED, solveDatabases(() => {}))),
  };
}

/** The estimate the search names once it has read the table's 6-6-3 databases. */
const FROM_TABLE = 'pattern databases 6-6-3';

export const fifteenRehearsal: RehearsalQuestions = {
  first: () => question(FAR),
  more: (count, seed) => samples(fifteenBoardArbitrary, count, seed).map((board) => question(formatFifteenBoard(board))),
  answeredFrom: 'search',
  estimatesPackaged: true,
  pastOneRequest: () => [question(FARTHEST)],
  memorySets: () => [
    { set: "Korf's first 40 boards", targets: KORF_100.slice(0, 40).map(({ board }) => `/fifteen?board=${board.join(',')}`) },
    { set: 'two boards at 80 moves', targets: [FARTHEST_BOARDS[7], FARTHEST_BOARDS[16]].map((board) => `/fifteen?board=${board.join(',')}`) },
  ],
  // Walks of 60 to 80 moves: boards about 40 to 55 moves away, each searched within the API's seconds over the table's 6-6-3.
  loadedTable: (spec, count, seed) =>
    spec.table !== FIFTEEN_TABLE
      ? undefined
      : samples(fifteenWalkArbitrary(80, 60), Math.max(1, Math.ceil(count / 5)), seed).map((board) => ({
          table: spec.table,
          target: `/fifteen?board=${formatFifteenBoard(board)}`,
          expected: computedOnce(() => searchFifteen({ board, limit: FIFTEEN_DIAMETER, solvable: true }, UNLIMITED, solveDatabases(() => {}))),
          from: { heuristic: FROM_TABLE },
        })),
  estimatesFromTable: { inUse: FROM_TABLE, target: '/fifteen?board=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15' },
};
