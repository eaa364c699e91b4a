/**
 * The knights panel: the board to edit (a click cycles a cell; after Solve, a click on a marked
 * cell plays that move), Solve and Exact asking the API for the chosen goal within the limit, the
 * answer played back, and the chosen goal's histogram and farthest positions. Its URL fields are
 * the board, the goal and the limit (board=…&goal=…&limit=…). The board panel's work is the
 * widget's (widgets/sliding-board.ts): the knights' own is their cells, the counts, the goal and the limit.
 */
import type { StatsResponse } from '../../../api/shapes';
import { cellsOf } from '../../../widgets/board-cells';
import { byId } from '../../../widgets/dom';
import { farthestList } from '../../../widgets/farthest';
import { distanceHistogram } from '../../../widgets/histogram';
import type { OpenPanel, OpenedUrl, PagePanel } from '../../../widgets/panel';
import { type BoardQuestion, SlidingBoardPanel, openedBoard } from '../../../widgets/sliding-board';
import type { KnightsResponse } from '../response';
import { KNIGHTS_CELLS, rows, showKnightsCell } from './cells';
import { type KnightsGoalChoice, chooseGoal, chosenGoal, drawGoal, goalInUrl, goalsSettled, onGoalPicked, settleGoalsBy, takeListedGoals, wantGoal, wantedGoal } from './goals';
import { askedLimit, fitLimitToGoal, limitToAsk, onLimitChange, openLimit, rereadOpenedLimit, setExactLimit } from './limit';

/** The knights sample the page opens with when the URL names no board. */
const DEFAULT_KNIGHTS = '10110' + '01*11' + '10111' + '01001' + '00000';

/** Cells of the 25 knights cells; '0' white, '1' black, '*' empty. */
type KnightsCell = '0' | '1' | '*';

const NAMES: Record<KnightsCell, string> = { '0': 'white knight', '1': 'black knight', '*': 'empty' };
/** What a click on an unmarked cell makes of it. */
const NEXT_CELL: Record<KnightsCell, KnightsCell> = { '0': '1', '1': '*', '*': '0' };

type KnightsBoard = SlidingBoardPanel<number, KnightsResponse>;

export const panel: PagePanel = { name: 'knights', open: openKnightsPanel };

/** Sets the panel up on the board, goal and limit the URL opened with; `saveUrl` keeps them in the URL. */
function openKnightsPanel(opened: OpenedUrl, saveUrl: () => void): OpenPanel {
  wantGoal(opened.field('goal'));
  openLimit(opened.field('limit'));
  const chart = distanceHistogram(byId('khist'), 'Knights table');
  const board = knightsBoard(opened, saveUrl, (steps) => chart.mark(steps));

  /** Makes `choice` the goal every knights question asks for, and shows its table. */
  function showGoal(choice: KnightsGoalChoice): void {
    const changed = chooseGoal(choice);
    fitLimitToGoal();
    if (changed) {
      // the marks and the line were the old goal's
      board.forget();
      board.draw();
    }
    if (choice.table) {
      chart.show(choice.table, `Knights table (${choice.name})`);
      farthestList('kfar', choice.table, (far) => far.board, (far) => {
        setExactLimit();
        board.load([cellsOf(far.board)]);
      });
    }
    saveUrl();
  }

  byId('kexact').addEventListener('click', () => {
    setExactLimit();
    void board.solve();
  });
  onGoalPicked(showGoal);
  onLimitChange(() => {
    // the marked moves were valued within the old limit: they go until the board is solved again
    board.unsolve();
    saveUrl();
  });
  drawGoal();
  fitLimitToGoal();
  return {
    urlFields: () => ({ board: rows(board.cells()), goal: goalInUrl(), limit: String(askedLimit()) }),
    showStats: (stats: Promise<StatsResponse>) => {
      const shown = showKnightsStats(stats, board, showGoal, saveUrl);
      settleGoalsBy(shown);
      return shown;
    },
  };
}

