/**
 * What each logical table holds, generated from the core's BFS tables as a stream of records in
 * a fixed order (BFS order, goal by goal), so that a resumed load regenerates exactly the same
 * sequence and can skip what was already written. Nothing but the BFS tables is held in memory.
 */
import { type BfsTable, lineOf } from '../core/bfs';
import { formatKnightsBoard } from '../core/knights/board';
import { KNIGHTS_GOALS, type KnightsGoalName } from '../core/knights/goals';
import { decodeKnights } from '../core/knights/space';
import { buildKnightsTable } from '../core/knights/table';
import { MOVE_LETTERS, formatEightBoard } from '../core/eight/board';
import { CANONICAL_GOALS } from '../core/eight/canonical';
import { decodeEight } from '../core/eight/space';
import { EIGHT_DIAMETER } from '../core/eight/search';
import { buildEightTable } from '../core/eight/table';
import { EIGHT_TABLE_ID, type PositionRecord, type TableId, eightKey, knightsKey, knightsPathText, knightsTableId } from './table-schema';

/** The deepest knights table: the farthest position is 39 moves from any goal. */
export const KNIGHTS_MAX_DEPTH = 39;
export const KNIGHTS_DEFAULT_DEPTH = 15;

/** A logical table before its positions are computed: enough to compare with a manifest. */
export interface TableSpec {
  readonly table: TableId;
  readonly goal: string;
  readonly depth: number;
  /** Runs the BFS (seconds for the default tables, half a minute for the whole knights space). */
  build(): TableContents;
}

export interface TableContents {
  readonly items: number;
  /** Every record, in the fixed generation order. */
  records(): Iterable<PositionRecord>;
  /** The record at a position of the generation order, for spot checks. */
  recordAt(index: number): PositionRecord;
}

export function knightsSpec(goalName: KnightsGoalName, depth: number): TableSpec {
  const goal = KNIGHTS_GOALS.get(goalName)!;
  return {
    table: knightsTableId(goalName),
    goal: formatKnightsBoard(goal.board),
    depth,
    build() {
      const { bfs } = buildKnightsTable(goal, depth);
      const recordAt = (index: number): PositionRecord => {
        const code = bfs.order[index];
        const line = lineOf(bfs, code)!;
        return { key: knightsKey(goalName, decodeKnights(code)), steps: line.length, path: knightsPathText(line) };
      };
      return { items: bfs.order.length, recordAt, records: () => indexes(bfs.order.length, recordAt) };
    },
  };
}

export function eightSpec(): TableSpec {
  return {
    table: EIGHT_TABLE_ID,
    goal: CANONICAL_GOALS.map(formatEightBoard).join(','),
    depth: EIGHT_DIAMETER,
    build() {
      const tables: BfsTable[] = CANONICAL_GOALS.map((_, goalIndex) => buildEightTable(goalIndex));
      const perGoal = tables[0].order.length;
      const recordAt = (index: number): PositionRecord => {
        const goalIndex = Math.floor(index / perGoal);
        const table = tables[goalIndex];
        const code = table.order[index % perGoal];
        const line = lineOf(table, code)!;
        return { key: eightKey(goalIndex, decodeEight(code)), steps: line.length, path: line.map((m) => MOVE_LETTERS[m]).join('') };
      };
      return { items: perGoal * tables.length, recordAt, records: () => indexes(perGoal * tables.length, recordAt) };
    },
  };
}

function* indexes(count: number, recordAt: (index: number) => PositionRecord): Iterable<PositionRecord> {
  for (let i = 0; i < count; i++) yield recordAt(i);
}
