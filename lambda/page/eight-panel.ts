/**
 * The eight panel: the from and to boards to edit (a click on two cells of one board swaps them;
 * after Solve, a click on a marked tile of from moves the blank there), Solve asking the API, the
 * answer played back, and the eight table's histogram and farthest pairs.
 */
import type { TableStatsResponse } from '../../api/answers';
import type { EightResponse } from '../../puzzles/eight/response';
import { MAX_LIMIT } from '../../puzzles/knights/rules/query';
import { swapCells } from './boards';
import { ask, byId, say } from './dom';
import { farthestList } from './farthest';
import { hintAt, markHint } from './hints';
import { distanceHistogram } from './histogram';
import { type MoveValue, type Playable, player, unsolve } from './player';

type Side = 'from' | 'to';

/** How far the blank's moves (down, left, right, up) take it along the 9 cells. */
const STEP: Record<string, number> = { d: 3, l: -1, r: 1, u: -3 };

export type EightPanel = ReturnType<typeof eightPanel>;

/** Sets the panel up on the boards the page opened with; `saveUrl` keeps them in the URL. */
export function eightPanel(openedFrom: string, openedTo: string, saveUrl: () => void) {
  const eight: Playable<string, string> & { to: string; picked: { which: Side; cell: number } | null } = {
    position: openedFrom,
    to: openedTo,
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
    (board, move) => swapCells(board, board.indexOf('X'), board.indexOf('X') + STEP[move]),
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
      // an eight answer is never beyond a limit: the limit only words a badge that never shows
      if (which === 'from') markHint(button, eightHintAt(i), MAX_LIMIT);
      button.addEventListener('click', pick);
      board.appendChild(button);
    }
  }

  /** The hint for the from board's `cell`: the blank's move that takes it there. */
  function eightHintAt(cell: number): MoveValue<string> | undefined {
    const blank = eight.position.indexOf('X');
    return hintAt(eight, (hint) => blank + STEP[hint.move] === cell);
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
      const answer = await ask<EightResponse>(`/eight?from=${eight.position}&to=${eight.to}`);
      eight.start = eight.position;
      eight.path = answer.path.split('');
      eight.moves = answer.moves;
      eight.at = 0;
      say('estatus', answer.steps === 0 ? 'Already there: 0 moves.' : `${answer.steps} moves (${answer.source}): ${answer.path}`);
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
  function showTable(table: TableStatsResponse): void {
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

  return { from: () => eight.position, to: () => eight.to, draw: drawEight, showTable };
}
