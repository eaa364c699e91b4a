/** How Eight II is searched: bounded IDA* from A to B, every move valued by search. */
import { canonicalize } from './rules/canonical';
import { eightMovesBySearch } from './rules/move-values';
import type { EightAnswer, EightQuery } from './rules/query';
import { searchEight } from './rules/search';
import type { Solver } from '../roles/solver';

export const eightSolver: Solver<EightQuery, EightAnswer> = {
  search: (query, budget) => searchEight(query, budget),
  valueMoves: (query, answer, budget) => eightMovesBySearch(query, answer, budget),
  // Relabelled for its canonical goal: every pair with the same relabelled A is the same question.
  cacheKey(query) {
    const { goalIndex, from } = canonicalize(query.from, query.to);
    return `${goalIndex}|${from.join('')}`;
  },
};
