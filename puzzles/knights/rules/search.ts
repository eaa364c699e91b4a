/**
 * Knights by IDA*. The estimate sums, over every knight, the knight's-jump distance from its cell
 * to the nearest cell its colour occupies in the goal: a move carries exactly one knight one jump,
 * so no knight arrives sooner (it is at least the count of misplaced knights). It is sharpened by
 * parity: every jump moves the hole to a square of the other colour, so the number of moves left
 * has the parity of (hole's colour xor goal hole's colour).
 */
import { type SearchBudget, type SearchProblem, idaStar, searchGaveUp } from '../../../core/ida-star';
import { BLACK, CELLS, EMPTY, KNIGHT_JUMPS, SIDE, WHITE, emptyCell } from './board';
import type { KnightsGoal } from './goals';
import { BEYOND_LIMIT, type KnightsAnswer, type KnightsQuery } from './query';
import { encodeKnights, knightsSpace, playKnightsMove } from './space';

const colour = (cell: number) => (Math.floor(cell / SIDE) + (cell % SIDE)) & 1;
const COLOUR = Uint8Array.from({ length: CELLS }, (_, cell) => colour(cell));

/**
 * distance[from * 25 + to]: knight's jumps between two cells of the 5x5 board. Made for the first
 * cost table, not while the function starts: a question the table answers never needs it.
 */
let jumpDistances: Uint8Array | undefined;

function jumpDistance(): Uint8Array {
  jumpDistances ??= knightsJumpDistances();
  return jumpDistances;
}

function knightsJumpDistances(): Uint8Array {
  const distance = new Uint8Array(CELLS * CELLS).fill(255);
  for (let from = 0; from < CELLS; from++) {
    distance[from * CELLS + from] = 0;
    const queue = [from];
    for (let i = 0; i < queue.length; i++) {
      const cell = queue[i];
      for (const next of KNIGHT_JUMPS[cell]) {
        if (distance[from * CELLS + next] !== 255) continue;
        distance[from * CELLS + next] = distance[from * CELLS + cell] + 1;
        queue.push(next);
      }
    }
  }
  return distance;
}

const PIECE_CODE: Record<string, number> = { [WHITE]: 0, [BLACK]: 1, [EMPTY]: 2 };
const EMPTY_CODE = 2;

/** For a goal: cost[piece * 25 + cell], the jumps from `cell` to the nearest goal cell holding `piece`. */
function costsFor(goal: string): Uint8Array {
  const cost = new Uint8Array(2 * CELLS);
  const distances = jumpDistance();
  for (const piece of [WHITE, BLACK]) {
    for (let cell = 0; cell < CELLS; cell++) {
      let nearest = 255;
      for (let target = 0; target < CELLS; target++) if (goal[target] === piece) nearest = Math.min(nearest, distances[cell * CELLS + target]);
      cost[PIECE_CODE[piece] * CELLS + cell] = nearest;
    }
  }
  return cost;
}

/**
 * Cost tables by goal board, for the goals searched lately. Clients may send any goal board, so
 * the map is bounded: past this many the goal used longest ago is dropped (a table is 50 bytes
 * and a microsecond to rebuild, so the bound is about memory, not speed).
 */
const MAX_COST_TABLES = 1024;
const COSTS = new Map<string, Uint8Array>();

function costTableOf(goal: string): Uint8Array {
  let cost = COSTS.get(goal);
  if (cost) {
    COSTS.delete(goal); // most recently used goes last
  } else {
    cost = costsFor(goal);
    if (COSTS.size >= MAX_COST_TABLES) COSTS.delete(COSTS.keys().next().value!);
  }
  COSTS.set(goal, cost);
  return cost;
}

/** How many goals' cost tables are held (for tests of the bound). */
export function costTablesHeld(): number {
  return COSTS.size;
}

