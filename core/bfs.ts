/**
 * Breadth-first search from a goal over a puzzle's state space, deriving for every position
 * within a depth bound its distance to the goal and which of its legal moves are optimal.
 *
 * Why a mask of optimal moves and not a parent pointer: a backward BFS reaches a position from
 * whichever neighbour happened to be expanded first, which says nothing about lexicographic order
 * of the line read forwards (position -> goal). Both state graphs here are bipartite, so every
 * legal move leads one step closer (distance d-1) or one step farther (d+1): the mask says exactly
 * which, and so gives every move's value. The lex-min line is then greedy: from a position at
 * distance d, play the smallest optimal move, and repeat. While expanding level d-1 we offer every
 * neighbour at level d the move that leads back to us and set its bit.
 *
 * Moves are numbered per position by their index in its legal-move list, which the puzzle orders
 * lexicographically; a mask of up to 8 moves fits a byte. States travel as numeric codes (whatever
 * packing is cheapest for the puzzle to expand); the tables are indexed by a dense rank of the
 * code, so memory is two bytes per position of the space.
 */

/** A puzzle's state graph as the BFS sees it. The graph must be undirected (moves reversible). */
export interface StateSpace {
  /** Number of dense ranks: every valid state has a rank in 0 .. size-1. */
  readonly size: number;
  /** Most neighbours a state can have (at most 8, so that a move mask fits a byte). */
  readonly maxDegree: number;
  /** Dense rank of a state code. */
  rank(code: number): number;
  /** How many legal moves the state has. */
  degree(code: number): number;
  /** The index, among the legal moves of step(code, index), of the move that leads back to `code`. */
  backIndex(code: number, index: number): number;
  /** The move (a puzzle's own move number: a cell, a direction) at `index` of the state's legal moves. */
  moveAt(code: number, index: number): number;
  /** The state reached by playing `move` in `code`. The move must be legal there. */
  applyMove(code: number, move: number): number;
  /** The state reached by the move at `index` of the state's legal moves (cheaper than moveAt + applyMove). */
  step(code: number, index: number): number;
  /**
   * Optionally, the space's own expansion of a level, with its move and rank arithmetic written
   * inline; it must do exactly what `expandLevel` does. For a space of tens of millions of
   * space (260 million moves) the calls `expandLevel` makes per move cost a quarter of the search
   * on Node 24 (a half on Node 20): the JIT keeps their typed-array bounds and shape checks inside
   * the loop.
   */
  expandLevel?(level: Level): number;
}

/** One level of a running search, as an expansion sees it. */
export interface Level {
  /** Codes by distance; the level being expanded is order[from .. to). */
  readonly order: Uint32Array;
  readonly from: number;
  readonly to: number;
  /** Where the next level's first code goes. */
  readonly found: number;
  /** The distance of the positions this expansion finds. */
  readonly depth: number;
  readonly distance: Uint8Array;
  readonly optimal: Uint8Array;
  /** One bit per rank: found at any level so far. */
  readonly seen: Int32Array;
  /** One bit per rank: found at the level being written. */
  readonly thisLevel: Int32Array;
}

/** Marks "not within the searched depth" in distance. */
export const NONE = 255;

export interface BfsTable {
  readonly space: StateSpace;
  readonly goal: number;
  /** The depth the search stopped at (the farthest level when the whole space was searched). */
  readonly depth: number;
  /** True when every state reachable from the goal is in the table. */
  readonly complete: boolean;
  /** Distance by rank; NONE where the state is farther than `depth` or unreachable. */
  readonly distance: Uint8Array;
  /** By rank: bit i set when the state's i-th legal move leads to distance - 1; 0 at the goal. */
  readonly optimal: Uint8Array;
  /** Codes of every position found, in order of distance (the goal first). */
  readonly order: Uint32Array;
  /** levels[k]: how many positions lie exactly k moves from the goal. */
  readonly levels: readonly number[];
}

/**
 * Searches from `goal` out to `maxDepth` moves (the whole connected component when omitted).
 * Distances must fit a byte, which every puzzle here does by far (39 and 31 at most).
 */
