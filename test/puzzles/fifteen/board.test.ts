/** The 15-puzzle board's edges: where the blank can go from every cell, and what a wrong or unsolvable board is told. */
import { describe, expect, it } from 'vitest';
import { UnreachableError } from '../../../core/errors';
import { GOAL, MOVE_LETTERS, assertSolvable, blankTarget, formatFifteenBoard, parseFifteenBoard, playFifteenLine } from '../../../puzzles/fifteen/rules/board';

const GOAL_TEXT = '1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0';
/** The goal with its cell `cell` (0-based) written as `token`. */
const withCell = (cell: number, token: unknown) => GOAL.map((tile, i) => (i === cell ? token : tile));
const message = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('no error');
};

describe('15-puzzle board edges', () => {
  it('moves the blank one cell down, left, right or up, never off the 4x4 board', () => {
    const steps: [number, number][] = [[1, 0], [0, -1], [0, 1], [-1, 0]];
    for (let cell = 0; cell < 16; cell++) {
      const [row, column] = [Math.floor(cell / 4), cell % 4];
      steps.forEach(([dr, dc], move) => {
        const [r, c] = [row + dr, column + dc];
        expect(blankTarget(cell, move), `cell ${cell} move ${MOVE_LETTERS[move]}`).toBe(r >= 0 && r < 4 && c >= 0 && c < 4 ? r * 4 + c : -1);
      });
    }
    expect(() => playFifteenLine(GOAL, 'd')).toThrow('the move d leaves the board');
  });

  it('writes a board as its numbers joined by commas', () => {
    expect(formatFifteenBoard(parseFifteenBoard(GOAL_TEXT.replaceAll(',', ' ')))).toBe(GOAL_TEXT);
  });

  it('says which cell holds what is not a tile, as it was written', () => {
    const cellOf = (cell: number) => `in cell ${cell + 1} (row ${Math.floor(cell / 4) + 1}, column ${(cell % 4) + 1}); use only the tiles 1 to 15 and 0 for the blank.`;
    expect(message(() => parseFifteenBoard(GOAL_TEXT.replace('1,', 'a1,')))).toBe(`The board has "a1" ${cellOf(0)}`);
    expect(message(() => parseFifteenBoard(GOAL_TEXT.replace('2,', '2a,')))).toBe(`The board has "2a" ${cellOf(1)}`);
    expect(message(() => parseFifteenBoard(GOAL_TEXT.replace('3,', '\u0001,')))).toBe(`The board has "\\u{1}" ${cellOf(2)}`);
    expect(message(() => parseFifteenBoard(withCell(4, 16)))).toBe(`The board has 16 ${cellOf(4)}`);
    expect(message(() => parseFifteenBoard(withCell(7, -1)))).toBe(`The board has -1 ${cellOf(7)}`);
    expect(message(() => parseFifteenBoard(withCell(5, {})))).toBe(`The board has {} ${cellOf(5)}`);
    expect(message(() => parseFifteenBoard(withCell(6, undefined)))).toBe(`The board has undefined ${cellOf(6)}`);
    expect(message(() => parseFifteenBoard('5'))).toMatch(/^The board has 1 number; a board is 16/);
    expect(message(() => parseFifteenBoard(withCell(0, 2), 'From'))).toBe('From has 2 more than once and lacks 1; each of the tiles 1 to 15 and the blank 0 appears exactly once.');
    expect(message(() => parseFifteenBoard(withCell(1, 4).map((tile, i) => (i === 0 ? 3 : tile))))).toMatch(/^The board has 3, 4 more than once and lacks 1, 2;/);
  });

  it('lets a solvable board through and tells an unsolvable one its inversions and rows, singular or plural', () => {
    expect(() => assertSolvable(GOAL)).not.toThrow();
    const swapped = parseFifteenBoard('1,2,3,4,5,6,7,8,9,10,11,12,13,15,14,0'); // 1 inversion, blank on the bottom row
    expect(() => assertSolvable(swapped)).toThrow(UnreachableError);
    expect(message(() => assertSolvable(swapped))).toMatch(/: its 1 inversion \(pairs .*\) plus the 0 rows between/);
    const up = parseFifteenBoard('2,1,3,4,5,6,7,8,9,10,11,0,13,14,15,12'); // 1 + 3 inversions, blank one row up
    expect(message(() => assertSolvable(up))).toMatch(/: its 4 inversions \(pairs .*\) plus the 1 row between/);
  });
});
