/** How the knights puzzle is searched: bounded IDA* to its goal, every move valued by search. */
import { knightsMovesBySearch } from './rules/move-values';
import type { KnightsAnswer, KnightsQuery } from './rules/query';
import { searchKnights } from './rules/search';
import type { Solver } from '../roles/solver';

export const knightsSolver: Solver<KnightsQuery, KnightsAnswer> = {
  search: (query, budget) => searchKnights(query, budget),
  valueMoves: (query, answer, budget) => knightsMovesBySearch(query, answer, budget),
  // The goal's name too: a board that names no goal now may be a loaded goal's later, with a table.
  cacheKey: (query) => `${query.goal.name ?? ''}|${query.goal.board}|${query.board}|${query.limit}`,
};
