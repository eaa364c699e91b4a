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
import { BudgetExhaustedError } from './errors';

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
  /**
   * The latest the deadline may be moved to (extendedBudget), such as the end of the caller's own
   * time; unset, it is never moved.
   */
  latest?: number;
  /** The clock the deadline is on; the system's by default. */
  clock?: Clock;
}

/** `budget` with its deadline moved `milliseconds` later, never past its `latest`. */
export function extendedBudget(budget: SearchBudget, milliseconds: number): SearchBudget {
  if (budget.latest === undefined) return budget;
  return { ...budget, deadline: Math.max(budget.deadline, Math.min(budget.deadline + milliseconds, budget.latest)) };
}

export type SearchOutcome =
  /** bound: the last pass's bound, which an exact line's length equals (what a kept answer is checked against). */
  | { kind: 'solved'; moves: number[]; nodes: number; bound: number }
  | { kind: 'beyond-limit'; nodes: number }
  | { kind: 'budget-exhausted'; nodes: number; reason: 'nodes' | 'time' };

/**
 * The error of a search that ran out of budget, in the sentence every puzzle gives (`then`: what
 * follows it, such as "try again later"; a puzzle whose caller adds its own advice leaves it out).
 */
export function searchGaveUp(outcome: { readonly nodes: number; readonly reason: 'nodes' | 'time' }, then?: string): BudgetExhaustedError {
  return new BudgetExhaustedError(
    `The search gave up after ${outcome.nodes} positions (${outcome.reason === 'time' ? 'out of time' : 'node cap reached'}) without an answer${then ? `; ${then}` : ''}.`,
  );
}

/**
 * A budget with no practical limit: the offline commands' (npm run solve has no deadline). A test
 * never searches with it: a wrong estimate would search on past any test's timeout.
 */
export const UNLIMITED: SearchBudget = { maxNodes: Number.MAX_SAFE_INTEGER, deadline: Number.POSITIVE_INFINITY };

/** Budget in milliseconds from now plus a node cap. */
export function budgetOf(milliseconds: number, maxNodes: number, clock: Clock = systemClock): SearchBudget {
  return { maxNodes, deadline: clock.now() + milliseconds, clock };
}

/** A depth-first pass's answer when it reached the goal. */
export const FOUND = -1;
/** A depth-first pass's answer when no node past the bound was met: the whole component was searched. */
export const EXHAUSTED = Infinity;
const CLOCK_EVERY = 1024; // nodes between clock reads (a power of two): a read costs far more than a node

/**
 * Thrown from deep in a pass when its budget is spent, for the pass's caller to turn into the
 * budget-exhausted outcome (withinBudget). An Error, so that a pass run by itself (a test of one
 * bounded pass) that runs out says so.
 */
class OutOfBudget extends Error {
  constructor(readonly reason: 'nodes' | 'time') {
    super(`the search's budget ran out (${reason === 'time' ? 'out of time' : 'node cap reached'})`);
  }
}

/**
 * Finds the lex-min shortest line from the problem's current state to its goal, of at most
 * `maxDepth` moves. The problem is left in its starting state.
 */
export function idaStar(problem: SearchProblem, maxDepth: number, budget: SearchBudget): SearchOutcome {
  const pass = new DepthFirst(problem, maxDepth, budget);
  const outcome = iterativeDeepening(pass, problem.estimate(), maxDepth);
  pass.unwind(outcome.kind === 'solved' ? outcome.moves.length : outcome.kind === 'budget-exhausted' ? pass.depthReached : 0);
  return outcome;
}

/**
 * IDA* over any depth-first pass: raises the bound to the smallest estimate that went past it,
 * until a pass finds the goal, the bound passes `maxDepth`, or the budget ends.
 */
export function iterativeDeepening(pass: DepthFirstPass, firstBound: number, maxDepth: number): SearchOutcome {
  return withinBudget(pass, () => {
    let bound = firstBound;
    while (bound <= maxDepth) {
      const result = pass.search(0, bound, -1);
      if (result === FOUND) return bound;
      if (result === EXHAUSTED) break; // the whole component was searched
      bound = result;
    }
    return undefined;
  });
}

/**
 * Whether the goal lies within `bound` moves, by one depth-first pass at that bound (`undoFirst`:
 * a first move not to try). One pass is complete for that question: with an admissible estimate
 * every line of at most `bound` moves stays within it. Deepening adds only which line is the
 * shortest, so where the distance is known to be `bound` or more (a neighbour of a position whose
 * distance is known), the passes below `bound` would be spent for nothing.
 */
