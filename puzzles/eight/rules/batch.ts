/** Answers many Eight II questions at once, by table, by search, or whichever is cheaper per goal. */
import type { Engine } from '../../../core/engine';
import type { SearchBudget } from '../../../core/ida-star';
import { groupBy } from '../../../core/engine';
import { BLANK } from './board';
import type { EightAnswer, EightQuery } from './query';
import { eightPatternSearcher } from './pattern-search';
import { EightBfsTables } from './bfs-table';

/**
 * Questions about one canonical goal (one blank cell in B) from which `auto` builds its table.
 * Building one took about 0.1 s in a fresh process (the 9 of them 0.8 to 1.2 s), the pattern
 * databases' search about 0.05 ms a question (8,620 of the judge benchmark's in 0.44 to 0.54 s,
 * the databases of all 9 goals built within that).
 */
export const EIGHT_TABLE_PAYS_AT = 2000;

/** `budget`: each search's (npm run solve's has no limit). */
export function solveEightBatch(queries: readonly EightQuery[], engine: Engine, budget: SearchBudget): EightAnswer[] {
  const answers = new Array<EightAnswer>(queries.length);
  const tables = new EightBfsTables();
  const search = eightPatternSearcher(budget);
  for (const indexes of groupBy(queries, (query) => query.to.indexOf(BLANK)).values()) {
    const useTable = engine === 'table' || (engine === 'auto' && indexes.length >= EIGHT_TABLE_PAYS_AT);
    for (const i of indexes) answers[i] = useTable ? tables.lookup(queries[i]) : search(queries[i]);
  }
  return answers;
}
