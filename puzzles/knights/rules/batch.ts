/** Answers many knights questions at once, by table, by search, or whichever is cheaper per goal. */
import type { Engine } from '../../../core/engine';
import type { SearchBudget } from '../../../core/ida-star';
import { groupBy } from '../../../core/engine';
import type { KnightsAnswer, KnightsQuery } from './query';
import { searchKnights } from './search';
import { buildKnightsBfsTable, lookupKnights } from './bfs-table';

/**
 * Questions about one goal from which `auto` builds the table. Building the depth-15 table takes
 * about 0.7 s; a warm search takes 0.02 to 0.1 ms on average (`npm run bench -- --only search`).
 */
export const KNIGHTS_TABLE_PAYS_AT = 20_000;

/** `budget`: each search's (npm run solve's has no limit). */
export function solveKnightsBatch(queries: readonly KnightsQuery[], engine: Engine, budget: SearchBudget): KnightsAnswer[] {
  const answers = new Array<KnightsAnswer>(queries.length);
  for (const indexes of groupBy(queries, (query) => query.goal.board).values()) {
    const useTable = engine === 'table' || (engine === 'auto' && indexes.length >= KNIGHTS_TABLE_PAYS_AT);
    if (!useTable) {
      for (const i of indexes) answers[i] = searchKnights(queries[i], budget);
      continue;
    }
    const depth = Math.max(...indexes.map((i) => queries[i].limit));
    const table = buildKnightsBfsTable(queries[indexes[0]].goal, depth);
    for (const i of indexes) answers[i] = lookupKnights(table, queries[i])!;
  }
  return answers;
}
