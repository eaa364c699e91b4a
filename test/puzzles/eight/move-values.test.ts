import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLANK, BLANK_MOVES, type EightBoard, MOVE_LETTERS, isReachable, playEightLine } from '../../../puzzles/eight/rules/board';
import { canonicalize } from '../../../puzzles/eight/rules/canonical';
import { eightMovesBySearch, eightMovesFromMask } from '../../../puzzles/eight/rules/move-values';
import { searchEight } from '../../../puzzles/eight/rules/search';
import { eightSpace, encodeEight } from '../../../puzzles/eight/rules/space';
import { EightBfsTables } from '../../../puzzles/eight/rules/bfs-table';
import type { MoveValue } from '../../../core/move-values';
import { eightBoardArbitrary } from '../../../puzzles/eight/seeded-inputs';
import { samples, seededRandom } from '../../../core/seeded';
import { searchBudget } from '../../support/search-budget';

const eightTables = new EightBfsTables();

function eightFromTable(from: EightBoard, to: EightBoard): MoveValue[] {
  const canonical = canonicalize(from, to);
  const bfs = eightTables.table(canonical.goalIndex);
  const rank = eightSpace.rank(encodeEight(canonical.from));
  return eightMovesFromMask({ from, to }, bfs.distance[rank], bfs.optimal[rank]);
}

const eightPairs = (count: number) =>
  samples(fc.tuple(eightBoardArbitrary, eightBoardArbitrary), count * 3, 11)
    .filter(([from, to]) => isReachable(from, to))
    .slice(0, count);

describe('eight move values', () => {
  it('are the same from the table as from the search, on random pairs', () => {
    const budget = searchBudget(14_000);
    for (const [from, to] of eightPairs(150)) {
      const answer = searchEight({ from, to }, budget);
      expect(eightMovesBySearch({ from, to }, answer, budget)).toEqual(eightFromTable(from, to));
    }
  });

  it('lead to B in exactly `steps` moves when only optimal moves are followed, and the line starts with the smallest', () => {
    const random = seededRandom(4);
    for (const [from, to] of eightPairs(100)) {
      const answer = eightTables.lookup({ from, to });
      const first = eightFromTable(from, to).find((move) => move.optimal);
      if (answer.steps > 0) expect(MOVE_LETTERS[first!.move]).toBe(answer.path[0]);
      expect(eightFromTable(from, to).map((move) => move.move)).toEqual(BLANK_MOVES[from.indexOf(BLANK)]);
      let board = from;
      for (let left = answer.steps; left > 0; left--) {
        const optimal = eightFromTable(board, to).filter((move) => move.optimal);
        const move = optimal[Math.floor(random() * optimal.length)];
        expect(move.steps).toBe(left - 1);
        board = playEightLine(board, MOVE_LETTERS[move.move]);
      }
      expect(board).toEqual(to);
    }
  });
});
