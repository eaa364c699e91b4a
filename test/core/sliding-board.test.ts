/**
 * The sliding boards' one geometry, on the 3x3 and the 4x4 board, against a derivation written
 * here from each cell's row and column: the blank's neighbour below, to the left, to the right and
 * above, where it is on the board; and a few cells worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { DOWN, LEFT, MOVES, MOVE_LETTERS, RIGHT, UP, reverseMove, slidingBoard } from '../../core/sliding-board';

/** The cell a step of (rows, columns) from `cell` lands on, or -1 off the board, from coordinates alone. */
function neighbour(side: number, cell: number, rows: number, columns: number): number {
  const row = Math.floor(cell / side) + rows;
  const column = (cell % side) + columns;
  return row < 0 || row >= side || column < 0 || column >= side ? -1 : row * side + column;
}

/** Where each move (d, l, r, u) takes the blank: one row down, one column left, right, one row up. */
const DELTAS = [
  [1, 0],
  [0, -1],
  [0, 1],
  [-1, 0],
];

describe.each([3, 4])('the %ix%i sliding board', (side) => {
  const board = slidingBoard(side);
  const cells = Array.from({ length: side * side }, (_, cell) => cell);

  it('moves the blank from every cell to the neighbour each move names, in d, l, r, u order, and nowhere off the board', () => {
    expect(board.cells).toBe(side * side);
    for (const cell of cells) {
      const expected = DELTAS.map(([rows, columns]) => neighbour(side, cell, rows, columns));
      expect(DELTAS.map((_, move) => board.blankTarget(cell, move)), `cell ${cell}`).toEqual(expected);
      expect(Array.from(board.targets.subarray(cell * MOVES, cell * MOVES + MOVES)), `cell ${cell}`).toEqual(expected);
      expect(board.blankMoves[cell], `cell ${cell}`).toEqual([0, 1, 2, 3].filter((move) => expected[move] >= 0));
      for (const move of board.blankMoves[cell]) expect(cell + board.step[move]).toBe(expected[move]);
    }
    expect(board.blankTarget(0, -1)).toBe(-1);
    expect(board.blankTarget(0, 4)).toBe(-1);
  });

  it('undoes each move by its reverse', () => {
    for (const cell of cells) for (const move of board.blankMoves[cell]) expect(board.blankTarget(board.blankTarget(cell, move), reverseMove(move))).toBe(cell);
  });

  it('has each cell\'s row and column, and the cells of every row, then of every column', () => {
    expect(Array.from(board.rowOf)).toEqual(cells.map((cell) => Math.floor(cell / side)));
    expect(Array.from(board.columnOf)).toEqual(cells.map((cell) => cell % side));
    const rows = Array.from({ length: side }, (_, row) => Array.from({ length: side }, (__, column) => row * side + column));
    const columns = Array.from({ length: side }, (_, column) => Array.from({ length: side }, (__, row) => row * side + column));
    expect(Array.from(board.lineCells)).toEqual([...rows, ...columns].flat());
  });

  it('names the two lines whose order a move changes: the rows of a move up or down, else the columns', () => {
    const lineOf = (cells: number[][], cell: number) => cells.findIndex((line) => line.includes(cell));
    const rows = Array.from({ length: side }, (_, row) => Array.from({ length: side }, (__, column) => row * side + column));
    const columns = Array.from({ length: side }, (_, column) => Array.from({ length: side }, (__, row) => row * side + column));
    for (const cell of cells) {
      for (const move of board.blankMoves[cell]) {
        const target = board.blankTarget(cell, move);
        const expected = move === DOWN || move === UP ? [lineOf(rows, cell), lineOf(rows, target)] : [side + lineOf(columns, cell), side + lineOf(columns, target)];
        const at = (cell * MOVES + move) * 2;
        expect([board.changedLines[at], board.changedLines[at + 1]], `cell ${cell} move ${MOVE_LETTERS[move]}`).toEqual(expected);
      }
    }
  });

  it('mirrors about the main diagonal: a cell to its row and column swapped, and a move to the one the mirror makes of it', () => {
    for (const cell of cells) {
      expect(board.reflectedCell[cell]).toBe((cell % side) * side + Math.floor(cell / side));
      expect(board.reflectedCell[board.reflectedCell[cell]]).toBe(cell);
      for (const move of board.blankMoves[cell]) expect(board.blankTarget(board.reflectedCell[cell], board.reflectedMove[move])).toBe(board.reflectedCell[board.blankTarget(cell, move)]);
    }
  });
});

describe('the sliding boards', () => {
  it('move the blank as worked by hand: the 3x3 board\'s centre and corners, and the 4x4 board\'s', () => {
    const three = slidingBoard(3);
    expect(three.blankMoves[4].map((move) => three.blankTarget(4, move))).toEqual([7, 3, 5, 1]);
    expect(three.blankMoves[0]).toEqual([DOWN, RIGHT]);
    expect(three.blankMoves[8]).toEqual([LEFT, UP]);
    expect(three.step).toEqual([3, -1, 1, -3]);
    const four = slidingBoard(4);
    expect(four.blankMoves[15].map((move) => four.blankTarget(15, move))).toEqual([14, 11]);
    expect(four.blankMoves[3].map((move) => four.blankTarget(3, move))).toEqual([7, 2]);
    expect(four.blankMoves[5].map((move) => four.blankTarget(5, move))).toEqual([9, 4, 6, 1]);
    expect(four.step).toEqual([4, -1, 1, -4]);
    expect(MOVE_LETTERS).toBe('dlru');
  });

  it('refuse a side no board has', () => {
    for (const side of [0, 1, 2.5, 12]) expect(() => slidingBoard(side)).toThrow(new RangeError(`a sliding board's side is a whole number from 2 to 11, not ${side}`));
  });
});
