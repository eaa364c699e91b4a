/**
 * The knights rules' one subset ranker (core/combinations.ts): the space's rank and its level
 * expansion read the same tables, built once (the Lambda builds a BFS table at init).
 */
import { SubsetRanker } from '../../../core/combinations';

export const knightsRanker = new SubsetRanker();
