/** How the 15-puzzle is searched: IDA* to the goal, every move valued by bounded searches. */
import { fifteenMovesBySearch } from './rules/move-values';
import type { FifteenAnswer, FifteenQuery } from './rules/query';
import { searchFifteen } from './rules/search';
import { formatFifteenBoard } from './rules/board';
import type { Solver } from '../roles/solver';
import { MANHATTAN } from './estimates';

export const fifteenSolver: Solver<FifteenQuery, FifteenAnswer> = {
  // Its own search, before (or without) the stored pattern databases: estimates.ts has the other.
  search: (query, budget) => ({ ...searchFifteen(query, budget), heuristic: MANHATTAN }),
  valueMoves: (query, answer, budget) => fifteenMovesBySearch(query, answer, budget),
  cacheKey: (query) => `${formatFifteenBoard(query.board)}|${query.limit}`,
  adviceWhenSearchGaveUp: (query) =>
    `This board needs more search than one request may spend; npm run solve -- fifteen --limit 80 has no deadline and answers it (its judge input: 1, a blank line, then the board as 4 lines of 4 numbers: ${formatFifteenBoard(query.board)}).`,
};
