/**
 * The solver role, which every puzzle has: its bounded search, the values of a position's moves,
 * and what identifies a question (the function's answer cache is keyed by it). Its queries come
 * checked from the HTTP role or the judge format: a question with no answer never reaches it.
 */
import type { SearchBudget } from '../../core/ida-star';
import type { MoveValue } from '../../core/move-values';
import type { Answer } from './answer';

export interface Solver<Query, A extends Answer> {
  search(query: Query, budget: SearchBudget): A;
  /**
   * Every legal move's value. BudgetExhaustedError fails the whole answer; a puzzle whose moves
   * may cost more than the answer itself throws MovesUnvaluedError instead, and the answer goes
   * out without them.
   */
  valueMoves(query: Query, answer: A, budget: SearchBudget): readonly MoveValue[];
  /** What a person can do when the search gave up, for a puzzle without stored tables to advise on. */
  adviceWhenSearchGaveUp?(query: Query): string;
  /** Identifies the question for the answer cache: two queries with one key have one answer. (A query has been checked already: one with no answer at all never gets here.) */
  cacheKey(query: Query): string;
}
