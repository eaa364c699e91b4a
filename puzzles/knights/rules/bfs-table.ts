/** Knights answered from an in-memory BFS table around one goal. */
import { type BfsTable, breadthFirst, distanceOf, lineOf } from '../../../core/bfs';
import type { KnightsGoal } from './goals';
import { BEYOND_LIMIT, type KnightsAnswer, type KnightsQuery } from './query';
import { encodeKnights, knightsSpace } from './space';

export interface KnightsBfsTable {
  readonly goal: KnightsGoal;
  readonly bfs: BfsTable;
}

/** Every position within `depth` moves of the goal (the whole space when depth >= 39); `shared`: its tables in memory other threads can read. */
export function buildKnightsBfsTable(goal: KnightsGoal, depth: number, shared = false): KnightsBfsTable {
  return { goal, bfs: breadthFirst(knightsSpace, encodeKnights(goal.board), depth, { shared }) };
}

/**
 * The answer, or undefined when this table cannot know it: another goal, or a limit beyond the
 * table's depth for a position the table does not hold.
 */
export function lookupKnights(table: KnightsBfsTable, query: KnightsQuery): KnightsAnswer | undefined {
  if (table.goal.board !== query.goal.board) return undefined;
  const code = encodeKnights(query.board);
  const steps = distanceOf(table.bfs, code);
  if (steps === undefined) return query.limit <= table.bfs.depth || table.bfs.complete ? BEYOND_LIMIT : undefined;
  if (steps > query.limit) return BEYOND_LIMIT;
  return { steps, path: lineOf(table.bfs, code)! };
}
