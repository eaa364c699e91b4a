/**
 * The page's script, run in the browser: edit a knights board or two eight boards, ask the API
 * beside the page, and play the answer back step by step. The knights goal is picked among those
 * GET /stats lists. The position and the goal live in the page's URL so they can be shared.
 * Bundled and inlined into the page at build time (scripts/build-page.ts); the page's CSP allows
 * exactly this script by its hash.
 */
import type { EightResponse, FarthestPositionResponse, KnightsResponse, StatsResponse, TableStatsResponse } from '../api';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../core/knights/query';
import { ask, byId, say } from './dom';
import { hintAt, markHint } from './hints';
import { distanceHistogram } from './histogram';
import { type MoveValue, type Playable, player, unsolve } from './player';

/** Cells of the 25 knights cells; '0' white, '1' black, '*' empty. */
type KnightsCell = '0' | '1' | '*';

const DEFAULT_KNIGHTS = '10110' + '01*11' + '10111' + '01001' + '00000';
/** The judge's question. */
const JUDGE_LIMIT = DEFAULT_LIMIT;
const NAMES: Record<KnightsCell, string> = { '0': 'white knight', '1': 'black knight', '*': 'empty' };
const NEXT_CELL: Record<KnightsCell, KnightsCell> = { '0': '1', '1': '*', '*': '0' };
const KNIGHT = '\u265E';
const STEP: Record<string, number> = { d: 3, l: -1, r: 1, u: -3 };

/** A knights goal the page can ask for (`goal=NAME`): one GET /stats lists, or the default one before that. */
interface KnightsGoalChoice {
  readonly name: string;
  /** Its board, 25 cells. */
  readonly board: string;
  /** The largest limit its questions accept. */
  readonly maxLimit: number;
  /** Its table as /stats describes it; null until /stats has answered. */
  readonly table: TableStatsResponse | null;
}

const goalPicker = byId<HTMLSelectElement>('kgoalpick');
/** The default goal, which scripts/build-page.ts writes into the page: its board, and its name as the picker's one option. */
const BUILT_IN_GOAL: KnightsGoalChoice = { name: goalPicker.value, board: document.querySelector('main')!.dataset.goal!, maxLimit: MAX_LIMIT, table: null };
let goals: readonly KnightsGoalChoice[] = [BUILT_IN_GOAL];
let goal = BUILT_IN_GOAL;

const params = new URLSearchParams(location.search);
/**
 * The goal the URL asks for, until /stats tells whether it is loaded: the URL keeps it meanwhile,
 * and a question waits for /stats rather than go to another goal. Null once settled.
 */
let wantedGoal: string | null = params.get('goal') !== null && params.get('goal') !== BUILT_IN_GOAL.name ? params.get('goal') : null;
let goalsSettled: Promise<void> = Promise.resolve();

const limitInput = byId<HTMLInputElement>('klimit');
limitInput.value = String(readLimit(params.get('limit')));

/** A limit from the URL or the input: a whole number from 0 to what the goal accepts, else the judge's 15. */
function readLimit(text: string | null, max = goal.maxLimit): number {
  const limit = Number(text);
  return text !== null && text.trim() !== '' && Number.isInteger(limit) && limit >= 0 && limit <= max ? limit : JUDGE_LIMIT;
}

/** The goal's depth when its whole table is loaded (no position lies farther), else undefined. */
function trueDepth(choice: KnightsGoalChoice): number | undefined {
  return choice.table?.state === 'loaded' && choice.table.whole ? choice.table.depth : undefined;
}

/** Exact's limit: the goal's true depth when known, else the largest limit it accepts. */
function exactLimit(choice: KnightsGoalChoice): number {
  return trueDepth(choice) ?? choice.maxLimit;
}

