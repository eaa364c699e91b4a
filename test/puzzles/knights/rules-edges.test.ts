/**
 * Edges of the knights rules that the other tests pass by: the rank's inverse (used only by the
 * table loads), the search's estimate for a goal of one's own (no perimeter to hide a weak sum
 * behind), the cost tables' bound when a held goal comes back, and the batch solver's three
 * engines on several goals and several limits per goal (a table built to the smallest limit would
 * leave the larger ones unanswered). Every expected value comes from SPEC.md, from a hand count,
 * or from the small independent references below (a knight-jump BFS, a colex rank, a BFS over
 * board strings), never from the code under test.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binomial } from '../../../core/combinations';
import { SEED, samples } from '../../../core/seeded';
import { solveKnightsBatch } from '../../../puzzles/knights/rules/batch';
import { KNIGHT_JUMPS, type KnightsBoard, parseKnightsBoard } from '../../../puzzles/knights/rules/board';
import { type KnightsGoal, resolveKnightsGoal } from '../../../puzzles/knights/rules/goals';
import type { KnightsAnswer, KnightsQuery } from '../../../puzzles/knights/rules/query';
import { KnightsSearch, costTablesHeld, searchKnights } from '../../../puzzles/knights/rules/search';
import { searchBudget } from '../../support/search-budget';
import { BudgetExhaustedError } from '../../../core/errors';
import { KNIGHTS_POSITIONS, decodeKnights, encodeKnights, knightsRank, knightsUnrank } from '../../../puzzles/knights/rules/space';
import { knightsBoardArbitrary } from '../../../puzzles/knights/seeded-inputs';
import { expandKnightsLevel } from '../../../puzzles/knights/rules/level-expansion';

/** C(24,12): the black knights' arrangements among the 24 cells besides the hole. */
const SUBSETS = 2_704_156;
const standard = resolveKnightsGoal('standard');
/** SPEC's first sample board, here a goal of one's own (no name, so no perimeter in the search). */
const own: KnightsGoal = { name: undefined, board: parseKnightsBoard('10110/01*11/10111/01001/00000') };

/** The space.ts header's rank, computed directly: hole * C(24,12) + colex rank of the blacks among the other 24 cells. */
function colexRank(board: string): number {
  const hole = board.indexOf('*');
  const others = [...board].filter((_, cell) => cell !== hole);
  let rank = 0;
  let i = 0;
  others.forEach((symbol, position) => {
    if (symbol === '1') rank += binomial[position][++i] ?? 0; // C(n, k) = 0 for k > n
  });
  return hole * SUBSETS + rank;
}

describe('the knights rank and its inverse', () => {
  it('ranks the first and last arrangements 0 and 67,603,899 (hand-worked), and unranks them back', () => {
    const first = '*111111111111000000000000'; // hole at 0, blacks on the 12 lowest other cells
    const last = '000000000000111111111111*'; // hole at 24, blacks on the 12 highest other cells
    expect(knightsRank(encodeKnights(first as KnightsBoard))).toBe(0);
    expect(knightsRank(encodeKnights(last as KnightsBoard))).toBe(KNIGHTS_POSITIONS - 1);
    expect(decodeKnights(knightsUnrank(0))).toBe(first);
    expect(decodeKnights(knightsUnrank(KNIGHTS_POSITIONS - 1))).toBe(last);
  });

  it('ranks every sampled board as hole * C(24,12) + the colex rank of its blacks, and unranks it to the same code', () => {
    for (const board of samples(knightsBoardArbitrary, 2000)) {
      const code = encodeKnights(board);
      expect(knightsRank(code), board).toBe(colexRank(board));
      expect(knightsUnrank(knightsRank(code))).toBe(code);
    }
  });

  it('unranks every sampled rank, and each hole\'s first and last rank, to a valid board of that rank', () => {
    const edges = Array.from({ length: 25 }, (_, hole) => [hole * SUBSETS, hole * SUBSETS + SUBSETS - 1]).flat();
    for (const rank of [...edges, ...samples(fc.nat({ max: KNIGHTS_POSITIONS - 1 }), 2000)]) {
      const board = decodeKnights(knightsUnrank(rank));
      expect(parseKnightsBoard(board)).toBe(board); // 12 of each and one hole
      expect(board.indexOf('*')).toBe(Math.floor(rank / SUBSETS));
      expect(colexRank(board), `rank ${rank}`).toBe(rank);
      expect(knightsRank(knightsUnrank(rank))).toBe(rank);
    }
  });
});