export function breadthFirst(space: StateSpace, goal: number, maxDepth = NONE - 1, options: { readonly shared?: boolean } = {}): BfsTable {
  // In shared memory when other threads are to read the table (the pages' measure, on several).
  const memory = (bytes: number) => (options.shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  const distance = new Uint8Array(space.size).fill(NONE);
  const optimal = new Uint8Array(memory(space.size));
  // Bit sets of one bit per rank answer "seen before?" and "seen at this level?" from an eighth
  // of the memory the byte tables take, which keeps the hot checks mostly in cache.
  const seen = new Int32Array((space.size >>> 5) + 1);
  const thisLevel = new Int32Array(seen.length);
  // Room for every state at once: the system commits memory only as it is written, so a shallow
  // search costs no more than it fills, and the hot loop never checks for room or copies.
  const order = new Uint32Array(memory(4 * space.size));
  const levels = [1];

  const goalRank = space.rank(goal);
  distance[goalRank] = 0;
  seen[goalRank >>> 5] |= 1 << (goalRank & 31);
  order[0] = goal;
  let levelStart = 0;
  let levelEnd = 1;
  let depth = 0;
  let complete = false;

  while (depth < maxDepth) {
    const nextDepth = depth + 1;
    thisLevel.fill(0);
    const level: Level = { order, from: levelStart, to: levelEnd, found: levelEnd, depth: nextDepth, distance, optimal, seen, thisLevel };
    const found = space.expandLevel ? space.expandLevel(level) : expandLevel(space, level);
    if (found === levelEnd) {
      complete = true; // nothing new: the whole component is done
      break;
    }
    levels.push(found - levelEnd);
    levelStart = levelEnd;
    levelEnd = found;
    depth = nextDepth;
  }

  if (!complete) complete = isExhausted(space, order, levelStart, levelEnd, distance);
  return { space, goal, depth, complete, distance, optimal, order: order.subarray(0, levelEnd), levels };
}

/**
 * Writes the next level: every unseen neighbour of order[from .. to) gets the level's distance and
 * goes to the end of `order`; every neighbour found at this level gets the bit of the move that
 * leads back. Returns the new end of `order`.
 */
export function expandLevel(space: StateSpace, level: Level): number {
  const { order, to, depth, distance, optimal, seen, thisLevel } = level;
  let found = level.found;
  for (let i = level.from; i < to; i++) {
    // One move at a time rather than a list of neighbours: the space's methods are inlined into
    // this loop, so nothing is written to memory but the tables themselves.
    const code = order[i];
    const degree = space.degree(code);
    for (let j = 0; j < degree; j++) {
      const next = space.step(code, j);
      const rank = space.rank(next);
      const word = rank >>> 5;
      const bit = 1 << (rank & 31);
      if ((seen[word] & bit) === 0) {
        seen[word] |= bit;
        thisLevel[word] |= bit;
        distance[rank] = depth;
        optimal[rank] = 1 << space.backIndex(code, j);
        order[found++] = next;
      } else if ((thisLevel[word] & bit) !== 0) {
        optimal[rank] |= 1 << space.backIndex(code, j);
      }
    }
  }
  return found;
}

/** Index of the lowest set bit of a non-zero move mask: the lexicographically smallest optimal move. */
export function lowestMove(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}

/** Distance from `code` to the table's goal, or undefined when it is not within the table. */
export function distanceOf(table: BfsTable, code: number): number | undefined {
  const d = table.distance[table.space.rank(code)];
  return d === NONE ? undefined : d;
}

/** The lex-min shortest line (as moves) from `code` to the goal, or undefined when not in the table. */
export function lineOf(table: BfsTable, code: number): number[] | undefined {
  const { space, distance, optimal } = table;
  let d = distance[space.rank(code)];
  if (d === NONE) return undefined;
  const line: number[] = [];
  let state = code;
  while (d-- > 0) {
    const move = space.moveAt(state, lowestMove(optimal[space.rank(state)]));
    line.push(move);
    state = space.applyMove(state, move);
  }
  return line;
}

/** Whether the last level has no unseen neighbours, i.e. the search covered the whole component. */
function isExhausted(space: StateSpace, order: Uint32Array, from: number, to: number, distance: Uint8Array): boolean {
  for (let i = from; i < to; i++) {
    const degree = space.degree(order[i]);
    for (let j = 0; j < degree; j++) if (distance[space.rank(space.step(order[i], j))] === NONE) return false;
  }
  return true;
}