export function reachableWithin(pass: DepthFirstPass, bound: number, undoFirst = -1): SearchOutcome {
  return withinBudget(pass, () => (pass.search(0, bound, undoFirst) === FOUND ? bound : undefined));
}

/** The outcome of `run` (the bound at which the pass found the goal, or undefined), or budget-exhausted when the pass ran out. */
function withinBudget(pass: DepthFirstPass, run: () => number | undefined): SearchOutcome {
  try {
    const bound = run();
    return bound !== undefined ? { kind: 'solved', moves: Array.from(pass.line.subarray(0, pass.depthFound)), nodes: pass.nodes, bound } : { kind: 'beyond-limit', nodes: pass.nodes };
  } catch (error) {
    if (!(error instanceof OutOfBudget)) throw error;
    return { kind: 'budget-exhausted', nodes: pass.nodes, reason: error.reason };
  }
}

/**
 * One bounded depth-first pass at a time, and its budget. The line lives in an array indexed by
 * depth, written in place: a pass allocates nothing per node, which is most of what keeps it near
 * the speed of the same search in C. A puzzle whose search is hot enough writes its own pass, its
 * moves inline; DepthFirst below is the generic one.
 */
export abstract class DepthFirstPass {
  /** line[k]: the k-th move from the start to the node being searched. */
  readonly line: Int32Array;
  nodes = 0;
  /** Length of the line found, once search() returned FOUND. */
  depthFound = 0;
  /** How deep the search stood when it ran out of budget. */
  depthReached = 0;
  protected readonly maxNodes: number;
  protected readonly deadline: number;
  protected readonly clock: Clock;

  constructor(maxDepth: number, budget: SearchBudget) {
    this.line = new Int32Array(maxDepth + 1);
    this.maxNodes = budget.maxNodes;
    this.deadline = budget.deadline;
    this.clock = budget.clock ?? systemClock;
  }

  /**
   * FOUND (with line[0 .. depthFound) set), the smallest f beyond `bound` met (the next bound), or
   * EXHAUSTED; tries moves in lexicographic order, never `undoPrevious`, and calls expand() once
   * per node it expands.
   */
  abstract search(depth: number, bound: number, undoPrevious: number): number;

  /** Counts a node expanded at `depth`, and ends the search when that spends the budget. */
  protected expand(depth: number): void {
    const nodes = ++this.nodes;
    if (nodes > this.maxNodes) this.outOfBudget(depth, 'nodes');
    if ((nodes === 1 || (nodes & (CLOCK_EVERY - 1)) === 0) && this.clock.now() > this.deadline) this.outOfBudget(depth, 'time');
  }

  /** Ends the search: its budget is spent (a pass that counts its nodes elsewhere, in WebAssembly, says so here). */
  protected outOfBudget(depth: number, reason: 'nodes' | 'time'): never {
    this.depthReached = depth;
    throw new OutOfBudget(reason);
  }
}

/** The depth-first pass over any SearchProblem. */
class DepthFirst extends DepthFirstPass {
  /** undos[k]: the move that takes the node at depth k + 1 back to depth k. */
  private readonly undos: Int32Array;

  constructor(
    private readonly problem: SearchProblem,
    maxDepth: number,
    budget: SearchBudget,
  ) {
    super(maxDepth, budget);
    this.undos = new Int32Array(maxDepth + 1);
  }

  search(depth: number, bound: number, undoPrevious: number): number {
    const problem = this.problem;
    const f = depth + problem.estimate();
    if (f > bound) return f;
    if (problem.isGoal()) {
      this.depthFound = depth;
      return FOUND;
    }
    this.expand(depth);
    let smallestOver = EXHAUSTED;
    const moves = problem.moves();
    for (let i = 0; i < moves.length; i++) {
      const move = moves[i];
      if (move === undoPrevious) continue; // going straight back is never on a shortest line
      const undo = problem.apply(move);
      this.line[depth] = move;
      this.undos[depth] = undo;
      const result = this.search(depth + 1, bound, undo);
      if (result === FOUND) return FOUND;
      problem.apply(undo);
      if (result < smallestOver) smallestOver = result;
    }
    return smallestOver;
  }

  /** Puts the problem back in its starting state from `depth` moves deep. */
  unwind(depth: number): void {
    for (let k = depth - 1; k >= 0; k--) this.problem.apply(this.undos[k]);
  }
}
