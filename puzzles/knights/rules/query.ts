/** A knights question and its answer, shared by the table lookup and the search. */
import { InvalidInputError } from '../../../core/errors';
import { printable } from '../../../core/printable';
import type { KnightsBoard } from './board';
import type { KnightsGoal } from './goals';

/** The SCOI question asks for at most 15 moves: the default, so that judge answers stay the judge's. */
export const DEFAULT_LIMIT = 15;
/** The farthest position is 39 moves from the standard goal: a limit of 39 asks for the exact distance. */
export const MAX_LIMIT = 39;

export interface KnightsQuery {
  readonly board: KnightsBoard;
  readonly goal: KnightsGoal;
  /** Answer -1 when the goal is farther than this many moves. */
  readonly limit: number;
}

export interface KnightsAnswer {
  /** Moves in a shortest line to the goal, or -1 when that is more than the limit. */
  readonly steps: number;
  /** The lex-min shortest line: cells the empty square moves to, in order; [] when steps is -1. */
  readonly path: readonly number[];
}

export const BEYOND_LIMIT: KnightsAnswer = Object.freeze({ steps: -1, path: Object.freeze([]) as readonly number[] });

/**
 * Accepts an integer 0..max given as a number or a decimal string; undefined means the default.
 * The most is 39 unless a goal is known to reach farther (its whole table is loaded).
 */
export function parseLimit(value: unknown, max = MAX_LIMIT): number {
  if (value === undefined) return DEFAULT_LIMIT;
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 0 || number > max) {
    const shown = typeof value === 'string' ? `"${printable(value)}"` : printable(JSON.stringify(value) ?? String(value));
    throw new InvalidInputError(`The limit must be a whole number of moves from 0 to ${max}; got ${shown}.`);
  }
  return number;
}
