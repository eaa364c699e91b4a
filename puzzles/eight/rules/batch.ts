/** Answers many Eight II questions at once, by table, by search, or whichever is cheaper per goal. */
import type { Engine } from '../../../core/engine';
import { groupBy } from '../../../core/engine';
import { BLANK } from './board';
import type { EightAnswer, EightQuery } from './query';
import { eightPatternSearcher } from './pattern-search';
import { EightBfsTables } from './bfs-tables';

/**
 * Questions about one canonical goal (one blank cell in B) from which `auto` builds its table.
 * Building one takes about 0.06 s; a warm search about 0.25 ms on average (`npm run bench`).
 */
export const EIGHT_TABLE_PAYS_AT = 250;

export function solveEightBatch(queries: readonly EightQuery[], engine: Engine): EightAnswer[] {
  const answers = new Array<EightAnswer>(queries.length);
  const tables = new EightBfsTables();
  const search = eightPatternSearcher();
  for (const indexes of groupBy(queries, (query) => query.to.indexOf(BLANK)).values()) {
    const useTable = engine === 'table' || (engine === 'auto' && indexes.length >= EIGHT_TABLE_PAYS_AT);
    for (const i of indexes) answers[i] = useTable ? tables.lookup(queries[i]) : search(queries[i]);
  }
  return answers;
}
