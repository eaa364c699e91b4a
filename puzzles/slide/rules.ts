/**
 * The 2x3 sliding puzzle, the smallest puzzle assembled from every role: tiles 1..5 and a blank `0` on
 * two rows of three, written as 6 digits row by row (`/` may separate the rows). A move slides the
 * blank d, l, r or u; the goal is 123450. 360 positions reach it. Its move numbers are the cells
 * the blank moves to, in d, l, r, u order, as the stored tables want them.
 */
import { type BfsTable, type StateSpace, breadthFirst, distanceOf, lineOf } from '../../core/bfs';
import { cantorRank, cantorUnrank, factorial } from '../../core/cantor';
import { InvalidInputError } from '../../core/errors';
import { printable } from '../../core/printable';

export const CELLS = 6;
export const GOAL = '123450';
export type SlideBoard = string;

/** Where the blank can go from each cell, in d, l, r, u order. */
export const BLANK_TARGETS: readonly (readonly number[])[] = Array.from({ length: CELLS }, (_, cell) => {
  const row = Math.floor(cell / 3);
  const column = cell % 3;
  return [row === 0 ? cell + 3 : -1, column > 0 ? cell - 1 : -1, column < 2 ? cell + 1 : -1, row === 1 ? cell - 3 : -1].filter((target) => target >= 0);
});

export function parseSlideBoard(text: string): SlideBoard {
  const board = text.replace(/[\s/]/g, '');
  if (!/^[0-5]{6}$/.test(board) || new Set(board).size !== CELLS) {
    throw new InvalidInputError(`A 2x3 board is the digits 0 to 5, each once, such as 123450; got "${printable(text)}".`);
  }
  return board;
}

export function letterOf(from: number, to: number): string {
  return { 3: 'd', [-1]: 'l', 1: 'r', [-3]: 'u' }[to - from]!;
}

export function lettersOf(blank: number, cells: readonly number[]): string {
  let from = blank;
  return cells.map((cell) => letterOf(from, (from = cell))).join('');
}

export function encodeSlide(board: SlideBoard): number {
  return cantorRank([...board].map(Number));
}

export function decodeSlide(code: number): SlideBoard {
  return Array.from(cantorUnrank(code, new Uint8Array(CELLS))).join('');
}

function moved(code: number, target: number): number {
  const board = [...decodeSlide(code)];
  const blank = board.indexOf('0');
  [board[blank], board[target]] = [board[target], board[blank]];
  return encodeSlide(board.join(''));
}

const blankOf = (code: number) => decodeSlide(code).indexOf('0');

export const slideSpace: StateSpace = {
  size: factorial(CELLS),
  maxDegree: 3,
  rank: (code) => code,
  degree: (code) => BLANK_TARGETS[blankOf(code)].length,
  moveAt: (code, index) => BLANK_TARGETS[blankOf(code)][index],
  applyMove: moved,
  step: (code, index) => moved(code, BLANK_TARGETS[blankOf(code)][index]),
  backIndex: (code, index) => BLANK_TARGETS[BLANK_TARGETS[blankOf(code)][index]].indexOf(blankOf(code)),
};

let table: BfsTable | undefined;

/** The whole space around the goal, within `depth` moves (all of it by default). */
export function slideTable(depth?: number): BfsTable {
  if (depth !== undefined) return breadthFirst(slideSpace, encodeSlide(GOAL), depth);
  return (table ??= breadthFirst(slideSpace, encodeSlide(GOAL)));
}

/** The distance and lex-min line of a board, or undefined when the goal cannot be reached. */
export function solveSlide(board: SlideBoard): { steps: number; cells: number[] } | undefined {
  const code = encodeSlide(board);
  const steps = distanceOf(slideTable(), code);
  return steps === undefined ? undefined : { steps, cells: lineOf(slideTable(), code)! };
}
