import { STANDARD_LEVELS } from '../../../puzzles/knights/offline/load-estimate';
import { describe, expect, it } from 'vitest';
import { type BfsTable, lowestMove } from '../../../core/bfs';
import { resolveKnightsGoal } from '../../../puzzles/knights/rules/goals';
import { MAX_LIMIT } from '../../../puzzles/knights/rules/query';
import { searchKnights } from '../../../puzzles/knights/rules/search';
import { searchBudget } from '../../support/search-budget';
import { decodeKnights, knightsSpace } from '../../../puzzles/knights/rules/space';
import { type KnightsBfsTable, buildKnightsBfsTable, lookupKnights } from '../../../puzzles/knights/rules/bfs-table';
import { decodePage } from '../../../packing/page-codec';
import { goldenMultiplier, pageSlotOf, slotsIn } from '../../../packing/page-layout';
import { KNIGHTS_FORMAT } from '../../../puzzles/knights/tables';
import { encodeAsLoaded } from '../../support/pages';

// From SPEC.md (an independent full search): positions at exactly k moves from the standard goal.
const SPEC_LEVELS = [
  1, 8, 14, 38, 148, 368, 1001, 2440, 6468, 14116, 32825, 64782, 137262, 240404, 455522, 716458, 1224370, 1720894, 2645274, 3327210, 4594399, 5148132,
  6372557, 6345924, 6997217, 6160052, 6002337, 4635014, 3942462, 2634392, 1921476, 1086234, 658300, 300838, 144842, 49078, 17065, 3428, 488, 62,
];

const standard = resolveKnightsGoal('standard');
/** The deepest question the search answers here in well under a second (0.4 s at 27 moves, 1 s at 28). */
const SEARCHED_DEPTH = 26;

/** The codes at exactly `k` moves: a slice of the BFS order. */
function level(bfs: BfsTable, k: number): Uint32Array {
  const start = bfs.levels.slice(0, k).reduce((a, b) => a + b, 0);
  return bfs.order.subarray(start, start + bfs.levels[k]);
}

describe('the whole knights space', () => {
  let whole: KnightsBfsTable;

  it('has the SPEC count at every distance 0..39: 67,603,900 positions, all connected to the standard goal', () => {
    whole = buildKnightsBfsTable(standard, MAX_LIMIT);
    const { bfs } = whole;
    expect(bfs.levels).toEqual(SPEC_LEVELS);
    // the load's estimates count positions by the same levels
    expect(STANDARD_LEVELS).toEqual(bfs.levels);
    expect(bfs.order.length).toBe(67_603_900);
    expect(bfs.complete).toBe(true);
    expect(bfs.depth).toBe(39);
  });

  it('answers at every distance 0..39 from the table as the search does, and its pages keep those answers', () => {
    const budget = searchBudget(3_000_000);
    const { bfs } = whole;
    const layout = { ranks: KNIGHTS_FORMAT.ranks, ranksPerPage: 683, multiplier: goldenMultiplier(KNIGHTS_FORMAT.ranks) };
    for (let k = 0; k <= MAX_LIMIT; k++) {
      const codes = level(bfs, k);
      // the first and the last position the BFS reached at this distance
      for (const code of new Set([codes[0], codes[codes.length - 1]])) {
        const query = { board: decodeKnights(code), goal: standard, limit: MAX_LIMIT };
        const fromTable = lookupKnights(whole, query)!;
        expect(fromTable.steps).toBe(k);
        // The search answers the whole question up to SEARCHED_DEPTH moves; past it (seconds at 29
        // moves, minutes at 34) it answers the line's last SEARCHED_DEPTH moves, from the position
        // the table's line reaches first, and the table's first moves are each the smallest move
        // one step closer by the BFS (checked move by move below).
        const skipped = Math.max(0, k - SEARCHED_DEPTH);
        let state = code;
        for (const cell of fromTable.path.slice(0, skipped)) {
          const rank = knightsSpace.rank(state);
          expect(cell).toBe(knightsSpace.moveAt(state, lowestMove(bfs.optimal[rank])));
          state = knightsSpace.applyMove(state, cell);
          expect(bfs.distance[knightsSpace.rank(state)]).toBe(bfs.distance[rank] - 1);
        }
        const searched = searchKnights({ ...query, board: decodeKnights(state) }, budget);
        expect({ steps: searched.steps + skipped, path: [...fromTable.path.slice(0, skipped), ...searched.path] }).toEqual(fromTable);

        // the record as a page stores it and the reader decodes it
        const rank = knightsSpace.rank(code);
        const { page, slot } = pageSlotOf(layout, rank);
        const hole = KNIGHTS_FORMAT.holeOfRank(rank);
        const record = { distance: k, optimal: bfs.optimal[rank], line: fromTable.path };
        const { bytes } = encodeAsLoaded(KNIGHTS_FORMAT, slotsIn(layout, page), [{ slot, hole, record }]);
        expect(decodePage(bytes, KNIGHTS_FORMAT, layout, page, MAX_LIMIT).find(slot)).toEqual(record);
      }
    }
  });

  it('answers -1 past a lower limit from the table, as the search does', () => {
    const code = level(whole.bfs, 20)[0];
    const query = { board: decodeKnights(code), goal: standard, limit: 19 };
    expect(lookupKnights(whole, query)).toEqual({ steps: -1, path: [] });
    expect(searchKnights(query, searchBudget(9_400))).toEqual({ steps: -1, path: [] });
  });
});
