/** An Eight II question and its answer, shared by the table lookup and the search. */
import { UnreachableError } from '../../../core/errors';
import { type SearchOutcome, searchGaveUp } from '../../../core/ida-star';
import { type EightBoard, MOVE_LETTERS, formatEightBoard, isReachable } from './board';

/** The greatest distance between any two boards: the longest shortest line (31, the farthest boards'). */
export const EIGHT_DIAMETER = 31;

export interface EightQuery {
  readonly from: EightBoard;
  readonly to: EightBoard;
}

export interface EightAnswer {
  /** Moves in a shortest line from `from` to `to`. */
  readonly steps: number;
  /** The lex-min shortest line as letters d, l, r, u (the blank's moves). */
  readonly path: string;
}

/** Refuses, before any search, a pair whose tile parities differ: no sequence of moves joins them. */
export function assertReachable(query: EightQuery): void {
  if (!isReachable(query.from, query.to)) {
    throw new UnreachableError(
      `${formatEightBoard(query.to)} cannot be reached from ${formatEightBoard(query.from)}: the two boards' tile orders differ in parity, and no sequence of moves changes that parity.`,
    );
  }
}

export function lettersOf(moves: readonly number[]): string {
  return moves.map((move) => MOVE_LETTERS[move]).join('');
}

/** The answer of a whole search (to EIGHT_DIAMETER) of a reachable pair; BudgetExhaustedError when its budget ended first. */
export function eightAnswerOf(outcome: SearchOutcome): EightAnswer {
  switch (outcome.kind) {
    case 'solved':
      return { steps: outcome.moves.length, path: lettersOf(outcome.moves) };
    case 'beyond-limit':
      // Unreachable by construction: every pair of equal parity is at most 31 moves apart.
      throw new Error(`no line of at most ${EIGHT_DIAMETER} moves was found for a reachable pair`);
    case 'budget-exhausted':
      throw searchGaveUp(outcome, 'try again later');
  }
}
