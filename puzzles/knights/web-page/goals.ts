/**
 * The knights goals the page can ask for: those GET /stats lists, or, until it answers (and if it
 * cannot be read), the built-in one. The chosen goal is shown beside the board and named in every
 * knights question (goal=NAME). A goal the URL names is kept, and questions wait, until /stats
 * tells whether it is loaded: the page never silently answers for another goal.
 */
import type { StatsResponse, TableStatsResponse } from '../../../api/shapes';
import { cellsOf } from '../../../widgets/board-cells';
import { byId } from '../../../widgets/dom';
import { MAX_LIMIT } from '../rules/query';
import { KNIGHTS_CELLS, rows, showKnightsCell } from './cells';

/** A knights goal the page can ask for (`goal=NAME`): one GET /stats lists, or the default one before that. */
export interface KnightsGoalChoice {
  readonly name: string;
  /** Its board, 25 cells. */
  readonly board: string;
  /** The largest limit its questions accept. */
  readonly maxLimit: number;
  /** Its table as /stats describes it; null until /stats has answered. */
  readonly table: TableStatsResponse | null;
}

const goalPicker = byId<HTMLSelectElement>('kgoalpick');
/** The default goal, which the build writes into the panel's markup (markup.ts): its board, and its name as the picker's one option. */
export const BUILT_IN_GOAL: KnightsGoalChoice = { name: goalPicker.value, board: byId('kgoal').dataset.builtIn!, maxLimit: MAX_LIMIT, table: null };
let goals: readonly KnightsGoalChoice[] = [BUILT_IN_GOAL];
let goal = BUILT_IN_GOAL;

/**
 * The goal the URL asks for, until /stats tells whether it is loaded: the URL keeps it meanwhile,
 * and a question waits for /stats rather than go to another goal. Null once settled.
 */
let wanted: string | null = null;
let settled: Promise<void> = Promise.resolve();

/** Takes the goal the URL names as the page opens (null: none), wanted until /stats tells whether it is loaded. */
export function wantGoal(named: string | null): void {
  wanted = named !== null && named !== BUILT_IN_GOAL.name ? named : null;
}

/** The goal every knights question asks for now. */
export function chosenGoal(): KnightsGoalChoice {
  return goal;
}

/** The goal the URL names while /stats has not yet told whether it is loaded, else null. */
export function wantedGoal(): string | null {
  return wanted;
}

/** The goal's name for the URL: the one it asked for until that is settled, then the chosen one's. */
export function goalInUrl(): string {
  return wanted ?? goal.name;
}

/** The wait for /stats that settles the wanted goal: a question for it awaits this. */
export function goalsSettled(): Promise<void> {
  return settled;
}

/** Hands over that wait, as the page asks /stats. */
export function settleGoalsBy(wait: Promise<void>): void {
  settled = wait;
}

/** Whether two choices are one goal (the default one before /stats, and as /stats lists it, are). */
function sameGoal(a: KnightsGoalChoice, b: KnightsGoalChoice): boolean {
  return a.name === b.name && a.board === b.board;
}

/** Makes `choice` the chosen goal (which settles the wanted one) and shows it; true if it is another goal than before. */
export function chooseGoal(choice: KnightsGoalChoice): boolean {
  const changed = !sameGoal(choice, goal);
  goal = choice;
  wanted = null;
  goalPicker.value = goal.name;
  drawGoal();
  return changed;
}

/** The chosen goal's board, beside the one being edited. */
export function drawGoal(): void {
  const view = byId('kgoal');
  view.textContent = '';
  for (let i = 0; i < 25; i++) {
    const span = document.createElement('span');
    showKnightsCell(span, goal.board[i]);
    view.appendChild(span);
  }
  view.dataset.board = goal.board;
  view.setAttribute('aria-label', `the ${goal.name} goal: ${rows(goal.board)}`);
}

/** Calls `then` with each goal picked in the picker. */
export function onGoalPicked(then: (choice: KnightsGoalChoice) => void): void {
  goalPicker.addEventListener('change', () => {
    const choice = goals.find((candidate) => candidate.name === goalPicker.value);
    if (choice) then(choice);
  });
}

/**
 * Takes the knights goals /stats lists into the picker (unless it lists none: the built-in one
 * stays). Gives the goal to choose now: the one `wantedName` names if listed (`found`), else the
 * chosen one as listed, or the first listed if it is not.
 */
export function takeListedGoals(stats: StatsResponse, wantedName: string | null): { goal: KnightsGoalChoice; found: boolean } {
  const listed = knightsGoalsOf(stats);
  if (listed.length > 0) goals = listed;
  const current = goals.find((choice) => choice.name === goal.name) ?? goals[0];
  const chosen = wantedName === null ? current : goals.find((choice) => choice.name === wantedName);
  drawGoalPicker();
  return { goal: chosen ?? current, found: chosen !== undefined };
}

/** The knights goals of /stats, in its order, each with its table. */
function knightsGoalsOf(stats: StatsResponse): KnightsGoalChoice[] {
  return Object.values(stats.tables).flatMap((table) => {
    const board = cellsOf(table.goal);
    if (table.puzzle !== 'knights' || table.goalName === undefined || !KNIGHTS_CELLS.test(board)) return [];
    return [{ name: table.goalName, board, maxLimit: table.maxLimit ?? MAX_LIMIT, table }];
  });
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
