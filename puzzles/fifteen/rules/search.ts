/**
 * The 15-puzzle by IDA*, the blank's moves tried in the order d, l, r, u and never reordered: the
 * first line the last iteration finds is the lexicographically smallest of the shortest (every
 * prefix of it stays within the bound, since the estimate never overestimates). Nothing here cuts
 * a line but the estimate and going straight back, which no shortest line does.
 *
 * The estimate needs no table: the tiles' Manhattan distances plus linear conflicts (two tiles in
 * their goal row, or column, in reverse order: one must leave the line for the other to pass, two
 * moves more; per line, every tile beyond the longest correctly ordered run costs two). Both parts
 * are kept up to date move by move: a move moves one tile, changing its distance and the
 * conflicts of the two lines it leaves and enters.
 */
import { DepthFirstPass, EXHAUSTED, FOUND, type SearchBudget, iterativeDeepening, reachableWithin, searchGaveUp } from '../../../core/ida-star';
import { BLANK, CELLS, GEOMETRY, GOAL, SIDE, UP } from './board';
import { FIFTEEN_DIAMETER, type FifteenAnswer, type FifteenQuery, NO_ANSWER, lettersOf } from './query';
import type { PackedDatabases } from './packed-pattern-set';
import { PackedWasmDepthFirst } from './packed-search-wasm';
import { FifteenWasmDepthFirst } from './pattern-search-wasm';
import type { PatternDatabases } from './pattern-set';

/** Either set of pattern databases: 6-6-3 (a byte an entry) or the packed 7-8. */
export type FifteenDatabases = PatternDatabases | PackedDatabases;
export const isPacked = (databases: FifteenDatabases): databases is PackedDatabases => 'packed' in databases;

const manhattan = (a: number, b: number) => Math.abs(Math.floor(a / SIDE) - Math.floor(b / SIDE)) + Math.abs((a % SIDE) - (b % SIDE));

// File-local constants for the pass run at every node: an imported binding is reloaded at each use.
const N = CELLS;
const S = SIDE;
const X = BLANK;
const U = UP;

/** TARGETS[blank * 4 + move]: the cell the blank reaches, or -1 when the move leaves the board. */
const TARGETS = GEOMETRY.targets;
/** LINE_CELLS[line * 4 + k]: the k-th cell of rows 0..3, then of columns 0..3. */
const LINE_CELLS = GEOMETRY.lineCells;
/**
 * LINE_CONFLICTS[key]: the tiles to take out of a line for the others to pass, from where along
 * the line each of its four cells' tiles belongs (1 + position, or 0 when its goal is on another
 * line), three bits each: one lookup per changed line at every move.
 */
const LINE_CONFLICTS = (() => {
  // Per key, the longest strictly increasing run among the line's own tiles (their alongs, in the
  // line's order), the others being the conflicts. Built with no allocation per key: a function
  // builds this table while it starts, and 4,096 small arrays cost it milliseconds.
  const table = new Uint8Array(1 << 12);
  const alongs = new Uint8Array(SIDE);
  const runs = new Uint8Array(SIDE); // runs[i]: the longest increasing run ending at alongs[i]
  for (let key = 0; key < 1 << 12; key++) {
    let count = 0;
    let longest = 0;
    for (let shift = 9; shift >= 0; shift -= 3) {
      const along = (key >> shift) & 7;
      if (along === 0) continue;
      let run = 1;
      for (let j = 0; j < count; j++) if (alongs[j] < along && runs[j] + 1 > run) run = runs[j] + 1;
      alongs[count] = along;
      runs[count++] = run;
      if (run > longest) longest = run;
    }
    table[key] = count - longest;
  }
  return table;
})();
const ROW_OF = GEOMETRY.rowOf;
const COLUMN_OF = GEOMETRY.columnOf;
/** CHANGED_LINES[(blank * 4 + move) * 2 + k]: the rows a tile leaves and enters when it moves up or down, else the columns. */
const CHANGED_LINES = GEOMETRY.changedLines;
/** DISTANCE[tile * 16 + cell]: Manhattan distance from `cell` to the tile's goal cell (0 for the blank). */
const DISTANCE = Uint8Array.from({ length: CELLS * CELLS }, (_, i) => {
  const tile = Math.floor(i / CELLS);
  return tile === BLANK ? 0 : manhattan(i % CELLS, GOAL.indexOf(tile));
});
/** ALONG[line * 16 + tile]: 1 + where along `line` the tile sits in the goal, or 0 when its goal cell is on another line. */
const ALONG = Uint8Array.from({ length: 2 * SIDE * CELLS }, (_, i) => {
  const line = Math.floor(i / CELLS);
  const tile = i % CELLS;
  if (tile === BLANK) return 0;
  const cell = GOAL.indexOf(tile);
  if (line < SIDE) return ROW_OF[cell] === line ? 1 + COLUMN_OF[cell] : 0;
  return COLUMN_OF[cell] === line - SIDE ? 1 + ROW_OF[cell] : 0;
});

function lineConflicts(cells: Uint8Array, line: number): number {
  const along = line * N;
  const at = line * S;
  return LINE_CONFLICTS[
    (ALONG[along + cells[LINE_CELLS[at]]] << 9) | (ALONG[along + cells[LINE_CELLS[at + 1]]] << 6) | (ALONG[along + cells[LINE_CELLS[at + 2]]] << 3) | ALONG[along + cells[LINE_CELLS[at + 3]]]
  ];
}