/** Knight's jumps between two cells, by a BFS of its own over KNIGHT_JUMPS. */
function jumps(from: number, to: number): number {
  const seen = new Map([[from, 0]]);
  const queue = [from];
  for (const cell of queue) for (const next of KNIGHT_JUMPS[cell]) if (!seen.has(next)) queue.push(next), seen.set(next, seen.get(cell)! + 1);
  return seen.get(to)!;
}
const cellColour = (cell: number) => (Math.floor(cell / 5) + (cell % 5)) % 2;

describe('the knights search estimate for a goal of its own', () => {
  it("is the sum over every knight of its jumps to the nearest goal cell of its colour, raised to the hole's parity", () => {
    for (const board of samples(knightsBoardArbitrary, 300)) {
      let sum = 0;
      for (let cell = 0; cell < 25; cell++) {
        if (board[cell] === '*') continue;
        const targets = [...own.board].flatMap((symbol, target) => (symbol === board[cell] ? [target] : []));
        sum += Math.min(...targets.map((target) => jumps(cell, target)));
      }
      const parity = cellColour(board.indexOf('*')) ^ cellColour(own.board.indexOf('*'));
      expect(new KnightsSearch({ board, goal: own }).estimate(), board).toBe(sum % 2 === parity ? sum : sum + 1);
    }
  });
});

describe('the knights cost tables', () => {
  it('stay at their bound of 1024 when a goal already held is searched again', () => {
    const goals = samples(knightsBoardArbitrary, 1100, SEED + 1);
    expect(new Set(goals).size).toBe(goals.length);
    for (const board of goals) new KnightsSearch({ board: standard.board, goal: { name: undefined, board } });
    expect(costTablesHeld()).toBe(1024);
    // held, and not the oldest: its table is reused, and no other goal's is dropped
    for (const board of goals.slice(-10)) new KnightsSearch({ board: standard.board, goal: { name: undefined, board } });
    expect(costTablesHeld()).toBe(1024);
  });
});

/** The reference: every board within DEPTH moves of a goal, by a BFS over board strings. */
const DEPTH = 8;
function distancesAround(goal: KnightsBoard): Map<string, number> {
  const found = new Map<string, number>([[goal, 0]]);
  let level: string[] = [goal];
  for (let depth = 1; depth <= DEPTH; depth++) {
    const next: string[] = [];
    for (const board of level) {
      for (const reached of neighbours(board)) {
        if (found.has(reached)) continue;
        found.set(reached, depth);
        next.push(reached);
      }
    }
    level = next;
  }
  return found;
}

/** The boards one move away, in the SPEC's order: the cell the hole jumps to, ascending. */
function neighbours(board: string): string[] {
  const hole = board.indexOf('*');
  const targets = KNIGHT_JUMPS[hole].toSorted((a, b) => a - b);
  return targets.map((target) => {
    const cells = [...board];
    cells[hole] = cells[target];
    cells[target] = '*';
    return cells.join('');
  });
}

/**
 * The SPEC's answer from the reference: -1 beyond the limit (a board outside the reference is more
 * than DEPTH away), else the lex-min shortest line, taking at each step the smallest cell that
 * brings the hole one move closer.
 */
function expected(distances: Map<string, number>, board: string, limit: number): KnightsAnswer {
  const steps = distances.get(board);
  if (steps === undefined && limit > DEPTH) throw new Error(`the reference cannot answer ${board} within ${limit}`);
  if (steps === undefined || steps > limit) return { steps: -1, path: [] };
  const path: number[] = [];
  let at = board;
  for (let left = steps; left > 0; left--) {
    const hole = at.indexOf('*');
    const next = neighbours(at);
    const i = next.findIndex((reached) => distances.get(reached) === left - 1);
    path.push(KNIGHT_JUMPS[hole].toSorted((a, b) => a - b)[i]);
    at = next[i];
  }
  return { steps, path };
}

