/**
 * The solver role, which every puzzle has: its bounded search, the values of a position's moves,
 * and what identifies a question (the function's answer cache is keyed by it).
 */
import type { SearchBudget } from '../../core/ida-star';
import type { MoveValue } from '../../core/move-values';
import type { Answer } from './answer';

export interface Solver<Query, A extends Answer> {
  /** Readies its search while the function initialises (tables the search needs), not in its first request. */
  prepare?(): void;
  search(query: Query, budget: SearchBudget): A;
  valueMoves(query: Query, answer: A, budget: SearchBudget): readonly MoveValue[];
  /** Identifies the question for the answer cache; refuses (UnreachableError) a query that has no answer at all. */
  cacheKey(query: Query): string;
}
