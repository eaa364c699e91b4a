/** npm run solve -- fifteen: judge input (LightOJ) answered in this process, by search over the pattern databases npm run solve keeps. */
import type { SearchBudget } from '../../../core/ida-star';
import { formatFifteenJudge, parseFifteenJudge } from '../judge';
import { JUDGE_LIMIT } from '../rules/query';
import { searchFifteen } from '../rules/search';
import { solveDatabases } from './databases';

/** `budget`: each search's (npm run solve's has no limit); `limit`: the most moves a board may need to be answered. */
export function solveFifteenJudge(input: string, budget: SearchBudget, limit = JUDGE_LIMIT): string {
  // The databases are built only when a case is solvable: the others need no search.
  return formatFifteenJudge(parseFifteenJudge(input, limit).map((query) => (query.solvable ? searchFifteen(query, budget, solveDatabases()) : searchFifteen(query, budget))));
}
