/**
 * A puzzle's board panel, the same for every puzzle whose move takes a blank (an empty square) to
 * another cell: its boards edited by clicks, Solve asking the API (waiting out a background solve),
 * the answer's line played back, every legal move marked on the cell it takes the blank to (a click
 * on one plays it), the hint's legend, why the moves are not marked when the API could not value
 * them, a check that says why a board cannot be asked, and the boards as the URL opened them.
 * What is the puzzle's own (its cells' look, how a click edits, its question and its sentences) is
 * its panel's, given as a SlidingBoardSpec.
 *
 * The panel's markup holds the boards (elements with the ids the spec gives) and, by the spec's
 * prefix p: the buttons `p`solve, `p`play, `p`step and `p`reset, the status line `p`status, the
 * note `p`note (class "hint unvalued") and the hint `p`hint, which this fills with its legend.
 */
import { swapCells } from './board-cells';
import { type Solving, askUntilAnswered, byId, say } from './dom';
import { hintAt, markHint } from './hints';
import type { MoveValue } from './move-value';
import type { OpenedUrl } from './panel';
import { type Playable, player, unsolve } from './player';

/** A board as the URL opened it: its cells, and a sentence when the URL's value was not understood ('' when it was, or named none). */
export interface OpenedBoard {
  readonly cells: string;
  readonly note: string;
}

/** An answer as every puzzle's API gives one, whatever its moves are. */
export interface BoardAnswer<Move> {
  readonly steps: number;
  readonly moves: readonly MoveValue<Move>[];
  /** Why the moves are not valued, when they are not. */
  readonly movesUnvalued?: string;
}

/** A question to the API beside the page: its path and its query's fields. */
export interface BoardQuestion {
  readonly path: string;
  readonly fields: Readonly<Record<string, string | number>>;
}

export interface SlidingBoardSpec<Move, Answer extends BoardAnswer<Move>> {
  /** The first letters of the ids of the panel's controls (see above). */
  readonly prefix: string;
  /** The boards, by their elements' ids: the first is played on (its moves marked, its line played); any other is only edited. */
  readonly boards: readonly { readonly id: string; readonly opened: OpenedBoard }[];
  /** The blank's character in a board's cells. */
  readonly blank: string;
  /** The cell a move takes the blank to, from `position`. */
  target(position: string, move: Move): number;
  /** How a click on a cell that is not a marked move edits its board: 'swap' swaps it with the next cell clicked on that board; a function gives the board's new cells. */
  readonly edit: 'swap' | ((cells: string, cell: number) => string);
  /** Shows `piece` on cell `cell` of board number `board`: the button's class, text, data and label, all of them (a cell is drawn again in place). */
  drawCell(button: HTMLElement, piece: string, cell: number, board: number): void;
  /**
   * A line that says, as the first board changes, whether it can be asked, in the element `id`:
   * Solve is disabled while it cannot, and so are the other buttons that ask (`askers`, their ids).
   */
  readonly check?: { readonly id: string; readonly askers?: readonly string[]; of(position: string): { readonly sentence: string; readonly solvable: boolean } };
  /** What a question waits for before its fields are read, if anything. */
  ready?(): Promise<void>;
  /** The question for the boards' cells. */
  question(cells: readonly string[]): BoardQuestion;
  /** The answer's line, as moves. */
  line(answer: Answer): readonly Move[];
  /** The status line's sentence for an answer to `question`. */
  describe(answer: Answer, question: BoardQuestion): string;
  /** Hears each answer shown (a histogram marks its distance). */
  answered?(answer: Answer): void;
  /** The limit the marks word a move past (steps -1) with; a puzzle without a limit has none. */
  limit?(): number;
  /** The hint's words: the cells marked ("the squares the empty square can jump to") and one of them ("square"). */
  readonly legend: { readonly targets: string; readonly target: string };
  /** Milliseconds between two moves played. */
  readonly everyMs: number;
}

/** The board the URL's `field` names, read by `read` (null: not a board); else `fallback`, and when the field named something else, a sentence saying what is shown instead. */
export function openedBoard(opened: OpenedUrl, field: string, read: (text: string) => string | null, fallback: string, words: { readonly what: string; readonly instead: string }): OpenedBoard {
  const text = opened.field(field);
  if (text === null || text.trim() === '') return { cells: fallback, note: '' };
  const cells = read(text);
  if (cells !== null) return { cells, note: '' };
  const shown = text.length > 40 ? `${text.slice(0, 40)}\u2026` : text;
  return { cells: fallback, note: `The URL's ${field} "${shown}" is not ${words.what}: the page shows ${words.instead} instead.` };
}

