/**
 * npm run solve -- fifteen: judge input (LightOJ) answered in this process, by search over the
 * strongest pattern databases at hand: the 7-8 set when it is kept (npm start, a synth or an
 * earlier deep solve built it), or built now for a limit past the judge's 35 moves (minutes, once,
 * said on stderr: a deep board takes seconds with it, minutes without); else 6-6-3, which builds in
 * seconds and answers every board within 35 moves at once.
 */
import type { SearchBudget } from '../../../core/ida-star';
import { formatFifteenJudge, parseFifteenJudge } from '../judge';
import { JUDGE_LIMIT } from '../rules/query';
import { type FifteenDatabases, searchFifteen } from '../rules/search';
import { solveDatabases } from './databases';
import { keptPackedDatabases, packedDatabasesFile, packedDatabasesFileBuilt, readPackedDatabases } from './packed-databases';

const say = (line: string) => process.stderr.write(`${line}\n`);

/** The databases a solve up to `limit` moves searches with (see above). */
export async function judgeDatabases(limit: number, log: (line: string) => void = say): Promise<FifteenDatabases> {
  const kept = keptPackedDatabases(packedDatabasesFile(), log);
  if (kept) return kept;
  if (limit > JUDGE_LIMIT && packedDatabasesFile() !== undefined) return readPackedDatabases(await packedDatabasesFileBuilt(log));
  return solveDatabases(log);
}

/** `budget`: each search's (npm run solve's has no limit); `limit`: the most moves a board may need to be answered. */
export async function solveFifteenJudge(input: string, budget: SearchBudget, limit = JUDGE_LIMIT, log: (line: string) => void = say): Promise<string> {
  const queries = parseFifteenJudge(input, limit);
  // The databases are read or built only when a case is solvable: the others need no search.
  const databases = queries.some((query) => query.solvable) ? await judgeDatabases(limit, log) : undefined;
  return formatFifteenJudge(queries.map((query) => (query.solvable ? searchFifteen(query, budget, databases) : searchFifteen(query, budget))));
}
