/**
 * Eight II by IDA* over two additive pattern databases, for batches of queries (judge input): the
 * same answers as search.ts, about 7.5 times fewer nodes than its Manhattan distance with linear
 * conflicts (995 to 132 a query on the judge benchmark's pairs), for a few milliseconds of tables
 * per goal, built on first use.
 *
 * A query is relabelled to one of the 9 canonical goals (canonical.ts; the moves are the blank's,
 * so the letters do not change). There tiles 1-4 are one group and 5-8 the other. A group's
 * database holds, for every placement of its four tiles and the blank, the fewest moves of the
 * group's own tiles that bring them home, the other tiles' moves free: the two add up to an
 * admissible estimate, so the first line the pass in d, l, r, u order meets within the last bound
 * is still the lexicographically smallest shortest one. The estimate is 0 only at the goal (every
 * tile home).
 *
 * Index of a placement: the blank's cell times 9^4, plus the group's k-th tile's cell times 9^k
 * (59,049 entries, 15,120 of them placements): a move changes it by two additions.
 */
import { DepthFirstPass, EXHAUSTED, FOUND, type SearchBudget, iterativeDeepening } from '../../../core/ida-star';
import { BLANK, CELLS, GEOMETRY, UP } from './board';
import { canonicalize, CANONICAL_GOALS } from './canonical';
import { EIGHT_DIAMETER, type EightAnswer, type EightQuery, assertReachable, eightAnswerOf } from './query';

const TILES_PER_GROUP = 4;
/** The blank's weight in a group's index; a group's k-th tile weighs 9^k. */
const BLANK_WEIGHT = CELLS ** TILES_PER_GROUP;
const ENTRIES = CELLS * BLANK_WEIGHT;
/** The group of tile t (1..8 on a canonical board), and its weight in that group's index. */
const GROUP_OF = Uint8Array.from({ length: CELLS }, (_, tile) => (tile <= TILES_PER_GROUP ? 0 : 1));
/** The weight of a group's k-th tile: 9^k. */
const TILE_WEIGHTS = Int32Array.from({ length: TILES_PER_GROUP }, (_, k) => CELLS ** k);
const WEIGHT_OF = Int32Array.from({ length: CELLS }, (_, tile) => (tile === BLANK ? BLANK_WEIGHT : TILE_WEIGHTS[(tile - 1) % TILES_PER_GROUP]));
/**
 * TILE_OF_CELL[placement]: for a group's placement (its index without the blank's part), 3 bits a
 * cell: 1 + k where the group's k-th tile stands, 0 where none does.
 */
const TILE_OF_CELL = Int32Array.from({ length: BLANK_WEIGHT }, (_, placement) => {
  let bits = 0;
  for (let k = 0; k < TILES_PER_GROUP; k++) bits |= (1 + k) << (3 * (Math.floor(placement / TILE_WEIGHTS[k]) % CELLS));
  return bits;
});
/** TARGETS[blank * 4 + move]: the cell the blank reaches, or -1 when the move leaves the board. */
const TARGETS = GEOMETRY.targets;
const UNREACHED = 255;

/** One group's index on a board: its tiles' cells and the blank's. */
function indexOf(board: ArrayLike<number>, group: number): number {
  let index = 0;
  for (let cell = 0; cell < CELLS; cell++) {
    const tile = board[cell];
    if (tile === BLANK || GROUP_OF[tile] === group) index += cell * WEIGHT_OF[tile];
  }
  return index;
}

/**
 * A group's database around a canonical goal: a 0-1 BFS backwards from the goal over the group's
 * placements and the blank's cell (a move is its own reverse and costs the same both ways), where
 * the blank stepping onto one of the group's tiles costs 1 and onto any other cell 0.
 */
function buildDatabase(goal: readonly number[], group: number): Uint8Array {
  const values = new Uint8Array(ENTRIES).fill(UNREACHED);
  // A deque of indexes: cost-0 steps go in at the front, cost-1 steps at the back.
  const deque = new Int32Array(2 * ENTRIES);
  let head = ENTRIES;
  let tail = ENTRIES;
  const start = indexOf(goal, group);
  values[start] = 0;
  deque[tail++] = start;
  while (head < tail) {
    const index = deque[head++];
    const value = values[index];
    const blank = (index / BLANK_WEIGHT) | 0;
    const tiles = TILE_OF_CELL[index - blank * BLANK_WEIGHT];
    for (let move = 0; move < 4; move++) {
      const target = TARGETS[blank * 4 + move];
      if (target < 0) continue;
      let next = index + (target - blank) * BLANK_WEIGHT;
      let cost = 0;
      const k = ((tiles >> (3 * target)) & 7) - 1; // the group's tile on the target cell, if any
      if (k >= 0) {
        next += (blank - target) * TILE_WEIGHTS[k]; // it steps into the blank's cell
        cost = 1;
      }
      if (value + cost >= values[next]) continue;
      values[next] = value + cost;
      if (cost === 0) deque[--head] = next;
      else deque[tail++] = next;
    }
  }
  return values;
}