/** The board, its counts and its questions; `mark` hears each answer's distance. */
function knightsBoard(opened: OpenedUrl, saveUrl: () => void, mark: (steps: number) => void): KnightsBoard {
  const read = (text: string) => (KNIGHTS_CELLS.test(cellsOf(text)) ? cellsOf(text) : null);
  const words = { what: 'a knights board (25 cells of 0, 1 and *)', instead: `the sample ${rows(DEFAULT_KNIGHTS)}` };
  return new SlidingBoardPanel<number, KnightsResponse>(
    {
      prefix: 'k',
      boards: [{ id: 'kboard', opened: openedBoard(opened, 'board', read, DEFAULT_KNIGHTS, words) }],
      blank: '*',
      // a move of the line names the cell the empty square jumps to
      target: (_position, to) => to,
      edit: (cells, cell) => cells.slice(0, cell) + NEXT_CELL[cells[cell] as KnightsCell] + cells.slice(cell + 1),
      drawCell: (button, piece, cell) => {
        showKnightsCell(button, piece);
        button.dataset.piece = piece;
        button.setAttribute('aria-label', `cell ${cell}: ${NAMES[piece as KnightsCell]}`);
      },
      check: { id: 'kcount', askers: ['kexact'], of: countsOf },
      // the URL's goal until /stats tells whether it is loaded: asked for once that is known
      ready: () => (wantedGoal() !== null ? goalsSettled() : Promise.resolve()),
      question: ([cells]) => ({ path: '/knights', fields: { board: rows(cells), goal: chosenGoal().name, limit: limitToAsk() } }),
      line: (answer) => answer.path,
      describe: describeAnswer,
      answered: (answer) => mark(answer.steps),
      limit: askedLimit,
      legend: { targets: 'the squares the empty square can jump to', target: 'square' },
      everyMs: 500,
    },
    saveUrl,
  );
}

/** The counts of the pieces, checked as the board changes: a board needs 12 white, 12 black and one empty square. */
function countsOf(position: string): { sentence: string; solvable: boolean } {
  const [whites, blacks, holes] = ['0', '1', '*'].map((piece) => position.split(piece).length - 1);
  const solvable = whites === 12 && blacks === 12 && holes === 1;
  return { sentence: `${whites} white, ${blacks} black, ${holes} empty${solvable ? '' : ' \u2014 a board needs 12, 12 and 1.'}`, solvable };
}

function describeAnswer(answer: KnightsResponse, question: BoardQuestion): string {
  if (answer.steps < 0) return `More than ${question.fields.limit} moves from the goal: no solution within the limit.`;
  if (answer.steps === 0) return 'Already at the goal: 0 moves.';
  return `${answer.steps} ${answer.steps === 1 ? 'move' : 'moves'} (${answer.source}): the empty square goes to cells ${answer.path.join(', ')}.`;
}

/**
 * GET /stats lists the knights goals loaded (until it answers the panel knows only the built-in
 * goal) and describes each goal's table. A goal the URL names waits for it.
 */
async function showKnightsStats(stats: Promise<StatsResponse>, board: KnightsBoard, showGoal: (choice: KnightsGoalChoice) => void, saveUrl: () => void): Promise<void> {
  const wanted = wantedGoal();
  try {
    const { goal, found } = takeListedGoals(await stats, wanted);
    showGoal(goal);
    // the URL's limit may be one only this goal accepts (unless the limit was changed meanwhile)
    if (rereadOpenedLimit()) saveUrl();
    if (wanted !== null && !found) board.tell(`No goal named "${wanted.slice(0, 40)}" is loaded here: the page asks for the ${goal.name} goal.`);
  } catch (error) {
    byId('khist').textContent = `The tables' statistics could not be read: ${(error as Error).message}`;
    if (wanted !== null) {
      // the goal the URL names cannot be looked up: the page asks for the default one
      showGoal(chosenGoal());
      board.tell(`The loaded goals could not be read, so the page asks for the ${chosenGoal().name} goal, not "${wanted.slice(0, 40)}".`);
    }
  }
}
