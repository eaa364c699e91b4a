/** A 15-puzzle question and its answer, shared by the search, the judge format and the API. */
import { type FifteenBoard, MOVE_LETTERS } from './board';

/**
 * The greatest distance of any board: the farthest are 80 moves from the goal (Brüngger et al.
 * 1999), so a limit of 80 asks for the exact distance of every solvable board.
 */
export const FIFTEEN_DIAMETER = 80;
/** The judge (LightOJ) answers a board needing more than 35 moves as not solvable. */
export const JUDGE_LIMIT = 35;

export interface FifteenQuery {
  readonly board: FifteenBoard;
  /** Answer -1 (the judge's "not solvable") when the goal is farther than this many moves. */
  readonly limit: number;
  /** False for a board that cannot reach the goal: the judge answers it, the API refuses it (422). */
  readonly solvable: boolean;
}

export interface FifteenAnswer {
  /** Moves in a shortest line, or -1 when the board is unsolvable or farther than the limit. */
  readonly steps: number;
  /** The lex-min shortest line as the letters d, l, r, u (the blank's moves); '' when steps is -1. */
  readonly path: string;
  /** Which estimate guided the search that found it (the service's answers say it). */
  readonly heuristic?: string;
  /** The search's last bound, which the line's length equals (a kept answer is checked against it). */
  readonly bound?: number;
}

export const NO_ANSWER: FifteenAnswer = Object.freeze({ steps: -1, path: '' });

export function lettersOf(moves: readonly number[]): string {
  return moves.map((move) => MOVE_LETTERS[move]).join('');
}
