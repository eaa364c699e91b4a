import { describe, expect, it } from 'vitest';
import { type EightBoard, isReachable, parseEightBoard } from '../../puzzles/eight/rules/board';
import { EightDepthFirst, EightSearch, searchEight } from '../../puzzles/eight/rules/search';
import { BudgetExhaustedError } from '../../core/errors';
import { type SearchBudget, extendedBudget, idaStar, iterativeDeepening, reachableWithin } from '../../core/ida-star';
import fc from 'fast-check';
import { eightBoardArbitrary } from '../../puzzles/eight/seeded-inputs';
import { samples } from '../../core/seeded';
import { parseKnightsBoard } from '../../puzzles/knights/rules/board';
import { resolveKnightsGoal } from '../../puzzles/knights/rules/goals';
import { KnightsSearch, searchKnights } from '../../puzzles/knights/rules/search';
import { endedWithin, searchBudget } from '../support/search-budget';

const hardEight = { from: parseEightBoard('8X7654321'), to: parseEightBoard('12345678X') };
const standard = resolveKnightsGoal('standard');
const sevenAway = { board: parseKnightsBoard('10110/01*11/10111/01001/00000'), goal: standard, limit: 15 };
const beyond = { board: parseKnightsBoard('01011/110*1/01110/01010/00100'), goal: standard, limit: 15 };

describe('IDA* budget', () => {
  it('stops at the node cap with a distinct outcome', () => {
    const outcome = idaStar(new EightSearch(hardEight), 31, { maxNodes: 50, deadline: Infinity });
    expect(outcome).toEqual({ kind: 'budget-exhausted', nodes: 51, reason: 'nodes' });
  });

  it('stops at the deadline with a distinct outcome', () => {
    let clock = 0;
    const now = () => (clock += 1); // every clock read is a millisecond later
    // nodes enough for the deadline to come first (a search on a test's clock has a node cap too)
    const outcome = idaStar(new KnightsSearch(beyond), 39, { maxNodes: 1_000_000, deadline: 3, clock: { now } });
    expect(outcome).toMatchObject({ kind: 'budget-exhausted', reason: 'time' });
    expect(clock).toBe(4); // read at the first node, then every 1,024: stopped at the first read past the deadline
    expect(outcome.nodes).toBe(3 * 1024);
  });

  it('turns an exhausted budget into a BudgetExhaustedError for callers', () => {
    expect(() => searchEight(hardEight, { maxNodes: 10, deadline: Infinity })).toThrow(BudgetExhaustedError);
    expect(() => searchEight(hardEight, { maxNodes: 50, deadline: Infinity })).toThrow(/gave up after 51 positions \(node cap reached\)/);
    expect(() => searchKnights(sevenAway, { maxNodes: 3, deadline: Infinity })).toThrow(/gave up after 4 positions/);
  });

  it('leaves the problem as it found it, solved or not', () => {
    const budget = searchBudget(10);
    const problem = new KnightsSearch(sevenAway);
    const before = problem.estimate();
    expect(endedWithin(idaStar(problem, 15, budget)).kind).toBe('solved');
    expect(problem.estimate()).toBe(before);
    expect(idaStar(problem, 15, { maxNodes: 5, deadline: Infinity }).kind).toBe('budget-exhausted');
    expect(endedWithin(idaStar(problem, 15, budget))).toMatchObject({ kind: 'solved', moves: [4, 13, 16, 7, 10, 1, 12] });
  });
});

describe('a budget moved on (the time a container spent starting up, which the search does not pay for)', () => {
  it('moves its deadline later by as much, never past its latest, never earlier; without a latest not at all', () => {
    expect(extendedBudget({ maxNodes: 5, deadline: 1000, latest: 5000 }, 300)).toEqual({ maxNodes: 5, deadline: 1300, latest: 5000 });
    expect(extendedBudget({ maxNodes: 5, deadline: 1000, latest: 1100 }, 300).deadline).toBe(1100);
    expect(extendedBudget({ maxNodes: 5, deadline: 1000, latest: 900 }, 300).deadline).toBe(1000);
    expect(extendedBudget({ maxNodes: 5, deadline: 1000 }, 300).deadline).toBe(1000);
  });
});

describe('IDA* move limit', () => {
  it('answers -1 past the limit and the line within it', () => {
    const budget = searchBudget(200);
    expect(searchKnights({ ...sevenAway, limit: 6 }, budget)).toEqual({ steps: -1, path: [] });
    expect(searchKnights({ ...sevenAway, limit: 7 }, budget).steps).toBe(7);
    expect(searchKnights(beyond, budget)).toEqual({ steps: -1, path: [] });
    expect(searchKnights({ ...sevenAway, board: standard.board, limit: 0 }, budget)).toEqual({ steps: 0, path: [] });
  });

  it('finds the answer past 15 when asked for a deeper limit', () => {
    const outcome = endedWithin(idaStar(new KnightsSearch(beyond), 39, searchBudget(5_600)));
    expect(outcome.kind).toBe('solved');
  });
});

describe('one bounded pass (reachableWithin)', () => {
  it('says whether the goal lies within the bound, as deepening to that bound does, and runs out of budget the same way', () => {
    const pairs = samples(fc.tuple(eightBoardArbitrary, eightBoardArbitrary), 120, 8)
      .filter(([from, to]) => isReachable(from, to))
      .map(([from, to]) => ({ from, to }));
    const budget = searchBudget(6_200);
    for (const query of pairs) {
      const steps = searchEight(query, budget).steps;
      for (const bound of [steps - 1, steps, steps + 1]) {
        const pass = new EightDepthFirst(query, 31, budget);
        expect(endedWithin(reachableWithin(pass, bound)).kind, `${bound} for a position ${steps} away`).toBe(bound >= steps ? 'solved' : 'beyond-limit');
      }
    }
    expect(reachableWithin(new EightDepthFirst(hardEight, 31, { maxNodes: 50, deadline: Infinity }), 31)).toEqual({ kind: 'budget-exhausted', nodes: 51, reason: 'nodes' });
  });
});

describe("eight's own depth-first pass", () => {
  const fused = (query: { from: EightBoard; to: EightBoard }, budget: SearchBudget) => {
    const pass = new EightDepthFirst(query, 31, budget);
    return iterativeDeepening(pass, pass.state.estimate(), 31);
  };

  it('expands exactly the nodes the generic pass does over EightSearch, and finds the same line', () => {
    const pairs = samples(fc.tuple(eightBoardArbitrary, eightBoardArbitrary), 400, 7)
      .filter(([from, to]) => isReachable(from, to))
      .map(([from, to]) => ({ from, to }));
    expect(pairs.length).toBeGreaterThan(150);
    const budget = searchBudget(13_000);
    for (const query of [hardEight, ...pairs]) expect(endedWithin(fused(query, budget))).toEqual(idaStar(new EightSearch(query), 31, budget));
  });

  it('stops at the same node as the generic pass when the budget ends', () => {
    for (const maxNodes of [0, 1, 50, 5000]) {
      const budget = { maxNodes, deadline: Infinity };
      expect(fused(hardEight, budget)).toEqual(idaStar(new EightSearch(hardEight), 31, budget));
    }
  });
});
