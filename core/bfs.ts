/**
 * Breadth-first search from a goal over a puzzle's state space, deriving for every position
 * within a depth bound its distance to the goal and the first move of its lexicographically
 * smallest shortest line to the goal.
 *
 * Why "first move" and not a parent pointer: a backward BFS reaches a position from whichever
 * neighbour happened to be expanded first, which says nothing about lexicographic order of the
 * line read forwards (position -> goal). The lex-min line is greedy instead: from a position at
 * distance d, step to the smallest move whose result is at distance d-1, and repeat. So while
 * expanding level d-1 we offer every neighbour at level d the move that leads back to us and keep
 * the smallest. Moves are small integers numbered in the puzzle's lexicographic order.
 *
 * States travel as numeric codes (whatever packing is cheapest for the puzzle to expand); the
 * tables are indexed by a dense rank of the code, so memory is one byte per position per table.
 */

/** A puzzle's state graph as the BFS sees it. The graph must be undirected (moves reversible). */
export interface StateSpace {
  /** Number of dense ranks: every valid state has a rank in 0 .. size-1. */
  readonly size: number;
  /** Most neighbours a state can have. */
  readonly maxDegree: number;
  /** Dense rank of a state code. */
  rank(code: number): number;
  /**
   * Writes the neighbours of `code` into `next` and, for each, into `back` the move that leads
   * from that neighbour back to `code`. Returns how many were written.
   */
  neighbors(code: number, next: Uint32Array, back: Uint8Array): number;
  /** The state reached by playing `move` in `code`. The move must be legal there. */
  applyMove(code: number, move: number): number;
}

/** Marks "not within the searched depth" in distance and "no move" (the goal) in firstMove. */
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
  /** First move of the lex-min shortest line to the goal, by rank; NONE at the goal. */
  readonly firstMove: Uint8Array;
  /** Codes of every position found, in order of distance (the goal first). */
  readonly order: Uint32Array;
  /** levels[k]: how many positions lie exactly k moves from the goal. */
  readonly levels: readonly number[];
}

/**
 * Searches from `goal` out to `maxDepth` moves (the whole connected component when omitted).
 * Distances must fit a byte, which every puzzle here does by far (39 and 31 at most).
 */
export function breadthFirst(space: StateSpace, goal: number, maxDepth = NONE - 1): BfsTable {
  const distance = new Uint8Array(space.size).fill(NONE);
  const firstMove = new Uint8Array(space.size).fill(NONE);
  // Bit sets of one bit per rank answer "seen before?" and "seen at this level?" from an eighth
  // of the memory the byte tables take, which keeps the hot checks mostly in cache.
  const seen = new Int32Array((space.size >>> 5) + 1);
  const thisLevel = new Int32Array(seen.length);
  let order: Uint32Array = new Uint32Array(Math.min(space.size, 1 << 16));
  const next = new Uint32Array(space.maxDegree);
  const back = new Uint8Array(space.maxDegree);
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
    let found = levelEnd;
    thisLevel.fill(0);
    for (let i = levelStart; i < levelEnd; i++) {
      const n = space.neighbors(order[i], next, back);
      for (let j = 0; j < n; j++) {
        const rank = space.rank(next[j]);
        const word = rank >>> 5;
        const bit = 1 << (rank & 31);
        if ((seen[word] & bit) === 0) {
          seen[word] |= bit;
          thisLevel[word] |= bit;
          distance[rank] = nextDepth;
          firstMove[rank] = back[j];
          if (found === order.length) order = grow(order, space.size);
          order[found++] = next[j];
        } else if ((thisLevel[word] & bit) !== 0 && back[j] < firstMove[rank]) {
          firstMove[rank] = back[j];
        }
      }
    }
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
  return { space, goal, depth, complete, distance, firstMove, order: order.subarray(0, levelEnd), levels };
}

/** Distance from `code` to the table's goal, or undefined when it is not within the table. */
export function distanceOf(table: BfsTable, code: number): number | undefined {
  const d = table.distance[table.space.rank(code)];
  return d === NONE ? undefined : d;
}

/** The lex-min shortest line (as moves) from `code` to the goal, or undefined when not in the table. */
export function lineOf(table: BfsTable, code: number): number[] | undefined {
  const { space, distance, firstMove } = table;
  let d = distance[space.rank(code)];
  if (d === NONE) return undefined;
  const line: number[] = [];
  let state = code;
  while (d-- > 0) {
    const move = firstMove[space.rank(state)];
    line.push(move);
    state = space.applyMove(state, move);
  }
  return line;
}

function grow(order: Uint32Array, limit: number): Uint32Array {
  const bigger = new Uint32Array(Math.min(limit, order.length * 2));
  bigger.set(order);
  return bigger;
}

/** Whether the last level has no unseen neighbours, i.e. the search covered the whole component. */
function isExhausted(space: StateSpace, order: Uint32Array, from: number, to: number, distance: Uint8Array): boolean {
  const next = new Uint32Array(space.maxDegree);
  const back = new Uint8Array(space.maxDegree);
  for (let i = from; i < to; i++) {
    const n = space.neighbors(order[i], next, back);
    for (let j = 0; j < n; j++) if (distance[space.rank(next[j])] === NONE) return false;
  }
  return true;
}
