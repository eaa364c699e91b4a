/**
 * Eight II by IDA*, straight from A towards B (no relabelling needed). The estimate is the sum of
 * the tiles' Manhattan distances to their cells in B plus linear conflicts: two tiles in their
 * goal row (or column) but in reverse order must leave it for one to pass the other, two moves
 * more; per line, every tile beyond the longest correctly ordered run costs two. Both parts are
 * kept up to date move by move: a move changes one tile's distance and the conflicts of two lines.
 */
import { DepthFirstPass, EXHAUSTED, FOUND, type SearchBudget, type SearchOutcome, type SearchProblem, iterativeDeepening, searchGaveUp } from '../../../core/ida-star';
import { BLANK, BLANK_MOVES, CELLS, DOWN, GEOMETRY, SIDE, UP } from './board';
import { EIGHT_DIAMETER, type EightAnswer, type EightQuery, assertReachable, eightAnswerOf } from './query';

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
// binding is reloaded at each use, a local constant folded (Node 24: the 31-move pairs x 200 in
// 178 ms at best with these, 198 ms with the imports).
const N = CELLS;
const S = SIDE;
const X = BLANK;
const D = DOWN;
const U = UP;
const MOVES_FROM = BLANK_MOVES;

/** TARGETS[blank * 4 + move]: the cell the blank reaches, or -1 when the move leaves the board. */
const TARGETS = GEOMETRY.targets;
/** LINE_CELLS[line * 3 + k]: the k-th cell of rows 0..2, then of columns 0..2. */
const LINE_CELLS = GEOMETRY.lineCells;
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
const ROW_OF = GEOMETRY.rowOf;
const COLUMN_OF = GEOMETRY.columnOf;
/**
 * CHANGED_LINES[(blank * 4 + move) * 2 + k]: the two lines whose conflicts the move changes: the
 * rows the tile leaves and enters when it moves up or down, else the columns.
 */
const CHANGED_LINES = GEOMETRY.changedLines;

/**
 * The search state: the board in a typed array, the estimate's two parts kept up to date move by
 * move. As a SearchProblem it is the reference the generic IDA* runs; EightDepthFirst searches the
 * same state with its moves inline.
 */
export class EightSearch implements SearchProblem {
  readonly cells = new Uint8Array(CELLS);
  /** distanceTo[tile * 9 + cell]: Manhattan distance from `cell` to the tile's cell in the goal. */
  readonly distanceTo = new Uint8Array(CELLS * CELLS);
  /** along[line * 9 + tile]: 1 + where along `line` the tile sits in the goal, or 0 when its goal cell is on another line (and for the blank). */
  readonly along = new Uint8Array(2 * SIDE * CELLS);
  /** Conflicts (tiles to take out) in rows 0..2, then columns 0..2. */
  readonly conflicts = new Uint8Array(2 * SIDE);
  blank = 0;
  manhattanTotal = 0;
  conflictTotal = 0;

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

/**
 * IDA*'s depth-first pass for Eight II with the move, the estimate's update and its undo written
 * inline, and the undo restoring saved values rather than recounting: the generic pass calls
 * apply() and two line updates per move there and back, which the JIT does not inline into the
 * recursion: on Node 24 it takes twice as long as this pass (and 2 to 3 times the same search in
 * C, bench/eight-ida.c, where this one takes 1.2 to 1.6 times).
 * It expands exactly the nodes the generic pass over EightSearch does, in the same order (tested).
 */
export class EightDepthFirst extends DepthFirstPass {
  readonly state: EightSearch;

  constructor(query: EightQuery, maxDepth: number, budget: SearchBudget) {
    super(maxDepth, budget);
    this.state = new EightSearch(query);
  }

  search(depth: number, bound: number, undoPrevious: number): number {
    const state = this.state;
    return this.dive(depth, bound, undoPrevious, state.blank, state.manhattanTotal, state.conflictTotal);
  }

  /**
   * The pass from a node whose blank and estimate's parts are arguments, not the state's fields.
   * A child past the bound is not entered: its f, which its pass would return at once, is counted
   * here (most children of an IDA* pass are such leaves; 4 to 8% less time over 8,620 judge
   * cases). The state's cells and line conflicts are as the node has them and come back so; its
   * fields keep the root's.
   */
  private dive(depth: number, bound: number, undoPrevious: number, from: number, manhattan: number, conflictTotal: number): number {
    const f = depth + manhattan + 2 * conflictTotal;
    if (f > bound) return f;
    if (manhattan === 0) {
      this.depthFound = depth;
      return FOUND;
    }
    this.expand(depth);
    const { cells, distanceTo, along, conflicts } = this.state;
    let smallestOver = EXHAUSTED;
    for (let move = 0; move < 4; move++) {
      const at = from * 4 + move;
      const target = TARGETS[at];
      if (target < 0 || move === undoPrevious) continue;
      const tile = cells[target];
      cells[from] = tile;
      cells[target] = X;
      const childManhattan = manhattan + distanceTo[tile * N + from] - distanceTo[tile * N + target];
      const lineA = CHANGED_LINES[at * 2];
      const lineB = CHANGED_LINES[at * 2 + 1];
      const beforeA = conflicts[lineA];
      const beforeB = conflicts[lineB];
      const alongA = lineA * N;
      const cellsA = lineA * S;
      const afterA =
        LINE_CONFLICTS[(along[alongA + cells[LINE_CELLS[cellsA]]] << 4) | (along[alongA + cells[LINE_CELLS[cellsA + 1]]] << 2) | along[alongA + cells[LINE_CELLS[cellsA + 2]]]];
      const alongB = lineB * N;
      const cellsB = lineB * S;
      const afterB =
        LINE_CONFLICTS[(along[alongB + cells[LINE_CELLS[cellsB]]] << 4) | (along[alongB + cells[LINE_CELLS[cellsB + 1]]] << 2) | along[alongB + cells[LINE_CELLS[cellsB + 2]]]];
      const childConflicts = conflictTotal + afterA - beforeA + afterB - beforeB;
      const childF = depth + 1 + childManhattan + 2 * childConflicts;
      let result = childF;
      if (childF <= bound) {
        conflicts[lineA] = afterA;
        conflicts[lineB] = afterB;
        this.line[depth] = move;
        result = this.dive(depth + 1, bound, U - move, target, childManhattan, childConflicts); // U - move: the reverse move (d <-> u, l <-> r)
        if (result === FOUND) return FOUND;
        conflicts[lineA] = beforeA;
        conflicts[lineB] = beforeB;
      }
      cells[target] = tile;
      cells[from] = X;
      if (result < smallestOver) smallestOver = result;
    }
    return smallestOver;
  }
}

/** The exact answer by search; UnreachableError for a pair of different parity, BudgetExhaustedError when the budget ends first. */
export function searchEight(query: EightQuery, budget: SearchBudget): EightAnswer {
  assertReachable(query);
  return eightAnswerOf(searchWithin(query, EIGHT_DIAMETER, budget));
}

/** Whether `to` is at most `moves` moves from `from` (a reachable pair), or BudgetExhaustedError. */
export function eightReachesWithin(query: EightQuery, moves: number, budget: SearchBudget): boolean {
  const outcome = searchWithin(query, moves, budget);
  if (outcome.kind === 'budget-exhausted') throw searchGaveUp(outcome, 'try again later');
  return outcome.kind === 'solved';
}

function searchWithin(query: EightQuery, maxDepth: number, budget: SearchBudget): SearchOutcome {
  const pass = new EightDepthFirst(query, maxDepth, budget);
  return iterativeDeepening(pass, pass.state.estimate(), maxDepth);
}

