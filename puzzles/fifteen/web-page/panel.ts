/**
 * The fifteen panel: the 4x4 board to edit (a click on two cells swaps them), Scramble (a random
 * solvable board), Solve asking the API, the answer played back, and after Solve every move of the
 * blank marked on the tile it would take the place of (a click on one plays it). A board that
 * cannot reach the goal is said to be so at once, by the parity rule, and Solve is disabled.
 * The 15-puzzle has no stored tables, so the panel reads nothing in /stats. Its URL field is the
 * board, `fifteen=2,3,4,0,…` (not `board`, which the knights panel's is: the panels share one query).
 * The board panel's work is the widget's (widgets/sliding-board.ts), the wait for a board solved
 * in the background among it.
 */
import { MOVE_LETTERS, slidingBoard } from '../../../core/sliding-board';
import { swapCells } from '../../../widgets/board-cells';
import { byId } from '../../../widgets/dom';
import type { OpenPanel, OpenedUrl, PagePanel } from '../../../widgets/panel';
import { SlidingBoardPanel, openedBoard } from '../../../widgets/sliding-board';
import type { FifteenResponse } from '../response';

/**
 * A board as the panel keeps it: 16 characters row by row, one hex digit a cell, the tiles 1 to 15
 * as 1..f and the blank as 0 (one character a cell, so the widgets' swaps and the player work on it).
 */
const GOAL = '123456789abcdef0';
/** The SPEC's sample, 9 moves from the goal: the board the panel opens with. */
const SAMPLE = '2340157896acdebf';
const BLANK = '0';

/** How far the blank's moves on the 4x4 board take it along the 16 cells. */
const { step } = slidingBoard(4);
/** The step of a move named by its letter: d, l, r or u. */
const stepOf = (letter: string) => step[MOVE_LETTERS.indexOf(letter)];

export const panel: PagePanel = { name: 'fifteen', open: openFifteenPanel };

/** The board as the API and the URL write it: 16 numbers joined by commas. */
const numbersOf = (cells: string) => Array.from(cells, (digit) => parseInt(digit, 16)).join(',');

/** The URL's board, if it is one: 16 whole numbers (commas, spaces or "/" between), each of 0 to 15 once. */
function cellsFromUrl(value: string | null): string | null {
  if (value === null) return null;
  const numbers = value.split(/[\s,/]+/).filter((token) => token !== '');
  if (numbers.length !== 16 || !numbers.every((token) => /^\d{1,2}$/.test(token) && Number(token) <= 15)) return null;
  const cells = numbers.map((token) => Number(token).toString(16)).join('');
  return new Set(cells).size === 16 ? cells : null;
}

/** Pairs of tiles out of order, the blank left out. */
function inversionsOf(cells: string): number {
  const tiles = Array.from(cells, (digit) => parseInt(digit, 16)).filter((tile) => tile !== 0);
  let count = 0;
  for (let i = 0; i < tiles.length; i++) for (let j = i + 1; j < tiles.length; j++) if (tiles[i] > tiles[j]) count++;
  return count;
}

/** Rows between the blank and the bottom row. */
const rowsBelowBlank = (cells: string) => 3 - Math.floor(cells.indexOf(BLANK) / 4);

/**
 * Whether the board reaches the goal: its inversions plus the rows between the blank and the
 * bottom row is even (the server's rule, puzzles/fifteen/rules/board.ts: a move left or right
 * changes neither, a move up or down changes both by an odd number).
 */
const isSolvable = (cells: string) => (inversionsOf(cells) + rowsBelowBlank(cells)) % 2 === 0;

/** A uniformly random whole number from 0 to n - 1 (n ≤ 2^32): crypto's, without modulo bias. */
function randomBelow(n: number): number {
  const buffer = new Uint32Array(1);
  // the largest multiple of n that a Uint32 reaches: values at or past it are drawn again
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  do crypto.getRandomValues(buffer);
  while (buffer[0] >= limit);
  return buffer[0] % n;
}

/**
 * A uniformly random solvable board. Fisher-Yates makes each of the 16! boards equally likely; an
 * unsolvable one then has the tiles on its first two non-blank cells swapped. That swap changes the
 * inversions by an odd number and leaves the blank where it is, so it turns each unsolvable board
 * into a solvable one, and it is its own inverse on the boards with the blank in the same place:
 * a one-to-one map from the unsolvable boards onto the solvable ones. Each solvable board is thus
 * reached from exactly two shuffles (itself and its unsolvable twin), with probability 2/16!, the
 * same for all 16!/2 of them: uniform.
 */
function scrambled(): string {
  const cells = GOAL.split('');
  for (let i = cells.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1);
    [cells[i], cells[j]] = [cells[j], cells[i]];
  }
  const board = cells.join('');
  if (isSolvable(board)) return board;
  const [a, b] = [0, 1, 2].filter((cell) => board[cell] !== BLANK);
  return swapCells(board, a, b);
}

/** Sets the panel up on the board the URL opened with; `saveUrl` keeps it in the URL. */
function openFifteenPanel(opened: OpenedUrl, saveUrl: () => void): OpenPanel {
  const board = new SlidingBoardPanel<string, FifteenResponse>(
    {
      prefix: 'f',
      boards: [{ id: 'fboard', opened: openedBoard(opened, 'fifteen', cellsFromUrl, SAMPLE, { what: 'a 15-puzzle board (16 numbers, each of 0 to 15 once)', instead: `the sample ${numbersOf(SAMPLE)}` }) }],
      blank: BLANK,
      target: (position, move) => position.indexOf(BLANK) + stepOf(move),
      edit: 'swap',
      drawCell: (button, digit, cell) => {
        const tile = parseInt(digit, 16);
        button.className = tile === 0 ? 'f-blank' : 'f-tile';
        button.textContent = tile === 0 ? '' : String(tile);
        button.dataset.tile = String(tile);
        button.setAttribute('aria-label', `cell ${cell + 1}: ${tile === 0 ? 'blank' : `tile ${tile}`}`);
      },
      check: { id: 'fcheck', of: (position) => ({ sentence: isSolvable(position) ? '' : whyUnsolvable(position), solvable: isSolvable(position) }) },
      question: ([cells]) => ({ path: '/fifteen', fields: { board: numbersOf(cells) } }),
      line: (answer) => answer.path.split(''),
      describe: (answer) => (answer.steps === 0 ? 'Already there: 0 moves.' : `${answer.steps} ${answer.steps === 1 ? 'move' : 'moves'} (${answer.source}): ${answer.path}`),
      legend: { targets: 'the tiles the blank can take the place of', target: 'tile' },
      everyMs: 300,
    },
    saveUrl,
  );
  byId('fscramble').addEventListener('click', () => board.replace([scrambled()]));
  return { urlFields: () => ({ fifteen: numbersOf(board.cells()) }), showStats: () => Promise.resolve() };
}

/** Why a board cannot reach the goal: the parity rule, with its numbers. */
function whyUnsolvable(cells: string): string {
  const inversions = inversionsOf(cells);
  const rows = rowsBelowBlank(cells);
  return `This board cannot reach the goal: its ${inversions} ${inversions === 1 ? 'inversion' : 'inversions'} (pairs of tiles out of order, the blank left out) plus the ${rows} ${rows === 1 ? 'row' : 'rows'} between the blank and the bottom row make an odd number, and no move changes its parity. Swap two tiles to fix it.`;
}
