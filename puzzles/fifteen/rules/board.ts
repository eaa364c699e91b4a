/**
 * The 15-puzzle: a 4x4 board of the tiles 1 to 15 and a blank, written as 16 whole numbers row by
 * row with 0 for the blank. A person writes them with commas (`2,3,4,0,1,...`, as in a URL), with
 * spaces, or with `/` between rows, in any mix: every run of those separators is one separator.
 */
import { InvalidInputError, UnreachableError } from '../../../core/errors';
import { printable } from '../../../core/printable';
import { DOWN, LEFT, MOVE_LETTERS, RIGHT, UP, reverseMove, slidingBoard } from '../../../core/sliding-board';

/** The blank's moves in the SPEC's lexicographic order d < l < r < u, as in Eight II. */
export { DOWN, LEFT, MOVE_LETTERS, RIGHT, UP, reverseMove };

export const SIDE = 4;
/** The 4x4 board's cells, moves, rows and columns. */
export const GEOMETRY = slidingBoard(SIDE);
export const CELLS = GEOMETRY.cells;
export const BLANK = 0;
/** The cell the blank reaches by `move` from `blank`, or -1 off the board. */
export const blankTarget = GEOMETRY.blankTarget;
/** BLANK_MOVES[blank]: the legal moves from each cell, in d, l, r, u order. */
export const BLANK_MOVES = GEOMETRY.blankMoves;

/** Cells 0..15, each holding 0 (the blank) or a tile 1..15, each exactly once. */
export type FifteenBoard = readonly number[];

/** 1 2 3 ... 15 and the blank in the last cell. */
export const GOAL: FifteenBoard = Object.freeze([...Array.from({ length: CELLS - 1 }, (_, i) => i + 1), BLANK]);

const SEPARATORS = /[\s,/]+/u;
const EXAMPLE = '2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15';

/**
 * Reads a board: text of 16 whole numbers (commas, spaces and `/` between them, in any mix), or an
 * array of 16 integers as JSON gives it.
 */
export function parseFifteenBoard(value: unknown, what = 'The board'): FifteenBoard {
  let numbers: unknown[];
  if (typeof value === 'string') {
    numbers = value.split(SEPARATORS).filter((token) => token !== '').map((token) => (/^\d{1,2}$/.test(token) ? Number(token) : token));
  } else if (Array.isArray(value)) {
    numbers = value;
  } else {
    throw new InvalidInputError(`${what} must be 16 numbers, as text (${EXAMPLE}) or a JSON array of 16 integers.`);
  }
  if (numbers.length !== CELLS) {
    throw new InvalidInputError(`${what} has ${numbers.length} ${numbers.length === 1 ? 'number' : 'numbers'}; a board is 16: the tiles 1 to 15 and 0 for the blank, row by row (like ${EXAMPLE}; commas, spaces and "/" between them are all separators).`);
  }
  const wrong = numbers.findIndex((number) => typeof number !== 'number' || !Number.isInteger(number) || number < 0 || number > 15);
  if (wrong >= 0) {
    const shown = typeof numbers[wrong] === 'string' ? `"${printable(String(numbers[wrong]))}"` : printable(JSON.stringify(numbers[wrong]) ?? String(numbers[wrong]));
    throw new InvalidInputError(`${what} has ${shown} in cell ${wrong + 1} (row ${Math.floor(wrong / SIDE) + 1}, column ${(wrong % SIDE) + 1}); use only the tiles 1 to 15 and 0 for the blank.`);
  }
  const cells = numbers as number[];
  const missing = Array.from({ length: CELLS }, (_, i) => i).filter((tile) => !cells.includes(tile));
  if (missing.length > 0) {
    const repeated = [...new Set(cells.filter((tile, i) => cells.indexOf(tile) !== i))];
    throw new InvalidInputError(`${what} has ${repeated.join(', ')} more than once and lacks ${missing.join(', ')}; each of the tiles 1 to 15 and the blank 0 appears exactly once.`);
  }
  return cells;
}

export function formatFifteenBoard(board: FifteenBoard): string {
  return board.join(',');
}

/** Pairs of tiles out of order, the blank left out. */
export function inversionsOf(board: FifteenBoard): number {
  const tiles = board.filter((tile) => tile !== BLANK);
  let count = 0;
  for (let i = 0; i < tiles.length; i++) for (let j = i + 1; j < tiles.length; j++) if (tiles[i] > tiles[j]) count++;
  return count;
}

/** Rows between the blank and the bottom row. */
export function blankRowsAboveBottom(board: FifteenBoard): number {
  return SIDE - 1 - Math.floor(board.indexOf(BLANK) / SIDE);
}

/**
 * Whether the board reaches the goal: its inversions plus the rows between the blank and the
 * bottom row is even. A move left or right changes neither; a move up or down moves one tile past
 * three others (changing the inversions by an odd number) and the blank by one row.
 */
export function isSolvable(board: FifteenBoard): boolean {
  return (inversionsOf(board) + blankRowsAboveBottom(board)) % 2 === 0;
}

/** Refuses, before any search, a board that cannot reach the goal, saying why. */
export function assertSolvable(board: FifteenBoard): void {
  if (isSolvable(board)) return;
  const inversions = inversionsOf(board);
  const rows = blankRowsAboveBottom(board);
  throw new UnreachableError(
    `${formatFifteenBoard(board)} cannot reach the goal: its ${inversions} ${inversions === 1 ? 'inversion' : 'inversions'} (pairs of tiles out of order, the blank left out) plus the ${rows} ${rows === 1 ? 'row' : 'rows'} between the blank and the bottom row make an odd number, and no move changes that number's parity; half of all boards are like this.`,
  );
}

/** The board after a line of moves (letters d, l, r, u), each checked. */
export function playFifteenLine(board: FifteenBoard, line: string): FifteenBoard {
  const cells = [...board];
  let blank = cells.indexOf(BLANK);
  for (const letter of line) {
    const target = blankTarget(blank, MOVE_LETTERS.indexOf(letter));
    if (target < 0) throw new Error(`the move ${letter} leaves the board`);
    cells[blank] = cells[target];
    cells[target] = BLANK;
    blank = target;
  }
  return cells;
}
