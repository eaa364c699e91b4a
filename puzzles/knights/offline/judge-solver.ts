/** npm run solve -- knights: judge input answered in this process, by search or by a table built in memory. */
import type { Engine } from '../../../core/engine';
import type { SearchBudget } from '../../../core/ida-star';
import { solveKnightsBatch } from '../rules/batch';
import { DEFAULT_LIMIT } from '../rules/query';
import { formatKnightsJudge, parseKnightsJudge } from '../judge';

export function solveKnightsJudge(input: string, engine: Engine, budget: SearchBudget, limit = DEFAULT_LIMIT): string {
  return formatKnightsJudge(solveKnightsBatch(parseKnightsJudge(input, limit), engine, budget));
}
