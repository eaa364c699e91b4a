/**
 * The eight panel: the from and to boards to edit (a click on two cells of one board swaps them;
 * after Solve, a click on a marked tile of from moves the blank there), Solve asking the API, the
 * answer played back, and the eight table's histogram and farthest pairs. Its URL fields are the
 * two boards (from=…&to=…). The board panel's work is the widget's (widgets/sliding-board.ts).
 */
import type { StatsResponse } from '../../../api/shapes';
import { MOVE_LETTERS, slidingBoard } from '../../../core/sliding-board';
import { cellsOf } from '../../../widgets/board-cells';
import { byId } from '../../../widgets/dom';
import { farthestList } from '../../../widgets/farthest';
import { distanceHistogram } from '../../../widgets/histogram';
import type { OpenPanel, OpenedUrl, PagePanel } from '../../../widgets/panel';
import { SlidingBoardPanel, openedBoard } from '../../../widgets/sliding-board';
import type { EightResponse } from '../response';

/** What an eight board's 9 cells look like: the tiles 1 to 8 and the blank, X. */
const EIGHT_CELLS = /^[1-8X]{9}$/;
const SIDES = ['from', 'to'] as const;

/** How far the blank's moves on the 3x3 board take it along the 9 cells. */
const { step } = slidingBoard(3);
/** The step of a move named by its letter: d, l, r or u. */
const stepOf = (letter: string) => step[MOVE_LETTERS.indexOf(letter)];

export const panel: PagePanel = { name: 'eight', open: openEightPanel };

/** Sets the panel up on the boards the URL opened with; `saveUrl` keeps them in the URL. */
function openEightPanel(opened: OpenedUrl, saveUrl: () => void): OpenPanel {
  const chart = distanceHistogram(byId('ehist'), 'Eight table (all 9 goals)');
  const read = (text: string) => (EIGHT_CELLS.test(cellsOf(text)) ? cellsOf(text) : null);
  const fromUrl = (side: string, fallback: string) =>
    openedBoard(opened, side, read, fallback, { what: 'an eight board (9 cells: the tiles 1 to 8 and the blank, X)', instead: fallback });
  const board = new SlidingBoardPanel<string, EightResponse>(
    {
      prefix: 'e',
      boards: [
        { id: 'efrom', opened: fromUrl('from', '12X453786') },
        { id: 'eto', opened: fromUrl('to', '12345678X') },
      ],
      blank: 'X',
      target: (position, move) => position.indexOf('X') + stepOf(move),
      edit: 'swap',
      drawCell: (button, tile, cell, side) => {
        button.className = tile === 'X' ? 'x' : 't';
        button.textContent = tile === 'X' ? '' : tile;
        button.dataset.tile = tile;
        button.dataset.which = SIDES[side];
        button.setAttribute('aria-label', `${SIDES[side]} cell ${cell}: ${tile === 'X' ? 'blank' : `tile ${tile}`}`);
      },
      question: ([from, to]) => ({ path: '/eight', fields: { from, to } }),
      line: (answer) => answer.path.split(''),
      describe: (answer) => (answer.steps === 0 ? 'Already there: 0 moves.' : `${answer.steps} ${answer.steps === 1 ? 'move' : 'moves'} (${answer.source}): ${answer.path}`),
      answered: (answer) => chart.mark(answer.steps),
      legend: { targets: "the From board's tiles the blank can take the place of", target: 'tile' },
      everyMs: 400,
    },
    saveUrl,
  );

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
    chart.show(table);
    farthestList('efar', table, (far) => `${far.board} \u2192 ${far.goal}`, (far) => board.load([far.board, far.goal]));
  }

  return { urlFields: () => ({ from: board.cells(0), to: board.cells(1) }), showStats };
}