describe('the knights batch solver', () => {
  const around = new Map([standard, own].map((goal) => [goal.board, distancesAround(goal.board)]));
  /**
   * From each goal, the first and the last board the reference finds at each distance 0..DEPTH, and
   * a few far ones, each asked with several limits (0 among them), the two goals interleaved.
   */
  const queries: KnightsQuery[] = [];
  const chosen = (goal: KnightsGoal) => {
    const found = [...around.get(goal.board)!];
    return Array.from({ length: DEPTH + 1 }, (_, d) => [found.find(([, steps]) => steps === d)!, found.findLast(([, steps]) => steps === d)!]).flat();
  };
  const [fromStandard, fromOwn] = [chosen(standard), chosen(own)];
  fromStandard.forEach((_, i) => {
    for (const [goal, [board, steps]] of [[standard, fromStandard[i]], [own, fromOwn[i]]] as const) {
      for (const limit of new Set([steps, Math.max(steps - 1, 0), DEPTH, 0])) queries.push({ board: board as KnightsBoard, goal, limit });
    }
  });
  for (const board of samples(knightsBoardArbitrary, 4, SEED + 2)) for (const goal of [standard, own]) queries.push({ board, goal, limit: 3 }, { board, goal, limit: DEPTH });
  const answers = queries.map(({ board, goal, limit }) => expected(around.get(goal.board)!, board, limit));

  it("has a reference that gives SPEC's tie-breaking line, and asks what it means to: both goals, every distance from 0 to 8, answers within and beyond the limit", () => {
    const tied = parseKnightsBoard('11111/01100/00111/001*1/00000'); // SPEC: 8 moves, 9 shortest lines
    expect(expected(around.get(standard.board)!, tied, 8)).toEqual({ steps: 8, path: [9, 2, 13, 6, 17, 8, 1, 12] });
    expect(expected(around.get(standard.board)!, tied, 7)).toEqual({ steps: -1, path: [] });
    expect(new Set(queries.map((q) => q.goal.board)).size).toBe(2);
    expect(new Set(answers.map((a) => a.steps))).toEqual(new Set([-1, 0, 1, 2, 3, 4, 5, 6, 7, 8]));
    expect(Math.min(...queries.map((q) => q.limit))).toBe(0);
  });

  it.each(['search', 'table', 'auto'] as const)('answers every query in order with engine %s, each goal to its largest limit', (engine) => {
    const budget = searchBudget(70);
    expect(solveKnightsBatch(queries, engine, budget)).toEqual(answers);
  });

  it('searches a board whose hole is where the goal has it, but which is not the goal, to its distance', () => {
    const budget = searchBudget(5_000);
    for (const goal of [standard, own]) {
      const hole = goal.board.indexOf('*');
      const holeHome = [...around.get(goal.board)!].filter(([board, steps]) => steps > 0 && board.indexOf('*') === hole);
      // two moves back to its cell cannot change a board (a knight out and back): from 4 moves on
      expect(new Set(holeHome.map(([, steps]) => steps))).toEqual(new Set([4, 6, 8]));
      for (const steps of [4, 6, 8]) {
        const [board] = holeHome.find(([, found]) => found === steps)!;
        expect(searchKnights({ board: board as KnightsBoard, goal, limit: DEPTH }, budget), board).toEqual(expected(around.get(goal.board)!, board, DEPTH));
      }
    }
  });

  it('answers an empty batch with no answers', () => {
    expect(solveKnightsBatch([], 'table', searchBudget(0))).toEqual([]);
  });
});

describe('a knights question at its edges', () => {
  it('takes a goal name with spaces around it as the name', () => {
    expect(resolveKnightsGoal('  standard \n')).toBe(standard);
  });

  it('says, when the search runs out of budget, that it gave up and to try again later', () => {
    // SPEC's first sample is 7 moves away: a budget of 3 positions cannot prove it
    const query: KnightsQuery = { board: own.board, goal: standard, limit: 15 };
    const budget = { maxNodes: 3, deadline: Number.POSITIVE_INFINITY };
    expect(() => searchKnights(query, budget)).toThrow(BudgetExhaustedError);
    expect(() => searchKnights(query, budget)).toThrow(/^The search gave up after \d+ positions \(node cap reached\) without an answer; try again later\.$/);
  });
});

describe("the knights level expansion's tables", () => {
  it('are refused when any is too short for one entry (or bit) per position', () => {
    const whole = { distance: new Uint8Array(KNIGHTS_POSITIONS), optimal: new Uint8Array(KNIGHTS_POSITIONS), seen: new Int32Array((KNIGHTS_POSITIONS >>> 5) + 1), thisLevel: new Int32Array((KNIGHTS_POSITIONS >>> 5) + 1) };
    const level = (tables: Partial<typeof whole>) => ({ order: new Uint32Array(1), from: 0, to: 0, found: 0, depth: 1, ...whole, ...tables });
    expect(expandKnightsLevel(level({}))).toBe(0);
    for (const short of [{ distance: new Uint8Array(KNIGHTS_POSITIONS - 1) }, { optimal: new Uint8Array(KNIGHTS_POSITIONS - 1) }, { seen: new Int32Array(KNIGHTS_POSITIONS >>> 5) }, { thisLevel: new Int32Array(KNIGHTS_POSITIONS >>> 5) }]) {
      expect(() => expandKnightsLevel(level(short))).toThrow(new RangeError('the knights BFS tables hold one entry per position'));
    }
  });
});