/** Both groups' databases of each canonical goal, built on first use. */
const databases = new Array<readonly [Uint8Array, Uint8Array] | undefined>(CELLS);
function databasesOf(goalIndex: number): readonly [Uint8Array, Uint8Array] {
  return (databases[goalIndex] ??= [buildDatabase(CANONICAL_GOALS[goalIndex], 0), buildDatabase(CANONICAL_GOALS[goalIndex], 1)]);
}

/** The estimate of a board against a canonical goal: both groups' databases added. */
export function patternEstimate(board: ArrayLike<number>, goalIndex: number): number {
  const [first, second] = databasesOf(goalIndex);
  return first[indexOf(board, 0)] + second[indexOf(board, 1)];
}

/** The depth-first pass on a relabelled board, the two indexes carried down as arguments. */
class PatternDepthFirst extends DepthFirstPass {
  readonly cells = new Uint8Array(CELLS);
  first: Uint8Array = new Uint8Array(0);
  second: Uint8Array = new Uint8Array(0);

  /** `budget`: each query's node cap, on one deadline for them all. */
  constructor(budget: SearchBudget) {
    super(EIGHT_DIAMETER, budget);
  }

  /** Starts on a query; returns the first bound (the root's estimate). */
  restart(query: EightQuery): number {
    const { goalIndex, from } = canonicalize(query.from, query.to);
    [this.first, this.second] = databasesOf(goalIndex);
    this.cells.set(from);
    this.nodes = 0;
    return patternEstimate(from, goalIndex);
  }

  search(depth: number, bound: number, undoPrevious: number): number {
    const first = indexOf(this.cells, 0);
    const second = indexOf(this.cells, 1);
    const f = depth + this.first[first] + this.second[second];
    return f > bound ? f : this.dive(depth, bound, undoPrevious, this.cells.indexOf(BLANK), first, second);
  }

  /** From a node within the bound; as EightDepthFirst's, a child past the bound is counted where it is met, not entered. */
  private dive(depth: number, bound: number, undoPrevious: number, from: number, first: number, second: number): number {
    const estimate = this.first[first] + this.second[second];
    if (estimate === 0) {
      this.depthFound = depth;
      return FOUND;
    }
    this.expand(depth);
    const cells = this.cells;
    let smallestOver = EXHAUSTED;
    for (let move = 0; move < 4; move++) {
      const target = TARGETS[from * 4 + move];
      if (target < 0 || move === undoPrevious) continue;
      const tile = cells[target];
      const blankStep = (target - from) * BLANK_WEIGHT;
      const tileStep = (from - target) * WEIGHT_OF[tile];
      const childFirst = first + blankStep + (GROUP_OF[tile] === 0 ? tileStep : 0);
      const childSecond = second + blankStep + (GROUP_OF[tile] === 1 ? tileStep : 0);
      const childF = depth + 1 + this.first[childFirst] + this.second[childSecond];
      let result = childF;
      if (childF <= bound) {
        cells[from] = tile;
        cells[target] = BLANK;
        this.line[depth] = move;
        result = this.dive(depth + 1, bound, UP - move, target, childFirst, childSecond); // UP - move: the reverse move (d <-> u, l <-> r)
        if (result === FOUND) return FOUND;
        cells[target] = tile;
        cells[from] = BLANK;
      }
      if (result < smallestOver) smallestOver = result;
    }
    return smallestOver;
  }
}

/**
 * Answers queries one after another, as searchEight would (the same lines), in one pass and its
 * arrays: a query allocates its relabelled board and its answer. Each query may expand the
 * budget's nodes; BudgetExhaustedError when one runs out.
 */
export function eightPatternSearcher(budget: SearchBudget): (query: EightQuery) => EightAnswer {
  const pass = new PatternDepthFirst(budget);
  return (query) => {
    assertReachable(query);
    return eightAnswerOf(iterativeDeepening(pass, pass.restart(query), EIGHT_DIAMETER));
  };
}
