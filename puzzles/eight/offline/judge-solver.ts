/** npm run solve -- eight: judge input answered in this process, by search or by tables built in memory. */
import type { Engine } from '../../../core/engine';
import type { SearchBudget } from '../../../core/ida-star';
import { solveEightBatch } from '../rules/batch';
import { formatEightJudge, parseEightJudge } from '../judge';

export function solveEightJudge(input: string, engine: Engine, budget: SearchBudget): string {
  return formatEightJudge(solveEightBatch(parseEightJudge(input), engine, budget));
}
