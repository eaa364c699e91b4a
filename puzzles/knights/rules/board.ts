/**
 * The knights board: 5x5 cells numbered 0..24 row by row, holding 12 white knights (`0`),
 * 12 black knights (`1`) and one empty square (`*`). A parsed board is its 25 characters in
 * cell order, so it can be compared, printed and used as a key directly.
 */
import { InvalidInputError } from '../../../core/errors';
import { SEPARATORS_IGNORED, boardText } from '../../../core/board-text';
import { printable } from '../../../core/printable';

export const SIDE = 5;
export const CELLS = SIDE * SIDE;
export const WHITE = '0';
export const BLACK = '1';
export const EMPTY = '*';
export const KNIGHTS_PER_COLOUR = 12;

/** 25 characters of `0`, `1` and `*`, validated: 12 of each knight and one empty square. */
export type KnightsBoard = string & { readonly __knightsBoard: unique symbol };

/**
 * Reads a board as a person writes it: 5 rows joined by `/` (`10110/01*11/10111/01001/00000`), 5
 * lines, the 25 characters alone, or any of these with spaces; spaces and `/` may stand anywhere
 * between cells and are ignored (the one rule of core/board-text.ts), so what counts is the 25
 * cells in order.
 */
export function parseKnightsBoard(text: string): KnightsBoard {
  const { cells, groups, separated } = boardText(text);
  if (cells.length === 0) throw new InvalidInputError('The board is empty: give 5 rows of 5 cells joined by "/", or the 25 characters alone.');
  if (cells.length !== CELLS) {
    // rows of 5 each, but not 5 of them: said in rows, as they were written
    if (separated && groups.every((group) => [...group].length === SIDE)) {
      throw new InvalidInputError(`A board has 5 rows of 5 cells; this one has ${groups.length} row${groups.length === 1 ? '' : 's'}.`);
    }
    // else the cells are counted as typed: a stray space in a row is no row of its own
    throw new InvalidInputError(`A board has 25 cells (5 rows of 5, joined by "/", or the 25 characters alone; ${SEPARATORS_IGNORED}); this one has ${cells.length}.`);
  }
  cells.forEach((symbol, cell) => {
    if (symbol !== WHITE && symbol !== BLACK && symbol !== EMPTY) throw notACell(symbol, Math.floor(cell / SIDE), cell % SIDE);
  });
  return countedBoard(cells.join(''));
}

function notACell(symbol: string, row: number, column: number): InvalidInputError {
  return new InvalidInputError(
    `Row ${row + 1}, column ${column + 1} holds "${printable(symbol)}", which is not a cell: use 0 (white knight), 1 (black knight) or * (the empty square).`,
  );
}

/** Validates a board given as its 5 rows (the judge's lines, each a row). */
export function parseKnightsRows(rows: readonly string[]): KnightsBoard {
  if (rows.length !== SIDE) {
    throw new InvalidInputError(`A board has 5 rows of 5 cells; this one has ${rows.length} row${rows.length === 1 ? '' : 's'}.`);
  }
  rows.forEach((row, r) => {
    const cells = [...row];
    if (cells.length !== SIDE) {
      throw new InvalidInputError(`Row ${r + 1} ("${printable(row)}") has ${cells.length} cells; every row has 5.`);
    }
    cells.forEach((symbol, c) => {
      if (symbol !== WHITE && symbol !== BLACK && symbol !== EMPTY) throw notACell(symbol, r, c);
    });
  });
  return countedBoard(rows.join(''));
}

/** 25 cells of 0, 1 and *: checked for 12 of each knight and one empty square. */
function countedBoard(cells: string): KnightsBoard {
  let whites = 0;
  let blacks = 0;
  for (let cell = 0; cell < cells.length; cell++) {
    if (cells[cell] === WHITE) whites++;
    else if (cells[cell] === BLACK) blacks++;
  }
  const empties = cells.length - whites - blacks; // every cell is one of the three
  if (whites !== KNIGHTS_PER_COLOUR || blacks !== KNIGHTS_PER_COLOUR || empties !== 1) {
    throw new InvalidInputError(
      `A board holds 12 white knights (0), 12 black knights (1) and one empty square (*); this one has ${whites} white, ${blacks} black and ${empties} empty.`,
    );
  }
  return cells as KnightsBoard;
}

/** The board as 5 rows joined by `/`. */
export function formatKnightsBoard(board: KnightsBoard, separator = '/'): string {
  return `${board.slice(0, 5)}${separator}${board.slice(5, 10)}${separator}${board.slice(10, 15)}${separator}${board.slice(15, 20)}${separator}${board.slice(20, 25)}`;
}

export function emptyCell(board: KnightsBoard): number {
  return board.indexOf(EMPTY);
}

/**
 * The cells a knight's jump away from each cell, in increasing order: the moves of the empty
 * square in the puzzle's lexicographic order (ascending cells).
 */
export const KNIGHT_JUMPS: readonly (readonly number[])[] = Array.from({ length: CELLS }, (_, cell) => {
  const row = Math.floor(cell / SIDE);
  const column = cell % SIDE;
  const targets: number[] = [];
  for (const [dr, dc] of [[-2, -1], [-2, 1], [-1, -2], [-1, 2], [1, -2], [1, 2], [2, -1], [2, 1]]) {
    const r = row + dr;
    const c = column + dc;
    if (r >= 0 && r < SIDE && c >= 0 && c < SIDE) targets.push(r * SIDE + c);
  }
  return targets.sort((a, b) => a - b);
});

/** Plays a line (cells the empty square moves to) and returns the board reached. Throws on an illegal move. */
export function playKnightsLine(board: KnightsBoard, line: readonly number[]): KnightsBoard {
  const cells = [...board];
  let empty = emptyCell(board);
  for (const target of line) {
    if (!KNIGHT_JUMPS[empty].includes(target)) throw new InvalidInputError(`Cell ${target} is not a knight's jump from the empty square at cell ${empty}.`);
    cells[empty] = cells[target];
    cells[target] = EMPTY;
    empty = target;
  }
  return cells.join('') as KnightsBoard;
}
