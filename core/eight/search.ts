/**
 * Eight II by IDA*, straight from A towards B (no relabelling needed): the estimate is the sum of
 * the tiles' Manhattan distances to their cells in B, kept up to date move by move.
 */
import { BudgetExhaustedError } from '../errors';
import { type SearchBudget, type SearchProblem, UNLIMITED, idaStar } from '../ida-star';
import { BLANK, BLANK_MOVES, CELLS, SIDE, blankTarget, reverseMove } from './board';
import { type EightAnswer, type EightQuery, assertReachable, lettersOf } from './query';

/** The longest shortest line between any two boards (from the SPEC: 31). */
export const EIGHT_DIAMETER = 31;

const manhattan = (a: number, b: number) =>
  Math.abs(Math.floor(a / SIDE) - Math.floor(b / SIDE)) + Math.abs((a % SIDE) - (b % SIDE));

export class EightSearch implements SearchProblem {
  private readonly cells: number[];
  /** distanceTo[tile * 9 + cell]: Manhattan distance from `cell` to the tile's cell in the goal. */
  private readonly distanceTo = new Uint8Array(CELLS * CELLS);
  private blank: number;
  private total = 0;

  constructor(query: EightQuery) {
    this.cells = [...query.from];
    for (let cell = 0; cell < CELLS; cell++) {
      const tile = query.to[cell];
      if (tile === BLANK) continue;
      for (let from = 0; from < CELLS; from++) this.distanceTo[tile * CELLS + from] = manhattan(from, cell);
    }
    this.blank = this.cells.indexOf(BLANK);
    for (let cell = 0; cell < CELLS; cell++) this.total += this.distanceTo[this.cells[cell] * CELLS + cell];
  }

  moves(): readonly number[] {
    return BLANK_MOVES[this.blank];
  }

  apply(move: number): number {
    const target = blankTarget(this.blank, move);
    const tile = this.cells[target];
    this.total += this.distanceTo[tile * CELLS + this.blank] - this.distanceTo[tile * CELLS + target];
    this.cells[this.blank] = tile;
    this.cells[target] = BLANK;
    this.blank = target;
    return reverseMove(move);
  }

  estimate(): number {
    return this.total;
  }

  isGoal(): boolean {
    return this.total === 0;
  }
}

/** The exact answer by search; UnreachableError for a pair of different parity, BudgetExhaustedError when the budget ends first. */
export function searchEight(query: EightQuery, budget: SearchBudget = UNLIMITED): EightAnswer {
  assertReachable(query);
  const outcome = idaStar(new EightSearch(query), EIGHT_DIAMETER, budget);
  switch (outcome.kind) {
    case 'solved':
      return { steps: outcome.moves.length, path: lettersOf(outcome.moves) };
    case 'beyond-limit':
      // Unreachable by construction: every pair of equal parity is at most 31 moves apart.
      throw new Error(`no line of at most ${EIGHT_DIAMETER} moves was found for a reachable pair`);
    case 'budget-exhausted':
      throw new BudgetExhaustedError(
        `The search gave up after ${outcome.nodes} positions (${outcome.reason === 'time' ? 'out of time' : 'node cap reached'}) without an answer; try again later.`,
      );
  }
}
