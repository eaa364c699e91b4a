/**
 * The fifteen panel: the 4x4 board to edit (a click on two cells swaps them), Scramble (a random
 * solvable board), Solve asking the API, the answer played back, and after Solve every move of the
 * blank marked on the tile it would take the place of (a click on one plays it). A board that
 * cannot reach the goal is said to be so at once, by the parity rule, before anything is asked.
 * The 15-puzzle has no stored tables, so the panel reads nothing in /stats. Its URL field is the
 * board, `fifteen=2,3,4,0,…` (not `board`, which the knights panel's is: the panels share one query).
 */
import { MOVE_LETTERS, slidingBoard } from '../../../core/sliding-board';
import { swapCells } from '../../../widgets/board-cells';
import { type Solving, askUntilAnswered, byId, say } from '../../../widgets/dom';
import { hintAt, markHint } from '../../../widgets/hints';
import type { MoveValue } from '../../../widgets/move-value';
import type { OpenedUrl, PagePanel } from '../../../widgets/panel';
import { type Playable, player, unsolve } from '../../../widgets/player';
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

/** A cell's tile as a number (0 the blank). */
const tileOf = (cells: string, cell: number) => parseInt(cells[cell], 16);

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
function openFifteenPanel(opened: OpenedUrl, saveUrl: () => void) {
  const fifteen: Playable<string, string> & { picked: number | null; unvalued: string | null } = {
    position: cellsFromUrl(opened.field('fifteen')) ?? SAMPLE,
    path: [],
    moves: [],
    at: 0,
    start: null,
    timer: null,
    // the first of two cells clicked to swap
    picked: null,
    // why the answer's moves are not valued (the API's movesUnvalued), while its board is shown
    unvalued: null,
  };
  const fifteenPlayer = player<string>(
    'f',
    fifteen,
    (board, move) => swapCells(board, board.indexOf(BLANK), board.indexOf(BLANK) + stepOf(move)),
    drawFifteen,
    'fstatus',
    300,
  );

  function drawFifteen(): void {
    const board = byId('fboard');
    board.textContent = '';
    for (let i = 0; i < 16; i++) {
      const tile = tileOf(fifteen.position, i);
      const button = document.createElement('button');
      button.className = (tile === 0 ? 'f-blank' : 'f-tile') + (fifteen.picked === i ? ' f-sel' : '');
      button.textContent = tile === 0 ? '' : String(tile);
      button.dataset.cell = String(i);
      button.dataset.tile = String(tile);
      button.setAttribute('aria-label', `cell ${i + 1}: ${tile === 0 ? 'blank' : `tile ${tile}`}`);
      // a fifteen question has no limit: every valued move's value is a distance
      markHint(button, fifteenHintAt(i));
      button.addEventListener('click', pick);
      board.appendChild(button);
    }
    drawCheck();
    drawNote();
  }

  /** Says at once whether the board shown can reach the goal, and why not when it cannot. */
  function drawCheck(): void {
    if (isSolvable(fifteen.position)) {
      say('fcheck', '');
      return;
    }
    const inversions = inversionsOf(fifteen.position);
    const rows = rowsBelowBlank(fifteen.position);
    say(
      'fcheck',
      `This board cannot reach the goal: its ${inversions} ${inversions === 1 ? 'inversion' : 'inversions'} (pairs of tiles out of order, the blank left out) plus the ${rows} ${rows === 1 ? 'row' : 'rows'} between the blank and the bottom row make an odd number, and no move changes its parity. Swap two tiles to fix it.`,
      true,
    );
  }

  /** The hint for `cell`: the blank's move that takes it there, while the answered board is shown. */
  function fifteenHintAt(cell: number): MoveValue<string> | undefined {
    const blank = fifteen.position.indexOf(BLANK);
    return hintAt(fifteen, (hint) => blank + stepOf(hint.move) === cell);
  }

  /** The note under the board: why the moves are not marked, while the answered board is shown. */
  function drawNote(): void {
    const showing = fifteen.unvalued !== null && fifteen.start === fifteen.position;
    byId('fnote').textContent = showing ? `The moves are not marked: ${fifteen.unvalued}` : '';
  }

  function pick(event: Event): void {
    const cell = Number((event.currentTarget as HTMLElement).dataset.cell);
    if (fifteenHintAt(cell)) {
      // a marked move: the blank takes this tile's place; then the new board's answer
      fifteen.position = swapCells(fifteen.position, fifteen.position.indexOf(BLANK), cell);
      fifteen.picked = null;
      void solveFifteen(cell);
      return;
    }
    edited();
    if (fifteen.picked === null) {
      fifteen.picked = cell;
    } else {
      fifteen.position = swapCells(fifteen.position, cell, fifteen.picked);
      fifteen.picked = null;
      saveUrl();
    }
    drawFifteen();
    focusCell(cell);
  }

  /** The board is being changed by hand: the answer and its note go (and an answer still coming is not wanted). */
  function edited(): void {
    asking++;
    clearInterval(ticking);
    unsolve(fifteen, fifteenPlayer);
    fifteen.unvalued = null;
    say('fstatus', '');
  }

  function focusCell(cell: number): void {
    document.querySelector<HTMLElement>(`#fboard [data-cell="${cell}"]`)?.focus();
  }

  /** Each Solve's number: an answer that comes after another Solve (or after the board changed) is not shown. */
  let asking = 0;
  /** Counts the seconds of a background solve on the status line between two asks. */
  let ticking: ReturnType<typeof setInterval> | undefined;

  /** Says that the board is being solved in the background, and for how long, each second. */
  function showSolving(solving: Solving): void {
    clearInterval(ticking);
    const heard = performance.now();
    const show = () =>
      say('fstatus', `Solving in the background (this board needs more search than one request may spend): ${solving.seconds + Math.floor((performance.now() - heard) / 1000)} s so far. The answer appears here when it is ready, and is kept for everyone.`);
    show();
    ticking = setInterval(show, 1000);
  }

  async function solveFifteen(focus?: number): Promise<void> {
    fifteenPlayer.stop();
    fifteen.picked = null;
    saveUrl();
    if (!isSolvable(fifteen.position)) {
      // the sentence above says why; nothing to ask
      asking++;
      say('fstatus', '');
      drawFifteen();
      return;
    }
    say('fstatus', 'Solving\u2026');
    const asked = fifteen.position;
    const mine = ++asking;
    try {
      const answer = await askUntilAnswered<FifteenResponse>('/fifteen', { board: numbersOf(asked) }, showSolving, () => mine === asking && fifteen.position === asked);
      if (answer === undefined || mine !== asking) return; // another question was asked meanwhile: its count is its own
      clearInterval(ticking);
      fifteen.position = asked;
      fifteen.start = asked;
      fifteen.path = answer.path.split('');
      fifteen.moves = answer.moves;
      fifteen.unvalued = answer.movesUnvalued ?? null;
      fifteen.at = 0;
      say('fstatus', answer.steps === 0 ? 'Already there: 0 moves.' : `${answer.steps} ${answer.steps === 1 ? 'move' : 'moves'} (${answer.source}): ${answer.path}`);
    } catch (error) {
      if (mine !== asking) return;
      clearInterval(ticking);
      say('fstatus', (error as Error).message, true);
      fifteen.start = null;
      fifteen.path = [];
      fifteen.moves = [];
      fifteen.unvalued = null;
    }
    drawFifteen();
    fifteenPlayer.buttons();
    if (focus !== undefined) focusCell(focus);
  }

  byId('fsolve').addEventListener('click', () => void solveFifteen());
  byId('fscramble').addEventListener('click', () => {
    edited();
    fifteen.picked = null;
    fifteen.position = scrambled();
    saveUrl();
    drawFifteen();
  });

  drawFifteen();
  return { urlFields: () => ({ fifteen: numbersOf(fifteen.position) }), showStats: () => Promise.resolve() };
}
