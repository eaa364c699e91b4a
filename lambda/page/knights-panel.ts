/**
 * The knights panel: the board to edit (a click cycles a cell; after Solve, a click on a marked
 * cell plays that move), Solve and Exact asking the API for the chosen goal within the limit, the
 * answer played back, and the chosen goal's histogram and farthest positions.
 */
import type { KnightsResponse } from '../../puzzles/knights/response';
import { cellsOf, rows, showKnightsCell, swapCells } from './boards';
import { ask, byId, say } from './dom';
import { farthestList } from './farthest';
import { hintAt, markHint, unmarkHint } from './hints';
import { distanceHistogram } from './histogram';
import { type KnightsGoalChoice, chooseGoal, chosenGoal, goalsSettled, onGoalPicked, sameGoal, wantedGoal } from './knights-goals';
import { askedLimit, fitLimitToGoal, limitToAsk, onLimitChange, setExactLimit } from './knights-limit';
import { type Playable, player, unsolve } from './player';

/** Cells of the 25 knights cells; '0' white, '1' black, '*' empty. */
type KnightsCell = '0' | '1' | '*';

const NAMES: Record<KnightsCell, string> = { '0': 'white knight', '1': 'black knight', '*': 'empty' };
/** What a click on an unmarked cell makes of it. */
const NEXT_CELL: Record<KnightsCell, KnightsCell> = { '0': '1', '1': '*', '*': '0' };

export type KnightsPanel = ReturnType<typeof knightsPanel>;

/** Sets the panel up on the board the page opened with; `saveUrl` keeps the board, goal and limit in the URL. */
export function knightsPanel(openedBoard: string, saveUrl: () => void) {
  const knights: Playable<string, number> = { position: openedBoard, path: [], moves: [], at: 0, start: null, timer: null };
  const knightsChart = distanceHistogram(byId('khist'), 'Knights table');
  // a move of the line names the cell the empty square jumps to
  const knightsPlayer = player<number>('k', knights, (board, to) => swapCells(board, board.indexOf('*'), to), drawKnights, 'kstatus', 500);

  function drawKnights(): void {
    const board = byId('kboard');
    board.textContent = '';
    for (let i = 0; i < 25; i++) {
      const cell = knights.position[i] as KnightsCell;
      const button = document.createElement('button');
      showKnightsCell(button, cell);
      button.dataset.cell = String(i);
      button.dataset.piece = cell;
      button.setAttribute('aria-label', cellLabel(i, cell));
      markHint(button, hintAt(knights, (hint) => hint.move === i), askedLimit());
      button.addEventListener('click', cycle);
      board.appendChild(button);
    }
    const whites = count(knights.position, '0');
    const blacks = count(knights.position, '1');
    const holes = count(knights.position, '*');
    const valid = whites === 12 && blacks === 12 && holes === 1;
    say('kcount', `${whites} white, ${blacks} black, ${holes} empty${valid ? '' : ' \u2014 a board needs 12, 12 and 1.'}`, !valid);
    byId<HTMLButtonElement>('ksolve').disabled = !valid;
  }

  function cycle(event: Event): void {
    const i = Number((event.currentTarget as HTMLElement).dataset.cell);
    if (hintAt(knights, (hint) => hint.move === i)) {
      // a marked move: play it and show the new position's answer
      knights.position = swapCells(knights.position, knights.position.indexOf('*'), i);
      void solveKnights(i);
      return;
    }
    unsolve(knights, knightsPlayer);
    const next = NEXT_CELL[knights.position[i] as KnightsCell];
    knights.position = knights.position.slice(0, i) + next + knights.position.slice(i + 1);
    drawKnights();
    saveUrl();
    say('kstatus', '');
    document.querySelector<HTMLElement>(`#kboard [data-cell="${i}"]`)?.focus();
  }

  /** Asks for the board's answer; `focusCell` keeps the keyboard where the person was after playing a marked move. */
  async function solveKnights(focusCell?: number): Promise<void> {
    knightsPlayer.stop();
    say('kstatus', 'Solving\u2026');
    // the URL's goal until /stats tells whether it is loaded: ask for it once that is known
    if (wantedGoal() !== null) await goalsSettled();
    const asked = chosenGoal();
    try {
      const limit = limitToAsk();
      saveUrl();
      const answer = await ask<KnightsResponse>(`/knights?board=${encodeURIComponent(rows(knights.position))}&goal=${encodeURIComponent(asked.name)}&limit=${limit}`);
      if (!sameGoal(chosenGoal(), asked)) return; // another goal was picked meanwhile: this answer is not its
      knights.start = knights.position;
      knights.path = answer.path;
      knights.moves = answer.moves;
      knights.at = 0;
      if (answer.steps < 0) say('kstatus', `More than ${limit} moves from the goal: no solution within the limit.`);
      else if (answer.steps === 0) say('kstatus', 'Already at the goal: 0 moves.');
      else say('kstatus', `${answer.steps} moves (${answer.source}): the empty square goes to cells ${answer.path.join(', ')}.`);
      knightsChart.mark(answer.steps);
    } catch (error) {
      if (!sameGoal(chosenGoal(), asked)) return;
      say('kstatus', (error as Error).message, true);
      knights.path = [];
      knights.moves = [];
    }
    drawKnights();
    knightsPlayer.buttons();
    if (focusCell !== undefined) document.querySelector<HTMLElement>(`#kboard [data-cell="${focusCell}"]`)?.focus();
  }

  /** Makes `choice` the goal every knights question asks for, and shows its table. */
  function showGoal(choice: KnightsGoalChoice): void {
    const changed = chooseGoal(choice);
    fitLimitToGoal();
    if (changed) {
      // the marks and the line were the old goal's (redrawn only then: a redrawn board loses a click under way)
      unsolve(knights, knightsPlayer);
      say('kstatus', '');
      drawKnights();
    }
    if (choice.table) {
      knightsChart.show(choice.table, `Knights table (${choice.name})`);
      farthestList('kfar', choice.table, (far) => far.board, (far) => {
        unsolve(knights, knightsPlayer);
        knights.position = cellsOf(far.board);
        setExactLimit();
        drawKnights();
        void solveKnights();
      });
    }
    saveUrl();
  }

  byId('ksolve').addEventListener('click', () => void solveKnights());
  byId('kexact').addEventListener('click', () => {
    setExactLimit();
    void solveKnights();
  });
  onGoalPicked(showGoal);
  onLimitChange(() => {
    // The marked moves were valued within the old limit: they go until the board is solved again.
    // Unmarked in place, not redrawn: the change fires as a click on a cell takes the focus, and a
    // redrawn board would lose that click.
    if (knights.moves.length > 0) {
      unsolve(knights, knightsPlayer);
      for (const button of byId('kboard').querySelectorAll<HTMLElement>('button')) {
        unmarkHint(button, cellLabel(Number(button.dataset.cell), button.dataset.piece as KnightsCell));
      }
    }
    saveUrl();
  });

  return { board: () => knights.position, draw: drawKnights, showGoal };
}

function cellLabel(cell: number, piece: KnightsCell): string {
  return `cell ${cell}: ${NAMES[piece]}`;
}

function count(text: string, symbol: string): number {
  return text.split(symbol).length - 1;
}
