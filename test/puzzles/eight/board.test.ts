/** The eight board's edges: where the blank can go from every cell, and what a wrong board is told. */
import { describe, expect, it } from 'vitest';
import { DOWN, LEFT, MOVE_LETTERS, RIGHT, UP, blankTarget, parseEightBoard } from '../../../puzzles/eight/rules/board';

describe('eight board edges', () => {
  it('moves the blank one cell down, left, right or up, never off the 3x3 board', () => {
    const steps: [number, number, number][] = [[DOWN, 1, 0], [LEFT, 0, -1], [RIGHT, 0, 1], [UP, -1, 0]];
    expect(MOVE_LETTERS).toBe('dlru');
    for (let cell = 0; cell < 9; cell++) {
      const [row, column] = [Math.floor(cell / 3), cell % 3];
      for (const [move, dr, dc] of steps) {
        const [r, c] = [row + dr, column + dc];
        expect(blankTarget(cell, move), `cell ${cell} move ${MOVE_LETTERS[move]}`).toBe(r >= 0 && r < 3 && c >= 0 && c < 3 ? r * 3 + c : -1);
      }
    }
  });

  it('names the board as given, trimmed, and every symbol it lacks', () => {
    expect(() => parseEightBoard(' 12X45378 ')).toThrow(/^The board "12X45378" has 8 characters;/);
    expect(() => parseEightBoard('113455678', 'B')).toThrow(/^B "113455678" lacks X, 2; each of the tiles/);
  });

  it('reads nine separators as no cells at all, not as nine wrong symbols', () => {
    expect(() => parseEightBoard('/////////')).toThrow(/^The board "\/\/\/\/\/\/\/\/\/" has 0 characters;/);
  });
});
