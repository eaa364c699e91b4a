/**
 * The eight rules' edges that the wider tests pass over: a batch answered by each engine (every
 * engine gives the SPEC's answers, in the batch's order, whatever goals it mixes), the estimate's
 * linear conflicts in rows 1-2 and in columns (worked by hand: the BFS comparison only bounds the
 * estimate from above) and on random pairs against a plain count, the answer's first move valued without a search, and what a caller is told
 * when a search runs out of budget.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOWN, LEFT, parseEightBoard } from '../../../puzzles/eight/rules/board';
import { EIGHT_TABLE_PAYS_AT, solveEightBatch } from '../../../puzzles/eight/rules/batch';
import { eightMovesBySearch } from '../../../puzzles/eight/rules/move-values';
import type { EightAnswer, EightQuery } from '../../../puzzles/eight/rules/query';
import { EightSearch, eightReachesWithin, searchEight } from '../../../puzzles/eight/rules/search';
import { ENGINES } from '../../../core/engine';
import { BudgetExhaustedError } from '../../../core/errors';
import { searchBudget } from '../../support/search-budget';
import { samples } from '../../../core/seeded';
import { eightBoardArbitrary } from '../../../puzzles/eight/seeded-inputs';

const query = (from: string, to: string): EightQuery => ({ from: parseEightBoard(from), to: parseEightBoard(to) });
const noNodes = { maxNodes: 0, deadline: Number.POSITIVE_INFINITY };
const hardEight = query('8X7654321', '12345678X'); // 27 moves (SPEC case)

/** [A, B, steps, path]: SPEC samples and cases, and two worked by hand (the same board; one move of the blank). */
const CASES: [string, string, number, string][] = [
  ['12X453786', '12345678X', 2, 'dd'],
  ['564178X23', '7568X4123', 8, 'urrulldr'],
  ['X12345678', 'X12345678', 0, ''],
  ['21854376X', '12345678X', 20, 'ululdrrulldrrdluurdd'],
  ['1X2345678', 'X12345678', 1, 'l'],
  ['241568X73', '12345678X', 18, 'rurdlulurrdllurdrd'],
];

describe('eight batches', () => {
  it('are answered alike by every engine, in the order asked, across goals', () => {
    const budget = searchBudget(100);
    const queries = CASES.map(([from, to]) => query(from, to));
    const expected: EightAnswer[] = CASES.map(([, , steps, path]) => ({ steps, path }));
    for (const engine of ENGINES) expect(solveEightBatch(queries, engine, budget), engine).toEqual(expected);
  });

  it('are answered the same by `auto` when a goal is asked often enough for its table', () => {
    const budget = searchBudget(10);
    // As many questions about 12345678X as make its table pay (EIGHT_TABLE_PAYS_AT) and one about 7568X4123, searched.
    const often = Array.from({ length: EIGHT_TABLE_PAYS_AT }, (_, i) => CASES[i % 2 === 0 ? 0 : 5]);
    const mixed = [...often.slice(0, 100), CASES[1], ...often.slice(100)];
    const answers = solveEightBatch(mixed.map(([from, to]) => query(from, to)), 'auto', budget);
    expect(answers).toEqual(mixed.map(([, , steps, path]) => ({ steps, path })));
  });

  it('of no questions have no answers', () => {
    for (const engine of ENGINES) expect(solveEightBatch([], engine, searchBudget(0))).toEqual([]);
  });
});

