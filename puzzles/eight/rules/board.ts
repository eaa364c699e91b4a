/**
 * The eight puzzle: a 3x3 board written as 9 characters row by row, tiles `1`..`8` and the blank
 * `X` (or `x`), spaces and `/` between them ignored. Internally a board is 9 numbers with 0 for
 * the blank, so that it is a permutation of 0..8.
 */
import { InvalidInputError } from '../../../core/errors';
import { SEPARATORS_IGNORED, boardText } from '../../../core/board-text';
import { printable } from '../../../core/printable';
import { DOWN, LEFT, MOVE_LETTERS, RIGHT, UP, reverseMove, slidingBoard } from '../../../core/sliding-board';

/** The blank's moves d < l < r < u, as every sliding board has them. */
export { DOWN, LEFT, MOVE_LETTERS, RIGHT, UP, reverseMove };

export const SIDE = 3;
/** The 3x3 board's cells, moves, rows and columns. */
export const GEOMETRY = slidingBoard(SIDE);
export const CELLS = GEOMETRY.cells;
export const BLANK = 0;
/** The cell the blank reaches by `move` from `blank`, or -1 when it would leave the board. */
export const blankTarget = GEOMETRY.blankTarget;
/** The blank's legal moves from each cell, in lexicographic order. */
export const BLANK_MOVES = GEOMETRY.blankMoves;

/** Cells 0..8 holding 0 (blank) or a tile 1..8, each exactly once. */
export type EightBoard = readonly number[];

/** Nine symbols of a board and nothing around or between them. */
const PLAIN_BOARD = /^[1-8Xx]{9}$/;
/** The bits of 0..8: every tile and the blank seen once each. */
const ALL_SEEN = (1 << CELLS) - 1;

/**
 * Reads a board of 9 cells row by row, such as `12X453786`: the tiles 1 to 8 and `X` for the blank
 * (a lower-case `x` too: a person types either). Spaces and `/` may stand anywhere between cells
 * (`12X 453 786`, `12X/453/786`) and are ignored, the one rule of core/board-text.ts.
 */
export function parseEightBoard(text: string, what = 'The board'): EightBoard {
  // A board typed as 9 symbols and nothing else (judge input has thousands) skips the separators'
  // split; every other text is read by the one rule, with its messages.
  const symbols: ArrayLike<string> = PLAIN_BOARD.test(text) ? text : boardText(text).cells;
  const shown = () => shownAs(what, text);
  if (symbols.length !== CELLS) {
    throw new InvalidInputError(
      `${shown()} has ${symbols.length} characters${boardText(text).separated ? ' besides the spaces and "/"' : ''}; a board is 9: the tiles 1 to 8 and X (or x) for the blank, row by row (like 12345678X; ${SEPARATORS_IGNORED}).`,
    );
  }
  const cells = new Array<number>(CELLS);
  let seen = 0;
  for (let cell = 0; cell < CELLS; cell++) {
    const symbol = symbols[cell];
    if (symbol === 'X' || symbol === 'x') cells[cell] = BLANK;
    else if (symbol >= '1' && symbol <= '8') cells[cell] = symbol.charCodeAt(0) - 48;
    else throw new InvalidInputError(`${shown()} has "${printable(symbol)}" at position ${cell + 1}; use only the tiles 1 to 8 and X (or x) for the blank.`);
    seen |= 1 << cells[cell];
  }
  if (seen !== ALL_SEEN) {
    const names = [0, 1, 2, 3, 4, 5, 6, 7, 8].filter((value) => !(seen & (1 << value))).map(symbolOf).join(', ');
    throw new InvalidInputError(`${shown()} lacks ${names}; each of the tiles 1 to 8 and the blank X appears exactly once.`);
  }
  return cells;
}

/** The board as a refusal quotes it. */
function shownAs(what: string, text: string): string {
  return `${what} "${printable(text.trim())}"`;
}

export function formatEightBoard(board: EightBoard): string {
  let text = '';
  for (const value of board) text += symbolOf(value);
  return text;
}

function symbolOf(value: number): string {
  return value === BLANK ? 'X' : String(value);
}

/** Plays a move string and returns the board reached; throws on a letter that is not a legal move. */
export function playEightLine(board: EightBoard, line: string): EightBoard {
  const cells = [...board];
  let blank = cells.indexOf(BLANK);
  for (const letter of line) {
    const target = blankTarget(blank, MOVE_LETTERS.indexOf(letter));
    if (target < 0) throw new InvalidInputError(`"${printable(letter)}" is not a legal move of the blank at cell ${blank}.`);
    cells[blank] = cells[target];
    cells[target] = BLANK;
    blank = target;
  }
  return cells;
}

/** Parity of the tiles' order read row by row, ignoring the blank: moves never change it on a 3-wide board. */
export function tileParity(board: EightBoard): number {
  let inversions = 0;
  for (let i = 0; i < CELLS; i++) {
    if (board[i] === BLANK) continue;
    for (let j = i + 1; j < CELLS; j++) if (board[j] !== BLANK && board[i] > board[j]) inversions++;
  }
  return inversions & 1;
}

/** Whether `to` can be reached from `from` at all. Exactly half of all pairs cannot. */
export function isReachable(from: EightBoard, to: EightBoard): boolean {
  return tileParity(from) === tileParity(to);
}
