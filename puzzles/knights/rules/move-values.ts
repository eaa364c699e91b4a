/** Every legal knights move's value (see core/move-values.ts), from a table's mask or by search. */
import type { SearchBudget } from '../../../core/ida-star';
import { type MoveValue, movesBySearch, movesFromMask } from '../../../core/move-values';
import { KNIGHT_JUMPS, emptyCell, playKnightsLine } from './board';
import type { KnightsAnswer, KnightsQuery } from './query';
import { searchKnights } from './search';

/** From the position's exact distance and its mask of optimal moves. */
export function knightsMovesFromMask(query: KnightsQuery, distance: number, mask: number): MoveValue[] {
  return movesFromMask(KNIGHT_JUMPS[emptyCell(query.board)], distance, mask, query.limit);
}

/** By bounded searches from each move's position, for a position whose answer is known. */
export function knightsMovesBySearch(query: KnightsQuery, answer: KnightsAnswer, budget: SearchBudget): MoveValue[] {
  const jumps = KNIGHT_JUMPS[emptyCell(query.board)];
  return movesBySearch(jumps, answer.steps, query.limit, answer.path[0], (i, within) => searchKnights({ board: playKnightsLine(query.board, [jumps[i]]), goal: query.goal, limit: within }, budget).steps !== -1);
}
