/**
 * The built-in knights goals, by name: each has a table loaded by default, and its search warms up
 * with the function. Goals of one's own are loaded with `--goal NAME=BOARD` instead, and the
 * service learns them from the tables (loaded-goals.ts).
 */
import { InvalidInputError } from '../../../core/errors';
import { type KnightsBoard, parseKnightsBoard } from './board';
import { printable } from '../../../core/printable';

const GOAL_BOARDS = {
  /** The SCOI 2005 goal. */
  standard: '11111/01111/00*11/00001/00000',
} as const satisfies Record<string, string>;

export type KnightsGoalName = keyof typeof GOAL_BOARDS;

export const DEFAULT_GOAL: KnightsGoalName = 'standard';

export interface KnightsGoal {
  /** The goal's name (a registry name, or one given to a loaded goal), or undefined for a goal given as a board. */
  readonly name: string | undefined;
  readonly board: KnightsBoard;
}

export const KNIGHTS_GOALS: ReadonlyMap<KnightsGoalName, KnightsGoal> = new Map(
  (Object.keys(GOAL_BOARDS) as KnightsGoalName[]).map((name) => [name, { name, board: parseKnightsBoard(GOAL_BOARDS[name]) }]),
);

export function isGoalName(text: string): text is KnightsGoalName {
  return Object.hasOwn(GOAL_BOARDS, text);
}

/** A goal by registry name, or a goal board written like any board; the default when omitted. */
export function resolveKnightsGoal(nameOrBoard: string | undefined): KnightsGoal {
  const text = (nameOrBoard ?? DEFAULT_GOAL).trim();
  if (isGoalName(text)) return KNIGHTS_GOALS.get(text)!;
  if (/^[A-Za-z][\w-]*$/.test(text)) {
    throw new InvalidInputError(
      `There is no goal named "${printable(text)}": use ${[...KNIGHTS_GOALS.keys()].join(', ')}, or give the goal as a board.`,
    );
  }
  try {
    const board = parseKnightsBoard(text);
    // A registered goal written out as a board is that goal, with its precomputed table.
    return [...KNIGHTS_GOALS.values()].find((goal) => goal.board === board) ?? { name: undefined, board };
  } catch (error) {
    if (error instanceof InvalidInputError) throw new InvalidInputError(`The goal is not a valid board. ${error.message}`);
    throw error;
  }
}