/** Manhattan distance plus linear conflicts of a whole board: the estimate the search starts from. */
export function manhattanWithConflicts(board: readonly number[]): number {
  const cells = Uint8Array.from(board);
  let total = 0;
  for (let cell = 0; cell < N; cell++) total += DISTANCE[cells[cell] * N + cell];
  for (let line = 0; line < 2 * S; line++) total += 2 * lineConflicts(cells, line);
  return total;
}

/**
 * IDA*'s depth-first pass with the move, the estimate's update and its undo written inline (the
 * undo restores saved values rather than recounting), as Eight II's pass does.
 */
export class FifteenDepthFirst extends DepthFirstPass {
  readonly cells: Uint8Array;
  private readonly conflicts = new Uint8Array(2 * SIDE);
  private blank: number;
  private manhattanTotal = 0;
  private conflictTotal = 0;

  constructor(board: readonly number[], maxDepth: number, budget: SearchBudget) {
    super(maxDepth, budget);
    this.cells = Uint8Array.from(board);
    this.blank = this.cells.indexOf(X);
    for (let cell = 0; cell < N; cell++) this.manhattanTotal += DISTANCE[this.cells[cell] * N + cell];
    for (let line = 0; line < 2 * S; line++) {
      this.conflicts[line] = lineConflicts(this.cells, line);
      this.conflictTotal += this.conflicts[line];
    }
  }

  estimate(): number {
    return this.manhattanTotal + 2 * this.conflictTotal;
  }

  search(depth: number, bound: number, undoPrevious: number): number {
    const manhattan = this.manhattanTotal;
    const conflictTotal = this.conflictTotal;
    const f = depth + manhattan + 2 * conflictTotal;
    if (f > bound) return f;
    if (manhattan === 0) {
      this.depthFound = depth;
      return FOUND;
    }
    this.expand(depth);
    const cells = this.cells;
    const conflicts = this.conflicts;
    const from = this.blank;
    let smallestOver = EXHAUSTED;
    for (let move = 0; move < 4; move++) {
      const at = from * 4 + move;
      const target = TARGETS[at];
      if (target < 0 || move === undoPrevious) continue;
      const tile = cells[target];
      cells[from] = tile;
      cells[target] = X;
      this.blank = target;
      this.manhattanTotal = manhattan + DISTANCE[tile * N + from] - DISTANCE[tile * N + target];
      const lineA = CHANGED_LINES[at * 2];
      const lineB = CHANGED_LINES[at * 2 + 1];
      const beforeA = conflicts[lineA];
      const beforeB = conflicts[lineB];
      const afterA = lineConflicts(cells, lineA);
      const afterB = lineConflicts(cells, lineB);
      conflicts[lineA] = afterA;
      conflicts[lineB] = afterB;
      this.conflictTotal = conflictTotal + afterA - beforeA + afterB - beforeB;
      this.line[depth] = move;
      const result = this.search(depth + 1, bound, U - move); // the reverse move (d <-> u, l <-> r)
      if (result === FOUND) return FOUND;
      cells[target] = tile;
      cells[from] = X;
      this.blank = from;
      conflicts[lineA] = beforeA;
      conflicts[lineB] = beforeB;
      if (result < smallestOver) smallestOver = result;
    }
    this.manhattanTotal = manhattan;
    this.conflictTotal = conflictTotal;
    return smallestOver;
  }
}

/**
 * The pass over the pattern databases when given, in WebAssembly (the packed 7-8 set's, or
 * 6-6-3's: each held node for node to a pass in TypeScript by the tests), else over Manhattan
 * distance with linear conflicts (no table needed).
 */
function passFor(board: readonly number[], maxDepth: number, budget: SearchBudget, databases?: FifteenDatabases): DepthFirstPass & { estimate(): number } {
  if (databases === undefined) return new FifteenDepthFirst(board, maxDepth, budget);
  return isPacked(databases) ? new PackedWasmDepthFirst(board, databases, maxDepth, budget) : new FifteenWasmDepthFirst(board, databases, maxDepth, budget);
}

/** The exact answer within the query's limit by search (an unsolvable board has none); BudgetExhaustedError when the budget ends first. */
export function searchFifteen(query: FifteenQuery, budget: SearchBudget, databases?: FifteenDatabases): FifteenAnswer {
  if (!query.solvable) return NO_ANSWER;
  const maxDepth = Math.min(query.limit, FIFTEEN_DIAMETER);
  const pass = passFor(query.board, maxDepth, budget, databases);
  const outcome = iterativeDeepening(pass, pass.estimate(), maxDepth);
  switch (outcome.kind) {
    case 'solved':
      return { steps: outcome.moves.length, path: lettersOf(outcome.moves), bound: outcome.bound };
    case 'beyond-limit':
      return NO_ANSWER;
    case 'budget-exhausted':
      throw searchGaveUp(outcome);
  }
}

/**
 * Whether the (solvable) board reaches the goal within `moves` moves, or BudgetExhaustedError: one
 * pass at that bound, never first making the move `undoFirst` (the move back to where the board
 * came from, when that lies farther away). Meant for a board at least `moves` away, or just
 * beyond: a board far nearer is found by deepening far sooner than by one deep pass.
 */
export function fifteenReachesWithin(board: readonly number[], moves: number, budget: SearchBudget, databases?: FifteenDatabases, undoFirst = -1): boolean {
  const outcome = reachableWithin(passFor(board, moves, budget, databases), moves, undoFirst);
  if (outcome.kind === 'budget-exhausted') throw searchGaveUp(outcome);
  return outcome.kind === 'solved';
}
