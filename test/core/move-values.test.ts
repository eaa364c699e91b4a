/** Every move valued from a position's mask of optimal moves: the rule every puzzle's move values follow. */
import { describe, expect, it } from 'vitest';
import { movesFromMask } from '../../core/move-values';

describe('every move valued from a mask', () => {
  it('gives d - 1 to the optimal moves and d + 1 to the others, -1 past the limit', () => {
    expect(movesFromMask([3, 7, 9], 5, 0b010, 5)).toEqual([
      { move: 3, steps: -1, optimal: false },
      { move: 7, steps: 4, optimal: true },
      { move: 9, steps: -1, optimal: false },
    ]);
    // one beyond the limit, a move to the limit is optimal; farther, none is
    expect(movesFromMask([3, 7], 6, 0b01, 5)).toEqual([
      { move: 3, steps: 5, optimal: true },
      { move: 7, steps: -1, optimal: false },
    ]);
    expect(movesFromMask([3, 7], 7, 0b01, 5).every((move) => move.steps === -1 && !move.optimal)).toBe(true);
    // at the goal every move leads one step away
    expect(movesFromMask([1, 2], 0, 0)).toEqual([
      { move: 1, steps: 1, optimal: false },
      { move: 2, steps: 1, optimal: false },
    ]);
  });
});

