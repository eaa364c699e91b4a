/**
 * The solver role, which every puzzle has: its bounded search, the values of a position's moves,
 * and what identifies a question (the function's answer cache is keyed by it). Its queries come
 * checked from the HTTP role or the judge format: a question with no answer never reaches it.
 */
import type { SearchBudget } from '../../core/ida-star';
import type { MoveValue } from '../../core/move-values';
import type { Answer } from './answer';

export interface Solver<Query, A extends Answer> {
  /** Readies its search while the function initialises (tables the search needs), not in its first request. */
  prepare?(): void;
  search(query: Query, budget: SearchBudget): A;
  valueMoves(query: Query, answer: A, budget: SearchBudget): readonly MoveValue[];
  /** Identifies the question for the answer cache: two queries with one key have one answer. (A query has been checked already: one with no answer at all never gets here.) */
  cacheKey(query: Query): string;
}