describe('the eight search estimate, by hand', () => {
  // Both boards are two swaps from 12345678X (so reachable). Each of the four swapped tiles is one
  // cell from home (Manhattan 4), and each swap reverses two tiles of one goal line: one conflict
  // per swap, two moves each (the one tile that leaves the line leaves it and comes back).
  it('counts the linear conflicts of rows 1 and 2', () => {
    expect(new EightSearch(query('123/546/87X', '12345678X')).estimate()).toBe(4 + 2 * 2);
  });

  it('counts the linear conflicts of columns', () => {
    expect(new EightSearch(query('453/126/78X', '12345678X')).estimate()).toBe(4 + 2 * 2);
  });

  it('is the Manhattan distances plus two moves for every tile beyond the longest ordered run of each line, on 20,000 random pairs', () => {
    // Counted here the plain way (every subset of a line's tiles): the search's table of conflicts
    // per line, built once when its module loads, must agree on every order of two and three tiles.
    const longestRun = (values: number[]) => {
      let longest = 0;
      for (let subset = 0; subset < 1 << values.length; subset++) {
        const picked = values.filter((_, i) => (subset >> i) & 1);
        if (picked.every((value, i) => i === 0 || picked[i - 1] < value)) longest = Math.max(longest, picked.length);
      }
      return longest;
    };
    const plainEstimate = (from: readonly number[], to: readonly number[]) => {
      let total = 0;
      for (let cell = 0; cell < 9; cell++) {
        if (from[cell] === 0) continue;
        const home = to.indexOf(from[cell]);
        total += Math.abs(Math.floor(cell / 3) - Math.floor(home / 3)) + Math.abs((cell % 3) - (home % 3));
      }
      for (let line = 0; line < 3; line++) {
        const rowAlongs: number[] = [];
        const columnAlongs: number[] = [];
        for (let k = 0; k < 3; k++) {
          const inRow = from[line * 3 + k];
          const inColumn = from[k * 3 + line];
          if (inRow !== 0 && Math.floor(to.indexOf(inRow) / 3) === line) rowAlongs.push(to.indexOf(inRow) % 3);
          if (inColumn !== 0 && to.indexOf(inColumn) % 3 === line) columnAlongs.push(Math.floor(to.indexOf(inColumn) / 3));
        }
        total += 2 * (rowAlongs.length - longestRun(rowAlongs)) + 2 * (columnAlongs.length - longestRun(columnAlongs));
      }
      return total;
    };
    const seen = new Set<string>();
    for (const [from, to] of samples(fc.tuple(eightBoardArbitrary, eightBoardArbitrary), 20_000, 37)) {
      const estimate = new EightSearch({ from, to }).estimate();
      expect(estimate, `${from.join('')} -> ${to.join('')}`).toBe(plainEstimate(from, to));
      seen.add(String(estimate));
    }
    expect(seen.size).toBeGreaterThan(15);
  });
});

describe('eight move values by search', () => {
  it("value the answer's first move without searching it: a budget of no positions still values a 2-move pair", () => {
    // 12X453786 -> 12345678X is dd (SPEC). After d the estimate is 1 and its check must expand a
    // position; after l it is 3, past the 1 move allowed, so that check expands none.
    const values = eightMovesBySearch(query('12X453786', '12345678X'), { steps: 2, path: 'dd' }, noNodes);
    expect(values).toEqual([
      { move: DOWN, steps: 1, optimal: true },
      { move: LEFT, steps: 3, optimal: false },
    ]);
  });

  it('fail with the budget, telling the caller to try again later', () => {
    const answer = { steps: 27, path: 'rddlluurrddlluurrddlluurrdd' };
    expect(() => eightMovesBySearch(hardEight, answer, { maxNodes: 10, deadline: Number.POSITIVE_INFINITY })).toThrow(BudgetExhaustedError);
    expect(() => eightMovesBySearch(hardEight, answer, { maxNodes: 10, deadline: Number.POSITIVE_INFINITY })).toThrow(/; try again later\.$/);
  });
});

describe('an eight search out of budget', () => {
  it('says so and tells the caller to try again later, for the answer', () => {
    expect(() => searchEight(hardEight, { maxNodes: 10, deadline: Number.POSITIVE_INFINITY })).toThrow(BudgetExhaustedError);
    expect(() => searchEight(hardEight, { maxNodes: 10, deadline: Number.POSITIVE_INFINITY })).toThrow(/^The search gave up after 11 positions \(node cap reached\) without an answer; try again later\.$/);
  });

  it('says so rather than "not within", for a bounded check', () => {
    expect(() => eightReachesWithin(hardEight, 31, { maxNodes: 10, deadline: Number.POSITIVE_INFINITY })).toThrow(BudgetExhaustedError);
    expect(() => eightReachesWithin(hardEight, 31, { maxNodes: 10, deadline: Number.POSITIVE_INFINITY })).toThrow(/; try again later\.$/);
    const budget = searchBudget(200);
    expect(eightReachesWithin(hardEight, 27, budget)).toBe(true);
    expect(eightReachesWithin(hardEight, 26, budget)).toBe(false);
  });
});
