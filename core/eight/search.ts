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
/**
 * LINE_CONFLICTS[key]: the tiles to take out of a line for the others to pass, from the goal
 * positions along the line of its three cells' tiles, each as 1 + along (0 when the tile's goal is
 * on another line): key = a * 16 + b * 4 + c. One lookup replaces a loop over the line's cells
 * and a longest-run count at every move (the C reference does the same).
 */
const LINE_CONFLICTS = Uint8Array.from({ length: 64 }, (_, key) => {
  const alongs = [key >> 4, (key >> 2) & 3, key & 3].filter((a) => a > 0);
  return alongs.length - longestRun(alongs.length, alongs[0], alongs[1], alongs[2]);
});
const ROW_OF = Uint8Array.from({ length: CELLS }, (_, cell) => Math.floor(cell / SIDE));
const COLUMN_OF = Uint8Array.from({ length: CELLS }, (_, cell) => cell % SIDE);

/** The search state: the board in a typed array, the estimate's two parts kept up to date move by move. */
export class EightSearch implements SearchProblem {
  private readonly cells = new Uint8Array(CELLS);
  /** distanceTo[tile * 9 + cell]: Manhattan distance from `cell` to the tile's cell in the goal. */
  private readonly distanceTo = new Uint8Array(CELLS * CELLS);
  /** along[line * 9 + tile]: 1 + where along `line` the tile sits in the goal, or 0 when its goal cell is on another line (and for the blank). */
  private readonly along = new Uint8Array(2 * SIDE * CELLS);
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
      this.along[ROW_OF[cell] * CELLS + tile] = 1 + COLUMN_OF[cell];
      this.along[(SIDE + COLUMN_OF[cell]) * CELLS + tile] = 1 + ROW_OF[cell];
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
    const along = line * N;
    const cells = line * S;
    const key =
      (this.along[along + this.cells[LINE_CELLS[cells]]] << 4) |
      (this.along[along + this.cells[LINE_CELLS[cells + 1]]] << 2) |
      this.along[along + this.cells[LINE_CELLS[cells + 2]]];
    const conflicts = LINE_CONFLICTS[key];
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