/** A board panel at work: made once as its panel opens, on the boards the URL opened with; `saveUrl` keeps them in the URL. */
export class SlidingBoardPanel<Move, Answer extends BoardAnswer<Move>> {
  private readonly state: Playable<string, Move>;
  /** The cells of every board but the first (the first's are state.position). */
  private readonly others: string[];
  private readonly player: { stop(): void; buttons(): void };
  private readonly status: string;
  /** The first of two cells clicked to swap. */
  private picked: { board: number; cell: number } | null = null;
  /** Why the answer's moves are not valued, while its board is shown. */
  private unvalued: string | null = null;
  /** Each question's number: an answer that comes after another question, or after an edit, is not shown. */
  private asking = 0;
  /** Counts the seconds of a background solve on the status line between two asks. */
  private ticking: ReturnType<typeof setInterval> | undefined;
  /** What the status line said as the panel opened: the URL's values not understood. */
  private readonly opening: string;

  constructor(
    private readonly spec: SlidingBoardSpec<Move, Answer>,
    private readonly saveUrl: () => void,
  ) {
    const [first, ...rest] = spec.boards.map((board) => board.opened.cells);
    this.state = { position: first, path: [], moves: [], at: 0, start: null, timer: null };
    this.others = rest;
    this.status = `${spec.prefix}status`;
    const play = (position: string, move: Move) => swapCells(position, position.indexOf(spec.blank), spec.target(position, move));
    this.player = player<Move>(spec.prefix, this.state, play, () => this.draw(), this.status, spec.everyMs);
    byId(`${spec.prefix}solve`).addEventListener('click', () => void this.solve());
    this.writeLegend();
    this.opening = spec.boards.map((board) => board.opened.note).filter((note) => note !== '').join(' ');
    say(this.status, this.opening);
    this.draw();
  }

  /** The cells of board number `board` (the first: the one played on). */
  cells(board = 0): string {
    return board === 0 ? this.state.position : this.others[board - 1];
  }

  /** Says `sentence` on the status line, after what it said as the panel opened if it says that still. */
  tell(sentence: string): void {
    const shown = byId(this.status).textContent;
    say(this.status, this.opening !== '' && shown === this.opening ? `${this.opening} ${sentence}` : sentence);
  }

  /** The answer's line and its marks go (they were valued for a question that changed), the status line stays. */
  unsolve(): void {
    if (this.state.moves.length === 0) return;
    unsolve(this.state, this.player);
    this.draw();
  }

  /** The boards are being changed: the answer, its marks and its sentence go, and an answer still coming is not wanted. */
  forget(): void {
    this.asking++;
    clearInterval(this.ticking);
    unsolve(this.state, this.player);
    this.unvalued = null;
    say(this.status, '');
  }

  /** Shows these boards (the first, then the others) in place of the ones shown, kept in the URL. */
  replace(boards: readonly string[]): void {
    this.forget();
    this.picked = null;
    this.setCells(boards);
    this.saveUrl();
    this.draw();
  }

  /** Shows these boards and asks for their answer. */
  load(boards: readonly string[]): void {
    this.forget();
    this.setCells(boards);
    this.draw();
    void this.solve();
  }

  /** Draws every board, in place: a button stays the same element, so that a click under way still lands. */
  draw(): void {
    this.spec.boards.forEach((board, index) => this.drawBoard(byId(board.id), index));
    const check = this.spec.check;
    if (check) {
      const { sentence, solvable } = check.of(this.state.position);
      say(check.id, sentence, !solvable);
      for (const id of [`${this.spec.prefix}solve`, ...(check.askers ?? [])]) byId<HTMLButtonElement>(id).disabled = !solvable;
    }
    const showing = this.unvalued !== null && this.state.start === this.state.position;
    byId(`${this.spec.prefix}note`).textContent = showing ? `The moves are not marked: ${this.unvalued}` : '';
  }

