/**
 * The 15-puzzle's boards past one request's search (with 6-6-3 the farthest take tens of seconds;
 * with the 7-8 databases every board tried fits one request) are solved once in the background
 * and kept. Before an answer is kept it is checked here, apart from the
 * search that found it: its line is played on the board and must end on the goal, and its length
 * must be the bound of the search's last pass (an IDA* line shorter than its bound would mean an
 * estimate that overestimates, a longer one a broken pass).
 */
import type { BackgroundSolve } from '../roles/background-solve';
import { GOAL, formatFifteenBoard, playFifteenLine } from './rules/board';
import type { FifteenAnswer, FifteenQuery } from './rules/query';

export const fifteenBackgroundSolve: BackgroundSolve<FifteenQuery, FifteenAnswer> = {
  urlQuery: (query) => `board=${formatFifteenBoard(query.board)}`,

  problemWith(query, answer) {
    if (answer.steps < 0) return 'the search found no line';
    if (answer.path.length !== answer.steps) return `its line has ${answer.path.length} moves where it says ${answer.steps}`;
    if (answer.bound !== answer.steps) return `its line has ${answer.steps} moves but the search's last bound was ${answer.bound ?? 'not given'}`;
    let reached: readonly number[];
    try {
      reached = playFifteenLine(query.board, answer.path);
    } catch (error) {
      return `its line cannot be played: ${(error as Error).message}`;
    }
    return reached.every((tile, cell) => tile === GOAL[cell]) ? undefined : `its line ends on ${formatFifteenBoard(reached)}, not on the goal`;
  },
};