const knights: Playable<string, number> = {
  position: clean(params.get('board'), /^[01*]{25}$/, DEFAULT_KNIGHTS),
  path: [],
  moves: [],
  at: 0,
  start: null,
  timer: null,
};
const eight: Playable<string, string> & { to: string; picked: { which: 'from' | 'to'; cell: number } | null } = {
  position: clean(params.get('from'), /^[1-8X]{9}$/, '12X453786'),
  to: clean(params.get('to'), /^[1-8X]{9}$/, '12345678X'),
  path: [],
  moves: [],
  at: 0,
  start: null,
  timer: null,
  picked: null,
};

function clean(value: string | null, pattern: RegExp, fallback: string): string {
  const v = (value ?? '').replace(/\//g, '');
  return pattern.test(v) ? v : fallback;
}

function rows(board: string): string {
  return board.match(/.{5}/g)!.join('/');
}

function saveUrl(): void {
  const query = new URLSearchParams({
    board: rows(knights.position),
    goal: wantedGoal ?? goal.name,
    limit: String(readLimit(limitInput.value)),
    from: eight.position,
    to: eight.to,
  });
  history.replaceState(null, '', `?${query.toString()}`);
}

function count(text: string, symbol: string): number {
  return text.split(symbol).length - 1;
}

/* Knights */

function drawKnights(): void {
  const board = byId('kboard');
  board.textContent = '';
  for (let i = 0; i < 25; i++) {
    const cell = knights.position[i] as KnightsCell;
    const button = document.createElement('button');
    button.className = cell === '0' ? 'w' : cell === '1' ? 'b' : 'h';
    button.textContent = cell === '*' ? '' : KNIGHT;
    button.dataset.cell = String(i);
    button.dataset.piece = cell;
    button.setAttribute('aria-label', cellLabel(i, cell));
    markHint(button, hintAt(knights, (hint) => hint.move === i), readLimit(limitInput.value));
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

function cellLabel(cell: number, piece: KnightsCell): string {
  return `cell ${cell}: ${NAMES[piece]}`;
}

/** The chosen goal: its board, and what its limits mean (the limit's bound and help, Exact's title). */
function drawGoal(): void {
  const view = byId('kgoal');
  view.textContent = '';
  for (let i = 0; i < 25; i++) {
    const span = document.createElement('span');
    span.className = goal.board[i] === '0' ? 'w' : goal.board[i] === '1' ? 'b' : 'h';
    span.textContent = goal.board[i] === '*' ? '' : KNIGHT;
    view.appendChild(span);
  }
  view.dataset.board = goal.board;
  view.setAttribute('aria-label', `the ${goal.name} goal: ${rows(goal.board)}`);
  limitInput.max = String(goal.maxLimit);
  const depth = trueDepth(goal);
  byId('klimithelp').textContent =
    depth === undefined
      ? `The judge asks for at most ${JUDGE_LIMIT} moves; the ${goal.name} goal accepts limits up to ${goal.maxLimit}, and within the limit every distance is exact.`
      : `The judge asks for at most ${JUDGE_LIMIT} moves; no position lies more than ${depth} moves from the ${goal.name} goal, so a limit of ${depth}${goal.maxLimit > depth ? ` (or up to ${goal.maxLimit})` : ''} gives the exact distance of every position.`;
  byId('kexact').title =
    depth === undefined
      ? `Ask with the largest limit the ${goal.name} goal accepts: ${goal.maxLimit} moves`
      : `Ask for the exact distance: ${depth} moves is the farthest any position lies from the ${goal.name} goal`;
}

/** How the picker notes a goal whose table gives no answers. */
const UNLOADED = { missing: 'not loaded', outdated: 'table outdated', unknown: 'table unreadable now' } as const;

/** Fills the picker with the goals, the chosen one selected. */
function drawGoalPicker(): void {
  goalPicker.textContent = '';
  for (const choice of goals) {
    const option = document.createElement('option');
    option.value = choice.name;
    const table = choice.table;
    option.textContent = table === null || table.state === 'loaded' ? choice.name : `${choice.name} (${UNLOADED[table.state]})`;
    goalPicker.appendChild(option);
  }
  goalPicker.value = goal.name;
}

/** Whether two choices are one goal (the default one before /stats, and as /stats lists it, are). */
function sameGoal(a: KnightsGoalChoice, b: KnightsGoalChoice): boolean {
  return a.name === b.name && a.board === b.board;
}

/** Makes `choice` the goal every knights question asks for, and shows its table. */
function chooseGoal(choice: KnightsGoalChoice): void {
  const changed = !sameGoal(choice, goal);
  goal = choice;
  wantedGoal = null;
  goalPicker.value = goal.name;
  // a limit past what this goal accepts becomes the most it accepts
  if (Number(limitInput.value) > goal.maxLimit) limitInput.value = String(goal.maxLimit);
  drawGoal();
  if (changed) {
    // the marks and the line were the old goal's (redrawn only then: a redrawn board loses a click under way)
    unsolve(knights, knightsPlayer);
    say('kstatus', '');
    drawKnights();
  }
  if (goal.table) {
    knightsChart.show(goal.table, `Knights table (${goal.name})`);
    farthestList('kfar', goal.table, (far) => far.board, (far) => {
      unsolve(knights, knightsPlayer);
      knights.position = far.board.replace(/\//g, '');
      limitInput.value = String(exactLimit(goal));
      drawKnights();
      void solveKnights();
    });
  }
  saveUrl();
}

/** The knights goals of /stats, in its order, each with its table. */
function knightsGoalsOf(stats: StatsResponse): KnightsGoalChoice[] {
  return Object.values(stats.tables).flatMap((table) => {
    const board = table.goal.replace(/\//g, '');
    if (table.puzzle !== 'knights' || table.goalName === undefined || !/^[01*]{25}$/.test(board)) return [];
    return [{ name: table.goalName, board, maxLimit: table.maxLimit ?? MAX_LIMIT, table }];
  });
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
  if (wantedGoal !== null) await goalsSettled;
  const asked = goal;
  try {
    const limit = readLimit(limitInput.value);
    limitInput.value = String(limit);
    saveUrl();
    const answer = await ask<KnightsResponse>(`/knights?board=${encodeURIComponent(rows(knights.position))}&goal=${encodeURIComponent(asked.name)}&limit=${limit}`);
    if (!sameGoal(goal, asked)) return; // another goal was picked meanwhile: this answer is not its
    knights.start = knights.position;
    knights.path = answer.path;
    knights.moves = answer.moves;
    knights.at = 0;
    if (answer.steps < 0) say('kstatus', `More than ${limit} moves from the goal: no solution within the limit.`);
    else if (answer.steps === 0) say('kstatus', 'Already at the goal: 0 moves.');
    else say('kstatus', `${answer.steps} moves (${answer.source}): the empty square goes to cells ${answer.path.join(', ')}.`);
    knightsChart.mark(answer.steps);
  } catch (error) {
    if (!sameGoal(goal, asked)) return;
    say('kstatus', (error as Error).message, true);
    knights.path = [];
    knights.moves = [];
  }
  drawKnights();
  knightsPlayer.buttons();
  if (focusCell !== undefined) document.querySelector<HTMLElement>(`#kboard [data-cell="${focusCell}"]`)?.focus();
}

/* Eight */

function drawEight(): void {
  drawEightBoard('efrom', 'from');
  drawEightBoard('eto', 'to');
}

function drawEightBoard(id: string, which: 'from' | 'to'): void {
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
  const which = target.dataset.which as 'from' | 'to';
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

/** The board with the pieces on cells a and b exchanged: a move (the hole and the piece it takes the place of), or a click-swap of two tiles. */
function swapCells(board: string, a: number, b: number): string {
  const cells = board.split('');
  [cells[a], cells[b]] = [cells[b], cells[a]];
  return cells.join('');
}

/** The table's farthest positions as buttons that load one onto the board and solve it. */
function farthestList(listId: string, stats: TableStatsResponse, label: (far: FarthestPositionResponse) => string, load: (far: FarthestPositionResponse) => void): void {
  const list = byId(listId);
  list.textContent = '';
  for (const far of stats.state === 'loaded' ? stats.farthest : []) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.textContent = `${far.steps} moves: ${label(far)}`;
    button.addEventListener('click', () => load(far));
    item.appendChild(button);
    list.appendChild(item);
  }
}

const knightsChart = distanceHistogram(byId('khist'), 'Knights table');
const eightChart = distanceHistogram(byId('ehist'), 'Eight table (all 9 goals)');

async function showStats(): Promise<void> {
  const wanted = wantedGoal;
  try {
    const stats = await ask<StatsResponse>('/stats');
    const listed = knightsGoalsOf(stats);
    if (listed.length > 0) goals = listed;
    const current = goals.find((choice) => choice.name === goal.name) ?? goals[0];
    const chosen = wanted === null ? current : goals.find((choice) => choice.name === wanted);
    drawGoalPicker();
    chooseGoal(chosen ?? current);
    // the URL's limit may be one only this goal accepts (unless the limit was changed meanwhile)
    const limit = params.get('limit');
    if (limitInput.value === String(readLimit(limit, BUILT_IN_GOAL.maxLimit))) {
      limitInput.value = String(readLimit(limit));
      saveUrl();
    }
    if (wanted !== null && !chosen) say('kstatus', `No goal named "${wanted.slice(0, 40)}" is loaded here: the page asks for the ${goal.name} goal.`);
    eightChart.show(stats.tables.eight);
    farthestList('efar', stats.tables.eight, (far) => `${far.board} \u2192 ${far.goal}`, (far) => {
      unsolve(eight, eightPlayer);
      eight.position = far.board;
      eight.to = far.goal;
      drawEight();
      void solveEight();
    });
  } catch (error) {
    byId('khist').textContent = `The tables' statistics could not be read: ${(error as Error).message}`;
    if (wanted !== null) {
      // the goal the URL names cannot be looked up: the page asks for the default one
      chooseGoal(goal);
      say('kstatus', `The loaded goals could not be read, so the page asks for the ${goal.name} goal, not "${wanted.slice(0, 40)}".`);
    }
  }
}

const knightsPlayer = player<number>(
  'k',
  knights,
  (board, to) => swapCells(board, board.indexOf('*'), to),
  drawKnights,
  'kstatus',
  500,
);

const eightPlayer = player<string>(
  'e',
  eight,
  (board, move) => swapCells(board, board.indexOf('X'), board.indexOf('X') + STEP[move]),
  drawEight,
  'estatus',
  400,
);

byId('ksolve').addEventListener('click', () => void solveKnights());
byId('kexact').addEventListener('click', () => {
  limitInput.value = String(exactLimit(goal));
  void solveKnights();
});
goalPicker.addEventListener('change', () => {
  const choice = goals.find((candidate) => candidate.name === goalPicker.value);
  if (choice) chooseGoal(choice);
});
limitInput.addEventListener('change', () => {
  // The marked moves were valued within the old limit: they go until the board is solved again.
  // Unmarked in place, not redrawn: the change fires as a click on a cell takes the focus, and a
  // redrawn board would lose that click.
  if (knights.moves.length > 0) {
    unsolve(knights, knightsPlayer);
    for (const button of byId('kboard').querySelectorAll<HTMLElement>('button')) {
      button.classList.remove('opt', 'worse');
      button.querySelector('small')?.remove();
      button.setAttribute('aria-label', cellLabel(Number(button.dataset.cell), button.dataset.piece as KnightsCell));
    }
  }
  saveUrl();
});
byId('esolve').addEventListener('click', () => void solveEight());
drawGoal();
drawKnights();
drawEight();
saveUrl();
goalsSettled = showStats();
