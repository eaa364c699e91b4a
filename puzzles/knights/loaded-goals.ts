/**
 * The knights goals a request can name: the built-in ones (rules/goals.ts) and every goal
 * of someone's own that a load listed in the catalogue (`--goal NAME=BOARD`). A goal's table is
 * `knights#NAME`; how far its questions may ask is its own: 39 moves, or its true depth once its
 * whole table is loaded.
 */
import { type KnightsBoard, formatKnightsBoard, parseKnightsBoard } from './rules/board';
import { DEFAULT_GOAL, KNIGHTS_GOALS, type KnightsGoal } from './rules/goals';
import { MAX_LIMIT } from './rules/query';
import { InvalidInputError, RefusedForNowError, UnavailableNowError } from '../../core/errors';
import { printable } from '../../core/printable';
import type { TableId } from '../../store/table-keys';
import type { Catalog, CatalogEntry } from '../../store/catalog';
import type { LoadedTables } from '../roles/stored-tables';

/** The most knights goals one table of tables serves (the built-in ones included). */
export const MAX_GOALS = 64;
export const GOAL_NAME_RULE = 'lower-case letters, digits and dashes, at most 32 characters';
const TABLE_PREFIX = 'knights#';

export function goalNameProblem(name: string): string | undefined {
  return /^[a-z0-9-]{1,32}$/.test(name) ? undefined : `a goal's name is ${GOAL_NAME_RULE}; got "${printable(name)}"`;
}

export function tableOfGoal(name: string): TableId {
  return `${TABLE_PREFIX}${name}`;
}

/** The goal's name of a knights table, or undefined for a table of another puzzle. */
export function goalOfTable(table: TableId): string | undefined {
  return table.startsWith(TABLE_PREFIX) ? table.slice(TABLE_PREFIX.length) : undefined;
}

/** The built-in goal of that name, if it is one. */
export function builtInGoal(name: string): KnightsGoal | undefined {
  return (KNIGHTS_GOALS as ReadonlyMap<string, KnightsGoal>).get(name);
}

/** A goal a request resolved to, and the largest limit its questions accept. */
export interface ResolvedGoal {
  readonly goal: KnightsGoal;
  readonly maxLimit: number;
}

/** The largest limit a goal accepts: its depth once its whole table is loaded (never under 39). */
export function maxLimitOf(entry: CatalogEntry | undefined): number {
  return entry?.whole ? Math.max(MAX_LIMIT, entry.depth) : MAX_LIMIT;
}

type NamedGoals = ReadonlyMap<string, { readonly board: KnightsBoard; readonly entry: CatalogEntry | undefined }>;

/** The goals of each catalogue read, made once: every knights question asks for them, and a read serves a minute of questions. */
const NAMED = new WeakMap<Catalog, NamedGoals>();

/** Every goal known by name: built in, then the catalogue's, in name order; at most MAX_GOALS. */
export function namedGoals(catalog: Catalog): NamedGoals {
  let goals = NAMED.get(catalog);
  if (!goals) {
    goals = goalsNamedIn(catalog);
    NAMED.set(catalog, goals);
  }
  return goals;
}

function goalsNamedIn(catalog: Catalog): NamedGoals {
  const goals = new Map<string, { board: KnightsBoard; entry: CatalogEntry | undefined }>();
  for (const [name, goal] of KNIGHTS_GOALS) goals.set(name, { board: goal.board, entry: catalog.get(tableOfGoal(name)) });
  const listed = [...catalog].flatMap(([table, entry]) => {
    const name = goalOfTable(table);
    return name === undefined || goals.has(name) || goalNameProblem(name) ? [] : [{ name, entry }];
  });
  for (const { name, entry } of listed.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (goals.size >= MAX_GOALS) break;
    try {
      goals.set(name, { board: parseKnightsBoard(entry.goal), entry });
    } catch {
      // a catalogue entry whose board does not parse names no goal a request could ask for
    }
  }
  return goals;
}

