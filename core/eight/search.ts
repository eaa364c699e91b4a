/**
 * Eight II by IDA*, straight from A towards B (no relabelling needed). The estimate is the sum of
 * the tiles' Manhattan distances to their cells in B plus linear conflicts: two tiles in their
 * goal row (or column) but in reverse order must leave it for one to pass the other, two moves
 * more; per line, every tile beyond the longest correctly ordered run costs two. Both parts are
 * kept up to date move by move: a move changes one tile's distance and the conflicts of two lines.
 */
import { BudgetExhaustedError } from '../errors';
import { type SearchBudget, type SearchProblem, UNLIMITED, idaStar } from '../ida-star';
import { BLANK, BLANK_MOVES, CELLS, DOWN, SIDE, UP, blankTarget, reverseMove } from './board';
import { type EightAnswer, type EightQuery, assertReachable, lettersOf } from './query';

/** The longest shortest line between any two boards (from the SPEC: 31). */
export const EIGHT_DIAMETER = 31;

const manhattan = (a: number, b: number) =>
  Math.abs(Math.floor(a / SIDE) - Math.floor(b / SIDE)) + Math.abs((a % SIDE) - (b % SIDE));

/** Longest increasing run (subsequence) among the first `n` of a, b, c. */
function longestRun(n: number, a: number, b: number, c: number): number {
  if (n <= 1) return n;
  if (n === 2) return a < b ? 2 : 1;
  if (a < b && b < c) return 3;
  return a < b || a < c || b < c ? 2 : 1;
}

export class EightSearch implements SearchProblem {
  private readonly cells: number[];
  /** distanceTo[tile * 9 + cell]: Manhattan distance from `cell` to the tile's cell in the goal. */
  private readonly distanceTo = new Uint8Array(CELLS * CELLS);
  private readonly goalRow = new Int8Array(CELLS);
  private readonly goalColumn = new Int8Array(CELLS);
  /** Conflicts (tiles to take out) in rows 0..2, then columns 0..2. */
  private readonly conflicts = new Uint8Array(2 * SIDE);
  private blank: number;
  private manhattanTotal = 0;
  private conflictTotal = 0;

  constructor(query: EightQuery) {
    this.cells = [...query.from];
    for (let cell = 0; cell < CELLS; cell++) {
      const tile = query.to[cell];
      if (tile === BLANK) continue;
      this.goalRow[tile] = Math.floor(cell / SIDE);
      this.goalColumn[tile] = cell % SIDE;
      for (let from = 0; from < CELLS; from++) this.distanceTo[tile * CELLS + from] = manhattan(from, cell);
    }
    this.blank = this.cells.indexOf(BLANK);
    for (let cell = 0; cell < CELLS; cell++) this.manhattanTotal += this.distanceTo[this.cells[cell] * CELLS + cell];
    for (let line = 0; line < 2 * SIDE; line++) this.updateLine(line);
  }

  moves(): readonly number[] {
    return BLANK_MOVES[this.blank];
  }

  apply(move: number): number {
    const from = this.blank;
    const target = blankTarget(from, move);
    const tile = this.cells[target];
    this.manhattanTotal += this.distanceTo[tile * CELLS + from] - this.distanceTo[tile * CELLS + target];
    this.cells[from] = tile;
    this.cells[target] = BLANK;
    this.blank = target;
    if (move === DOWN || move === UP) {
      // The tile changed rows; the order within its column is unchanged.
      this.updateLine(Math.floor(from / SIDE));
      this.updateLine(Math.floor(target / SIDE));
    } else {
      this.updateLine(SIDE + (from % SIDE));
      this.updateLine(SIDE + (target % SIDE));
    }
    return reverseMove(move);
  }

  estimate(): number {
    return this.manhattanTotal + 2 * this.conflictTotal;
  }

  isGoal(): boolean {
    return this.manhattanTotal === 0;
  }

  /** Recounts the conflicts of one line: rows are 0..2, columns 3..5. */
  private updateLine(line: number): void {
    const isRow = line < SIDE;
    const index = isRow ? line : line - SIDE;
    // Goal positions along the line of the tiles that belong to it, in their current order.
    let n = 0;
    let a = 0;
    let b = 0;
    let c = 0;
    for (let k = 0; k < SIDE; k++) {
      const tile = this.cells[isRow ? index * SIDE + k : k * SIDE + index];
      if (tile === BLANK || (isRow ? this.goalRow[tile] : this.goalColumn[tile]) !== index) continue;
      const along = isRow ? this.goalColumn[tile] : this.goalRow[tile];
      if (n === 0) a = along;
      else if (n === 1) b = along;
      else c = along;
      n++;
    }
    const conflicts = n - longestRun(n, a, b, c);
    this.conflictTotal += conflicts - this.conflicts[line];
    this.conflicts[line] = conflicts;
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
