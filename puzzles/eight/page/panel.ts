/**
 * The eight panel: the from and to boards to edit (a click on two cells of one board swaps them;
 * after Solve, a click on a marked tile of from moves the blank there), Solve asking the API, the
 * answer played back, and the eight table's histogram and farthest pairs. Its URL fields are the
 * two boards (from=…&to=…).
 */
import type { StatsResponse } from '../../../api/shapes';
import { MOVE_LETTERS, slidingBoard } from '../../../core/sliding-board';
import { cellsOrDefault, swapCells } from '../../../widgets/board-cells';
import { ask, byId, say } from '../../../widgets/dom';
import { farthestList } from '../../../widgets/farthest';
import { hintAt, markHint } from '../../../widgets/hints';
import { distanceHistogram } from '../../../widgets/histogram';
import type { MoveValue } from '../../../widgets/move-value';
import type { OpenedUrl, PagePanel } from '../../../widgets/panel';
import { type Playable, player, unsolve } from '../../../widgets/player';
import type { EightResponse } from '../response';

type Side = 'from' | 'to';

/** What an eight board's 9 cells look like: the tiles 1 to 8 and the blank, X. */
const EIGHT_CELLS = /^[1-8X]{9}$/;

/** How far the blank's moves on the 3x3 board take it along the 9 cells. */
const { step } = slidingBoard(3);
/** The step of a move named by its letter: d, l, r or u. */
const stepOf = (letter: string) => step[MOVE_LETTERS.indexOf(letter)];

export const panel: PagePanel = { name: 'eight', open: openEightPanel };

/** Sets the panel up on the boards the URL opened with; `saveUrl` keeps them in the URL. */
function openEightPanel(opened: OpenedUrl, saveUrl: () => void) {
  const eight: Playable<string, string> & { to: string; picked: { which: Side; cell: number } | null } = {
    position: cellsOrDefault(opened.field('from'), EIGHT_CELLS, '12X453786'),
    to: cellsOrDefault(opened.field('to'), EIGHT_CELLS, '12345678X'),
    path: [],
    moves: [],
    at: 0,
    start: null,
    timer: null,
    // the first of two cells clicked to swap
    picked: null,
  };
  const eightChart = distanceHistogram(byId('ehist'), 'Eight table (all 9 goals)');
  const eightPlayer = player<string>(
    'e',
    eight,
    (board, move) => swapCells(board, board.indexOf('X'), board.indexOf('X') + stepOf(move)),
    drawEight,
    'estatus',
    400,
  );

  function drawEight(): void {
    drawEightBoard('efrom', 'from');
    drawEightBoard('eto', 'to');
  }

  function drawEightBoard(id: string, which: Side): void {
    const board = byId(id);
    board.textContent = '';
    const tiles = which === 'from' ? eight.position : eight.to;
    for (let i = 0; i < 9; i++) {
      const tile = tiles[i];
      const button = document.createElement('button');
      const picked = eight.picked?.which === which && eight.picked.cell === i;
      button.className = (tile === 'X' ? 'x' : 't') + (picked ? ' sel' : '');
      button.textContent = tile === 'X' ? '' : tile;
      button.dataset.cell = String(i);
      button.dataset.tile = tile;
      button.dataset.which = which;
      button.setAttribute('aria-label', `${which} cell ${i}: ${tile === 'X' ? 'blank' : `tile ${tile}`}`);
      // an eight question has no limit: every move's value is a distance
      if (which === 'from') markHint(button, eightHintAt(i));
      button.addEventListener('click', pick);
      board.appendChild(button);
    }
  }

  /** The hint for the from board's `cell`: the blank's move that takes it there. */
  function eightHintAt(cell: number): MoveValue<string> | undefined {
    const blank = eight.position.indexOf('X');
    return hintAt(eight, (hint) => blank + stepOf(hint.move) === cell);
  }

  function pick(event: Event): void {
    const target = event.currentTarget as HTMLElement;
    const which = target.dataset.which as Side;
    const cell = Number(target.dataset.cell);
    if (which === 'from' && eightHintAt(cell)) {
      // a marked move: the blank takes this tile's place; then the new position's answer
      eight.position = swapCells(eight.position, eight.position.indexOf('X'), cell);
      eight.picked = null;
      void solveEight(cell);
      return;
    }
    unsolve(eight, eightPlayer);
    if (!eight.picked || eight.picked.which !== which) {
      eight.picked = { which, cell };
    } else {
      const swapped = swapCells(which === 'from' ? eight.position : eight.to, cell, eight.picked.cell);
      if (which === 'from') eight.position = swapped;
      else eight.to = swapped;
      eight.picked = null;
      saveUrl();
    }
    drawEight();
    say('estatus', '');
    document.querySelector<HTMLElement>(`[data-which="${which}"][data-cell="${cell}"]`)?.focus();
  }

  async function solveEight(focusCell?: number): Promise<void> {
    eightPlayer.stop();
    eight.picked = null;
    saveUrl();
    say('estatus', 'Solving\u2026');
    try {
      const answer = await ask<EightResponse>('/eight', { from: eight.position, to: eight.to });
      eight.start = eight.position;
      eight.path = answer.path.split('');
      eight.moves = answer.moves;
      eight.at = 0;
      say('estatus', answer.steps === 0 ? 'Already there: 0 moves.' : `${answer.steps} ${answer.steps === 1 ? 'move' : 'moves'} (${answer.source}): ${answer.path}`);
      eightChart.mark(answer.steps);
    } catch (error) {
      say('estatus', (error as Error).message, true);
      eight.path = [];
      eight.moves = [];
    }
    drawEight();
    eightPlayer.buttons();
    if (focusCell !== undefined) document.querySelector<HTMLElement>(`[data-which="from"][data-cell="${focusCell}"]`)?.focus();
  }

  /** The eight table as /stats describes it: its histogram and farthest pairs. */
  async function showStats(stats: Promise<StatsResponse>): Promise<void> {
    let table;
    try {
      table = (await stats).tables.eight;
    } catch (error) {
      byId('ehist').textContent = `The tables' statistics could not be read: ${(error as Error).message}`;
      return;
    }
    if (table === undefined) return;
    eightChart.show(table);
    farthestList('efar', table, (far) => `${far.board} \u2192 ${far.goal}`, (far) => {
      unsolve(eight, eightPlayer);
      eight.position = far.board;
      eight.to = far.goal;
      drawEight();
      void solveEight();
    });
  }

  byId('esolve').addEventListener('click', () => void solveEight());

  drawEight();
  return { urlFields: () => ({ from: eight.position, to: eight.to }), showStats };
}