/**
 * Around each registered goal, the exact distance of every position within PERIMETER_DEPTH moves
 * (10,486 positions for the standard goal), by a breadth-first search over the knights space that
 * keeps only what it finds (a map of ten thousand entries, not the space-sized tables of the
 * project's BFS, which a shallow search would spend most of its time allocating). A position
 * outside it is at least PERIMETER_DEPTH + 1 away, which the estimate uses as a floor; inside it
 * the distance is exact. It is built on the first search for a goal (milliseconds), and only for
 * registered goals, so that no client can make the service build one per request. Not while the
 * function starts: its first answers come from the tables, and should not wait for it.
 */
const PERIMETER_DEPTH = 8;
const PERIMETERS = new Map<string, Map<number, number>>();

function perimeterOf(goal: KnightsGoal): Map<number, number> | undefined {
  if (goal.name === undefined) return undefined;
  let perimeter = PERIMETERS.get(goal.board);
  if (!perimeter) {
    const start = encodeKnights(goal.board);
    const found = new Map([[start, 0]]);
    let level = [start];
    for (let depth = 1; depth <= PERIMETER_DEPTH; depth++) {
      const next: number[] = [];
      for (const code of level) {
        for (let index = 0; index < knightsSpace.degree(code); index++) {
          const reached = knightsSpace.step(code, index);
          if (found.has(reached)) continue;
          found.set(reached, depth);
          next.push(reached);
        }
      }
      level = next;
    }
    perimeter = found;
    PERIMETERS.set(goal.board, perimeter);
  }
  return perimeter;
}

export class KnightsSearch implements SearchProblem {
  /** 0 white, 1 black, 2 the hole, by cell. */
  private readonly cells = new Uint8Array(CELLS);
  private readonly cost: Uint8Array;
  private readonly perimeter: Map<number, number> | undefined;
  /** The position's code in the knights state space, for perimeter lookups. */
  private code: number;
  private readonly goalEmpty: number;
  private readonly goalColour: number;
  private empty: number;
  private jumpsLeft = 0;

  constructor(query: Pick<KnightsQuery, 'board' | 'goal'>) {
    const goal = query.goal.board;
    this.cost = costTableOf(goal);
    this.perimeter = perimeterOf(query.goal);
    this.code = encodeKnights(query.board);
    this.goalEmpty = emptyCell(goal);
    this.goalColour = colour(this.goalEmpty);
    this.empty = emptyCell(query.board);
    for (let cell = 0; cell < CELLS; cell++) {
      const piece = PIECE_CODE[query.board[cell]];
      this.cells[cell] = piece;
      if (piece !== EMPTY_CODE) this.jumpsLeft += this.cost[piece * CELLS + cell];
    }
  }

  moves(): readonly number[] {
    return KNIGHT_JUMPS[this.empty];
  }

  apply(target: number): number {
    const from = this.empty;
    const knight = this.cells[target];
    this.jumpsLeft += this.cost[knight * CELLS + from] - this.cost[knight * CELLS + target];
    this.cells[from] = knight;
    this.cells[target] = EMPTY_CODE;
    this.empty = target;
    this.code = playKnightsMove(this.code, target);
    return from;
  }

  estimate(): number {
    let bound = this.jumpsLeft;
    if (this.perimeter) {
      const exact = this.perimeter.get(this.code);
      if (exact !== undefined) return exact;
      if (bound <= PERIMETER_DEPTH) bound = PERIMETER_DEPTH + 1;
    }
    const parity = COLOUR[this.empty] ^ this.goalColour;
    return bound + ((bound ^ parity) & 1);
  }

  isGoal(): boolean {
    return this.jumpsLeft === 0 && this.empty === this.goalEmpty;
  }
}

/** The exact answer by search, or BudgetExhaustedError when the budget ends first. */
export function searchKnights(query: KnightsQuery, budget: SearchBudget): KnightsAnswer {
  const outcome = idaStar(new KnightsSearch(query), query.limit, budget);
  switch (outcome.kind) {
    case 'solved':
      return { steps: outcome.moves.length, path: outcome.moves };
    case 'beyond-limit':
      return BEYOND_LIMIT;
    case 'budget-exhausted':
      throw searchGaveUp(outcome, 'try again later');
  }
}
