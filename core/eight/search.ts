/**
 * Eight II by IDA*, straight from A towards B (no relabelling needed). The estimate is the sum of
 * the tiles' Manhattan distances to their cells in B plus linear conflicts: two tiles in their
 * goal row (or column) but in reverse order must leave it for one to pass the other, two moves
 * more; per line, every tile beyond the longest correctly ordered run costs two. Both parts are
 * kept up to date move by move: a move changes one tile's distance and the conflicts of two lines.
 */
import { BudgetExhaustedError } from '../errors';
import { type SearchBudget, type SearchProblem, UNLIMITED, idaStar } from '../ida-star';
import { BLANK, BLANK_MOVES, CELLS, DOWN, SIDE, UP, blankTarget } from './board';
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

// Short file-local names of the board's constants for the methods run at every node: an imported
// binding is live, so the JIT reloads it from its module at each use, where a local constant is
// folded into the code (measured: a third of the search's time).
const N = CELLS;
const S = SIDE;
const X = BLANK;
const D = DOWN;
const U = UP;
const MOVES_FROM = BLANK_MOVES;

/** TARGETS[blank * 4 + move]: the cell the blank reaches, or -1 when the move leaves the board. */
const TARGETS = Int8Array.from({ length: CELLS * 4 }, (_, i) => blankTarget(Math.floor(i / 4), i % 4));
/** LINE_CELLS[line * 3 + k]: the k-th cell of rows 0..2, then of columns 0..2. */
const LINE_CELLS = Uint8Array.from({ length: 2 * SIDE * SIDE }, (_, i) => {
  const line = Math.floor(i / SIDE);
  const k = i % SIDE;
  return line < SIDE ? line * SIDE + k : k * SIDE + (line - SIDE);
});
const ROW_OF = Uint8Array.from({ length: CELLS }, (_, cell) => Math.floor(cell / SIDE));
const COLUMN_OF = Uint8Array.from({ length: CELLS }, (_, cell) => cell % SIDE);

/** The search state: the board in a typed array, the estimate's two parts kept up to date move by move. */
export class EightSearch implements SearchProblem {
  private readonly cells = new Uint8Array(CELLS);
  /** distanceTo[tile * 9 + cell]: Manhattan distance from `cell` to the tile's cell in the goal. */
  private readonly distanceTo = new Uint8Array(CELLS * CELLS);
  /** along[line * 9 + tile]: where along `line` the tile sits in the goal, or -1 when its goal cell is on another line. */
  private readonly along = new Int8Array(2 * SIDE * CELLS).fill(-1);
  /** Conflicts (tiles to take out) in rows 0..2, then columns 0..2. */
  private readonly conflicts = new Uint8Array(2 * SIDE);
  private blank: number;
  private manhattanTotal = 0;
  private conflictTotal = 0;

  constructor(query: EightQuery) {
    this.cells.set(query.from);
    for (let cell = 0; cell < CELLS; cell++) {
      const tile = query.to[cell];
      if (tile === BLANK) continue;
      this.along[ROW_OF[cell] * CELLS + tile] = COLUMN_OF[cell];
      this.along[(SIDE + COLUMN_OF[cell]) * CELLS + tile] = ROW_OF[cell];
      for (let from = 0; from < CELLS; from++) this.distanceTo[tile * CELLS + from] = manhattan(from, cell);
    }
    this.blank = this.cells.indexOf(BLANK);
    for (let cell = 0; cell < CELLS; cell++) this.manhattanTotal += this.distanceTo[this.cells[cell] * CELLS + cell];
    for (let line = 0; line < 2 * SIDE; line++) this.updateLine(line);
  }

  moves(): readonly number[] {
    return MOVES_FROM[this.blank];
  }

  apply(move: number): number {
    const from = this.blank;
    const target = TARGETS[from * 4 + move];
    const tile = this.cells[target];
    this.manhattanTotal += this.distanceTo[tile * N + from] - this.distanceTo[tile * N + target];
    this.cells[from] = tile;
    this.cells[target] = X;
    this.blank = target;
    if (move === D || move === U) {
      // The tile changed rows; the order within its column is unchanged.
      this.updateLine(ROW_OF[from]);
      this.updateLine(ROW_OF[target]);
    } else {
      this.updateLine(S + COLUMN_OF[from]);
      this.updateLine(S + COLUMN_OF[target]);
    }
    return U - move; // the reverse move (d <-> u, l <-> r)
  }

  estimate(): number {
    return this.manhattanTotal + 2 * this.conflictTotal;
  }

  isGoal(): boolean {
    return this.manhattanTotal === 0;
  }

  /** Recounts the conflicts of one line: rows are 0..2, columns 3..5. */
  private updateLine(line: number): void {
    // Goal positions along the line of the tiles that belong to it, in their current order.
    let n = 0;
    let a = 0;
    let b = 0;
    let c = 0;
    for (let k = 0; k < S; k++) {
      const along = this.along[line * N + this.cells[LINE_CELLS[line * S + k]]];
      if (along < 0) continue; // the blank, or a tile whose goal is on another line
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
