/**
 * Every legal move's value (see core/move-values.ts) by search: the graph is bipartite, so a move
 * leads one step closer or one step farther. The line's first move is known to be closer. A move
 * before it in the order d, l, r, u is known farther without a search: the line is the lex-min of
 * the shortest, so no shortest line starts with a smaller letter. Any move after it is proved not
 * optimal by one pass bounded at one less, which fails (one pass, not deepening: the board after
 * the move is one less away or one more). When the budget ends among those passes the answer goes
 * out without the values (MovesUnvaluedError), never without its line.
 */
import { BudgetExhaustedError, MovesUnvaluedError } from '../../../core/errors';
import type { SearchBudget } from '../../../core/ida-star';
import { type MoveValue, movesBySearch } from '../../../core/move-values';
import { BLANK, BLANK_MOVES, MOVE_LETTERS, playFifteenLine, reverseMove } from './board';
import type { FifteenAnswer, FifteenQuery } from './query';
import { type FifteenDatabases, fifteenReachesWithin } from './search';

export function fifteenMovesBySearch(query: FifteenQuery, answer: FifteenAnswer, budget: SearchBudget, databases?: FifteenDatabases): MoveValue[] {
  if (answer.steps < 0) return []; // unsolvable, or past the judge's limit: the JSON API asks neither
  const moves = BLANK_MOVES[query.board.indexOf(BLANK)];
  const first = answer.path.length > 0 ? MOVE_LETTERS.indexOf(answer.path[0]) : undefined;
  try {
    return movesBySearch(moves, answer.steps, Number.POSITIVE_INFINITY, first, (i, within) =>
      moves[i] < first! ? false : fifteenReachesWithin(playFifteenLine(query.board, MOVE_LETTERS[moves[i]]), within, budget, databases, reverseMove(moves[i])),
    );
  } catch (error) {
    if (!(error instanceof BudgetExhaustedError)) throw error;
    throw new MovesUnvaluedError(
      `The line is exact, but proving which other moves are not optimal (a search bounded at ${answer.steps - 1} moves from each) took longer than the request may; npm run solve -- fifteen has no deadline.`,
    );
  }
}
