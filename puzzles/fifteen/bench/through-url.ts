/**
 * The 15-puzzle's questions through the local URL (the url benchmark, bench/through-url.ts): the
 * 7-8 pattern databases npm start builds behind the service (or finds kept), asked once /health
 * says they are in use; Korf's 100 boards one at a time, then seeded uniform random solvable boards
 * on two connections, then the 17 boards at 80 moves; and where an answer's time goes: the line's
 * search, then the other legal moves' values, as the service gives them (move-values.ts), over the
 * same databases with no deadline.
 */
import { UNLIMITED } from '../../../core/ida-star';
import { samples } from '../../../core/seeded';
import type { AskedThroughUrl } from '../../roles/benchmarks';
import { FIFTEEN_TABLE, heuristicOf } from '../estimates';
import { packedDatabasesFileBuilt, readPackedDatabases } from '../offline/packed-databases';
import { PARTITION_78 } from '../rules/packed-pattern-set';
import { FARTHEST, KORF_100 } from './boards';
import { parseFifteenBoard } from '../rules/board';
import { fifteenMovesBySearch } from '../rules/move-values';
import { FIFTEEN_DIAMETER } from '../rules/query';
import { searchFifteen } from '../rules/search';
import { fifteenBoardArbitrary } from '../seeded-inputs';

const boardOf = (target: string) => parseFifteenBoard(new URLSearchParams(target.slice(target.indexOf('?') + 1)).get('board')!);

export const fifteenThroughUrl: AskedThroughUrl = {
  tables: [FIFTEEN_TABLE],
  described: "boards (Korf's 100 first, then seeded uniform random solvable ones)",
  targets: (count) => [...KORF_100.map(({ board }) => board), ...samples(fifteenBoardArbitrary, count)].slice(0, count).map((board) => `/fifteen?board=${board.join(',')}`),
  estimate: heuristicOf({ partition: PARTITION_78 }),
  hardest: { described: 'the 17 boards at 80 moves', targets: FARTHEST.map((board) => `/fifteen?board=${board.join(',')}`) },
  // the SPEC's nine-move sample
  warmUp: '/fifteen?board=2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15',
  async whereTheTimeGoes(_store, targets, paths) {
    // the service's own file of them, kept where npm start built it
    const databases = readPackedDatabases(await packedDatabasesFileBuilt(() => {}));
    const timedOne = (board: readonly number[]) => {
      const query = { board, limit: FIFTEEN_DIAMETER, solvable: true };
      let t = performance.now();
      const answer = searchFifteen(query, UNLIMITED, databases);
      const line = performance.now() - t;
      t = performance.now();
      fifteenMovesBySearch(query, answer, UNLIMITED, databases);
      return { answer, line, values: performance.now() - t };
    };
    const boards = targets.map(boardOf);
    // One untimed pass over a few of them: the JIT warm, as in the service after its first boards.
    for (const board of boards.slice(0, 10)) timedOne(board);
    const runs = boards.map(timedOne);
    return {
      same: runs.every((run, i) => run.answer.path === paths[i]),
      parts: [
        { label: "the line's search alone", ms: runs.map((run) => run.line) },
        { label: "every other legal move's value, as GET gives them (move-values.ts: none searched before the line's first, one bounded pass each after it)", ms: runs.map((run) => run.values) },
      ],
    };
  },
};
