/**
 * Iterative-deepening A* with a budget.
 *
 * Exactness: with an admissible estimate, the first bound at which a solution exists is the
 * optimal length, and within that iteration the depth-first search tries moves in the puzzle's
 * lexicographic order; every prefix of an optimal line stays within the bound, so the first
 * solution found is the lexicographically smallest optimal line.
 *
 * Boundedness: a node cap and a deadline end the search with a distinct "budget-exhausted"
 * outcome, checked often enough that it never overruns by more than a few microseconds' worth of
 * nodes. A move limit ends it with "beyond-limit" once the bound passes the limit.
 */

import { type Clock, systemClock } from './clock';

/** A puzzle position being searched, mutated in place by `apply`. */
export interface SearchProblem {
  /** Legal moves here, in lexicographic order. Must stay valid while the state changes and comes back. */
  moves(): readonly number[];
  /** Plays a move; returns the move that undoes it from the new position. */
  apply(move: number): number;
  /** An admissible (never over-estimating) lower bound on the moves still needed. */
  estimate(): number;
  isGoal(): boolean;
}

export interface SearchBudget {
  /** Most nodes to expand before giving up. */
  maxNodes: number;
  /** Give up once the clock passes this. */
  deadline: number;
  /** The clock the deadline is on; the system's by default. */
  clock?: Clock;
}

export type SearchOutcome =
  | { kind: 'solved'; moves: number[]; nodes: number }
  | { kind: 'beyond-limit'; nodes: number }
  | { kind: 'budget-exhausted'; nodes: number; reason: 'nodes' | 'time' };

/** A budget with no practical limit, for offline use and tests. */
export const UNLIMITED: SearchBudget = { maxNodes: Number.MAX_SAFE_INTEGER, deadline: Number.POSITIVE_INFINITY };

/** Budget in milliseconds from now plus a node cap. */
export function budgetOf(milliseconds: number, maxNodes: number, clock: Clock = systemClock): SearchBudget {
  return { maxNodes, deadline: clock.now() + milliseconds, clock };
}

const FOUND = -1;
const CLOCK_EVERY = 1024; // nodes between clock reads: a read costs far more than a node

class OutOfBudget {
  constructor(readonly reason: 'nodes' | 'time') {}
}

/**
 * Finds the lex-min shortest line from the problem's current state to its goal, of at most
 * `maxDepth` moves. The problem is left in its starting state.
 */
export function idaStar(problem: SearchProblem, maxDepth: number, budget: SearchBudget = UNLIMITED): SearchOutcome {
  const clock = budget.clock ?? systemClock;
  const line: number[] = []; // moves from the start to the node being searched
  const undos: number[] = []; // the moves that take that node back to the start, last first
  let nodes = 0;

  const search = (depth: number, bound: number, undoPrevious: number): number => {
    const f = depth + problem.estimate();
    if (f > bound) return f;
    if (problem.isGoal()) return FOUND;
    if (++nodes > budget.maxNodes) throw new OutOfBudget('nodes');
    if ((nodes === 1 || nodes % CLOCK_EVERY === 0) && clock.now() > budget.deadline) throw new OutOfBudget('time');
    let smallestOver = Number.POSITIVE_INFINITY;
    for (const move of problem.moves()) {
      if (move === undoPrevious) continue; // going straight back is never on a shortest line
      const undo = problem.apply(move);
      line.push(move);
      undos.push(undo);
      const result = search(depth + 1, bound, undo);
      if (result === FOUND) return FOUND;
      line.pop();
      undos.pop();
      problem.apply(undo);
      if (result < smallestOver) smallestOver = result;
    }
    return smallestOver;
  };

  let bound = problem.estimate();
  try {
    while (bound <= maxDepth) {
      const result = search(0, bound, -1);
      if (result === FOUND) {
        const moves = line.slice();
        unwind(problem, undos);
        return { kind: 'solved', moves, nodes };
      }
      if (result === Number.POSITIVE_INFINITY) break; // the whole component was searched
      bound = result;
    }
    return { kind: 'beyond-limit', nodes };
  } catch (error) {
    if (!(error instanceof OutOfBudget)) throw error;
    unwind(problem, undos);
    return { kind: 'budget-exhausted', nodes, reason: error.reason };
  }
}

/** Puts the problem back in its starting state after the search stopped deep in the tree. */
function unwind(problem: SearchProblem, undos: number[]): void {
  for (let i = undos.length - 1; i >= 0; i--) problem.apply(undos[i]);
}