  /** Asks for the first board's answer; `focus` keeps the keyboard on the cell where a marked move was played. */
  async solve(focus?: number): Promise<void> {
    this.forget();
    this.picked = null;
    this.draw();
    if (this.spec.check && !this.spec.check.of(this.state.position).solvable) return; // the check line says why; nothing to ask
    say(this.status, 'Solving\u2026');
    await this.spec.ready?.();
    const asked = this.spec.boards.map((_, board) => this.cells(board));
    const mine = ++this.asking;
    const question = this.spec.question(asked);
    this.saveUrl();
    try {
      const answer = await askUntilAnswered<Answer>(question.path, question.fields, (solving) => this.showSolving(solving), () => mine === this.asking);
      if (answer === undefined || mine !== this.asking) return;
      clearInterval(this.ticking);
      Object.assign(this.state, { start: asked[0], path: this.spec.line(answer), moves: answer.moves, at: 0 });
      this.unvalued = answer.movesUnvalued ?? null;
      say(this.status, this.spec.describe(answer, question));
      this.spec.answered?.(answer);
    } catch (error) {
      if (mine !== this.asking) return;
      clearInterval(this.ticking);
      say(this.status, (error as Error).message, true);
    }
    this.draw();
    this.player.buttons();
    if (focus !== undefined) this.focus(0, focus);
  }

  private setCells(boards: readonly string[]): void {
    this.state.position = boards[0];
    boards.slice(1).forEach((cells, i) => (this.others[i] = cells));
  }

  private drawBoard(element: HTMLElement, board: number): void {
    const cells = this.cells(board);
    for (let cell = 0; cell < cells.length; cell++) {
      let button = element.children[cell] as HTMLElement | undefined;
      if (!button) {
        button = element.appendChild(document.createElement('button'));
        button.addEventListener('click', () => this.click(board, cell));
      }
      this.spec.drawCell(button, cells[cell], cell, board);
      button.dataset.cell = String(cell);
      if (this.picked?.board === board && this.picked.cell === cell) button.classList.add('picked');
      if (board === 0) markHint(button, this.hintAt(cell), this.spec.limit?.());
    }
  }

  /** The value of the move that takes the blank to `cell`, while the answered board is shown. */
  private hintAt(cell: number): MoveValue<Move> | undefined {
    return hintAt(this.state, (hint) => this.spec.target(this.state.position, hint.move) === cell);
  }

  private click(board: number, cell: number): void {
    if (board === 0 && this.hintAt(cell)) {
      // a marked move: the blank takes this cell; then the new position's answer
      this.state.position = swapCells(this.state.position, this.state.position.indexOf(this.spec.blank), cell);
      void this.solve(cell);
      return;
    }
    this.forget();
    const edit = this.spec.edit;
    const cells = [...this.spec.boards.keys()].map((index) => this.cells(index));
    if (edit !== 'swap') {
      cells[board] = edit(cells[board], cell);
    } else if (this.picked?.board !== board) {
      this.picked = { board, cell };
    } else {
      cells[board] = swapCells(cells[board], cell, this.picked.cell);
      this.picked = null;
    }
    this.setCells(cells);
    if (this.picked === null) this.saveUrl();
    this.draw();
    this.focus(board, cell);
  }

  private focus(board: number, cell: number): void {
    document.querySelector<HTMLElement>(`#${this.spec.boards[board].id} [data-cell="${cell}"]`)?.focus();
  }

  /** Says that the board is being solved in the background, and for how long, each second. */
  private showSolving(solving: Solving): void {
    clearInterval(this.ticking);
    const heard = performance.now();
    const show = () =>
      say(
        this.status,
        `Solving in the background (this board needs more search than one request may spend): ${solving.seconds + Math.floor((performance.now() - heard) / 1000)} s so far. The answer appears here when it is ready, and is kept for everyone.`,
      );
    show();
    this.ticking = setInterval(show, 1000);
  }

  /** The hint: which cells are marked after Solve, the marks' colours as bordered words, and how to play one. */
  private writeLegend(): void {
    const key = (mark: string, word: string) => {
      const span = document.createElement('span');
      span.className = `key ${mark}`;
      span.textContent = word;
      return span;
    };
    const { targets, target } = this.spec.legend;
    byId(`${this.spec.prefix}hint`).replaceChildren(
      `After Solve, ${targets} are marked: `,
      key('opt', 'green'),
      ' one step closer, ',
      key('worse', 'grey'),
      ` one step farther, each with the distance after the move. Click (or press Enter on) a marked ${target} to play it.`,
    );
  }
}
