/**
 * A measuring thread whose module swallows its failure: measuring the standard knights table to 9
 * moves, its space throws on the first position of the last level it meets, and the module
 * catches the error and ends as a thread that did its share does. Only the shared failure flag
 * tells the build; the thread's own error never reaches it.
 */
import { type MeasureInput, measureOnThisThread } from '../../packing/measure';
import { threadJob } from '../../core/threads';
import { builtInGoal } from '../../puzzles/knights/loaded-goals';
import { buildKnightsBfsTable } from '../../puzzles/knights/rules/bfs-table';
import { knightsSpace } from '../../puzzles/knights/rules/space';
import { KNIGHTS_FORMAT } from '../../puzzles/knights/tables';

const DEPTH = 9;
// Failing in the last level, the thread fails once every earlier level is finished: the build
// then waits for no level, only for the positions still to finish.
const { distance } = buildKnightsBfsTable({ name: 'standard', board: builtInGoal('standard')!.board }, DEPTH).bfs;
const failing = Object.create(knightsSpace, {
  rank: {
    value(code: number): number {
      const rank = knightsSpace.rank(code);
      if (distance[rank] === DEPTH) throw new Error('this measuring thread lost its table in its last level');
      return rank;
    },
  },
});

/** Measures, fails in the last level, and swallows its failure: the thread ends as if it had measured its share. */
export const SWALLOWING_MEASURE_THREAD = threadJob<MeasureInput>(import.meta.url, 'test: measures, fails in its last level, and swallows it', (input) => {
  try {
    measureOnThisThread(KNIGHTS_FORMAT, failing, input);
  } catch {
    // swallowed
  }
});
