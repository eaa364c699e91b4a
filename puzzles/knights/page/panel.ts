/**
 * The knights panel: the board to edit (a click cycles a cell; after Solve, a click on a marked
 * cell plays that move), Solve and Exact asking the API for the chosen goal within the limit, the
 * answer played back, and the chosen goal's histogram and farthest positions. Its URL fields are
 * the board, the goal and the limit (board=…&goal=…&limit=…).
 */
import type { StatsResponse } from '../../../api/shapes';
import { cellsOf, cellsOrDefault, swapCells } from '../../../widgets/board-cells';
import { ask, byId, say } from '../../../widgets/dom';
import { farthestList } from '../../../widgets/farthest';
import { hintAt, markHint, unmarkHint } from '../../../widgets/hints';
import { distanceHistogram } from '../../../widgets/histogram';
import type { OpenedUrl, PagePanel } from '../../../widgets/panel';
import { type Playable, player, unsolve } from '../../../widgets/player';
import type { KnightsResponse } from '../response';
import { KNIGHTS_CELLS, rows, showKnightsCell } from './cells';
import { type KnightsGoalChoice, chooseGoal, chosenGoal, drawGoal, goalInUrl, goalsSettled, onGoalPicked, sameGoal, settleGoalsBy, takeListedGoals, wantGoal, wantedGoal } from './goals';
import { askedLimit, fitLimitToGoal, limitToAsk, onLimitChange, openLimit, rereadOpenedLimit, setExactLimit } from './limit';

/** The knights sample the page opens with when the URL names no board. */
const DEFAULT_KNIGHTS = '10110' + '01*11' + '10111' + '01001' + '00000';

/** Cells of the 25 knights cells; '0' white, '1' black, '*' empty. */
type KnightsCell = '0' | '1' | '*';

const NAMES: Record<KnightsCell, string> = { '0': 'white knight', '1': 'black knight', '*': 'empty' };
/** What a click on an unmarked cell makes of it. */
const NEXT_CELL: Record<KnightsCell, KnightsCell> = { '0': '1', '1': '*', '*': '0' };

export const panel: PagePanel = { name: 'knights', open: openKnightsPanel };

/** Sets the panel up on the board, goal and limit the URL opened with; `saveUrl` keeps them in the URL. */
function openKnightsPanel(opened: OpenedUrl, saveUrl: () => void) {
  const knights: Playable<string, number> = { position: cellsOrDefault(opened.field('board'), KNIGHTS_CELLS, DEFAULT_KNIGHTS), path: [], moves: [], at: 0, start: null, timer: null };
  wantGoal(opened.field('goal'));
  openLimit(opened.field('limit'));
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
      const answer = await ask<KnightsResponse>('/knights', { board: rows(knights.position), goal: asked.name, limit });
      if (!sameGoal(chosenGoal(), asked)) return; // another goal was picked meanwhile: this answer is not its
      knights.start = knights.position;
      knights.path = answer.path;
      knights.moves = answer.moves;
      knights.at = 0;
      if (answer.steps < 0) say('kstatus', `More than ${limit} moves from the goal: no solution within the limit.`);
      else if (answer.steps === 0) say('kstatus', 'Already at the goal: 0 moves.');
      else say('kstatus', `${answer.steps} ${answer.steps === 1 ? 'move' : 'moves'} (${answer.source}): the empty square goes to cells ${answer.path.join(', ')}.`);
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

  /**
   * GET /stats lists the knights goals loaded (until it answers the panel knows only the built-in
   * goal) and describes each goal's table. A goal the URL names waits for it.
   */
  async function showStats(stats: Promise<StatsResponse>): Promise<void> {
    const wanted = wantedGoal();
    try {
      const { goal, found } = takeListedGoals(await stats, wanted);
      showGoal(goal);
      // the URL's limit may be one only this goal accepts (unless the limit was changed meanwhile)
      if (rereadOpenedLimit()) saveUrl();
      if (wanted !== null && !found) say('kstatus', `No goal named "${wanted.slice(0, 40)}" is loaded here: the page asks for the ${goal.name} goal.`);
    } catch (error) {
      byId('khist').textContent = `The tables' statistics could not be read: ${(error as Error).message}`;
      if (wanted !== null) {
        // the goal the URL names cannot be looked up: the page asks for the default one
        showGoal(chosenGoal());
        say('kstatus', `The loaded goals could not be read, so the page asks for the ${chosenGoal().name} goal, not "${wanted.slice(0, 40)}".`);
      }
    }
  }

  drawGoal();
  fitLimitToGoal();
  drawKnights();
  return {
    urlFields: () => ({ board: rows(knights.position), goal: goalInUrl(), limit: String(askedLimit()) }),
    showStats: (stats: Promise<StatsResponse>) => {
      const shown = showStats(stats);
      settleGoalsBy(shown);
      return shown;
    },
  };
}

function cellLabel(cell: number, piece: KnightsCell): string {
  return `cell ${cell}: ${NAMES[piece]}`;
}

function count(text: string, symbol: string): number {
  return text.split(symbol).length - 1;
}
