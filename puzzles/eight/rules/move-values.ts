/** Every legal move of the eight blank's value (see core/move-values.ts), from a table's mask or by search. */
import type { SearchBudget } from '../../../core/ida-star';
import { type MoveValue, movesBySearch, movesFromMask } from '../../../core/move-values';
import { BLANK, BLANK_MOVES, MOVE_LETTERS, playEightLine } from './board';
import type { EightAnswer, EightQuery } from './query';
import { eightReachesWithin } from './search';

/** From the position's exact distance and its mask of optimal moves. */
export function eightMovesFromMask(query: EightQuery, distance: number, mask: number): MoveValue[] {
  return movesFromMask(BLANK_MOVES[query.from.indexOf(BLANK)], distance, mask);
}

/** By bounded searches from each move's position, for a pair whose answer is known. */
export function eightMovesBySearch(query: EightQuery, answer: EightAnswer, budget: SearchBudget): MoveValue[] {
  const moves = BLANK_MOVES[query.from.indexOf(BLANK)];
  const first = answer.path.length > 0 ? MOVE_LETTERS.indexOf(answer.path[0]) : undefined;
  return movesBySearch(moves, answer.steps, Number.POSITIVE_INFINITY, first, (i, within) =>
    eightReachesWithin({ from: playEightLine(query.from, MOVE_LETTERS[moves[i]]), to: query.to }, within, budget),
  );
}
