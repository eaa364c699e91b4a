/** Eight II answered from in-memory BFS tables, one per canonical goal, built when first needed. */
import { type BfsTable, breadthFirst, distanceOf, lineOf } from '../../../core/bfs';
import { CELLS } from './board';
import { CANONICAL_GOALS, canonicalize } from './canonical';
import { type EightAnswer, type EightQuery, assertReachable, lettersOf } from './query';
import { eightSpace, encodeEight } from './space';

/** The whole space around canonical goal `goalIndex` (181,440 positions), or the part within `depth` moves. */
export function buildEightBfsTable(goalIndex: number, depth?: number): BfsTable {
  return breadthFirst(eightSpace, encodeEight(CANONICAL_GOALS[goalIndex]), depth);
}

export class EightBfsTables {
  private readonly tables = new Array<BfsTable | undefined>(CELLS);

  /** The table for one canonical goal, built on first use. */
  table(goalIndex: number): BfsTable {
    return (this.tables[goalIndex] ??= buildEightBfsTable(goalIndex));
  }

  lookup(query: EightQuery): EightAnswer {
    assertReachable(query);
    const { goalIndex, from } = canonicalize(query.from, query.to);
    const table = this.table(goalIndex);
    const code = encodeEight(from);
    return { steps: distanceOf(table, code)!, path: lettersOf(lineOf(table, code)!) };
  }
}