/** The `goal` of a request: a name, or a board; the standard goal when there is none. */
export function resolveGoal(text: string | undefined, loaded: LoadedTables): ResolvedGoal {
  const goals = namedGoals(loaded.catalog);
  const given = (text ?? DEFAULT_GOAL).trim();
  const named = goals.get(given);
  if (named) return { goal: { name: given, board: named.board }, maxLimit: maxLimitOf(named.entry) };
  // What no name holds ("*", "/", spaces) or only a board's knights (0 and 1) is meant as a board, and
  // told what is wrong with it as a board; anything else is meant as a name.
  if (!/[*/\s]/.test(given) && !/^[01]+$/.test(given)) {
    if (!loaded.known) throw new UnavailableNowError(`"${printable(given)}" is not a built-in goal, and the loaded goals cannot be read now; try again shortly.`);
    throw new RefusedForNowError(`There is no goal named "${printable(given)}": the goals loaded are ${[...goals.keys()].join(', ')}; or give the goal as a board.`);
  }
  let board: KnightsBoard;
  try {
    board = parseKnightsBoard(given);
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    // digits alone may yet be a goal's name: a goal loaded under it later answers the question
    if (goalNameProblem(given) === undefined) throw new RefusedForNowError(`The goal is not a valid board, nor a goal loaded here. ${error.message}`);
    throw new InvalidInputError(`The goal is not a valid board. ${error.message}`);
  }
  // A loaded goal written out as a board is that goal, with its table.
  for (const [name, goal] of goals) if (goal.board === board) return { goal: { name, board }, maxLimit: maxLimitOf(goal.entry) };
  return { goal: { name: undefined, board }, maxLimit: MAX_LIMIT };
}

/** A goal asked for with `--goal NAME=BOARD`. */
export interface GoalOption {
  readonly name: string;
  readonly board: KnightsBoard;
}

const GOAL_EXAMPLE = 'mine=11111/01111/00*11/00001/00000';

/** The `--goal NAME=BOARD` options, each checked, none naming a built-in goal's name for another board. */
export function parseGoalOptions(texts: readonly string[]): GoalOption[] {
  const goals = new Map<string, GoalOption>();
  for (const text of texts) {
    const at = text.indexOf('=');
    if (at < 0) throw new InvalidInputError(`--goal takes NAME=BOARD, such as ${GOAL_EXAMPLE}; got "${printable(text)}".`);
    const name = text.slice(0, at).trim();
    const nameWrong = goalNameProblem(name);
    if (nameWrong) throw new InvalidInputError(`--goal ${printable(text)}: the name is wrong: ${nameWrong}.`);
    let board: KnightsBoard;
    try {
      board = parseKnightsBoard(text.slice(at + 1));
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      throw new InvalidInputError(`--goal ${name}: the board is wrong: ${error.message}`);
    }
    const builtIn = builtInGoal(name);
    if (builtIn && builtIn.board !== board) {
      throw new InvalidInputError(`--goal ${name}: "${name}" is the built-in goal ${formatKnightsBoard(builtIn.board)}, not ${formatKnightsBoard(board)}; give this goal another name.`);
    }
    const earlier = goals.get(name);
    if (earlier && earlier.board !== board) {
      throw new InvalidInputError(`--goal ${name} is given twice, for ${formatKnightsBoard(earlier.board)} and for ${formatKnightsBoard(board)}; give each goal its own name.`);
    }
    goals.set(name, { name, board });
  }
  if (goals.size + KNIGHTS_GOALS.size > MAX_GOALS) {
    throw new InvalidInputError(`${goals.size} goals were given with --goal; with the built-in ones that is more than the ${MAX_GOALS} goals the service serves.`);
  }
  return [...goals.values()];
}

/** Why the catalogue has no room for the goal `name`, or undefined when it has. */
export function goalRoomProblem(name: string, catalog: Catalog): string | undefined {
  const goals = namedGoals(catalog);
  if (goals.has(name) || goals.size < MAX_GOALS) return undefined;
  return `The table already serves ${goals.size} knights goals, the most it can (${MAX_GOALS}); ${name} was not loaded. Reuse a goal's name with --force to replace that goal.`;
}
