/**
 * The 15-puzzle's pattern databases, on small groups that build in well under a second: a group's
 * values against a plain 0-1 BFS over its abstract space written here, the estimate never above the
 * true distance (from the Manhattan IDA*), the reflected lookup, the values kept move by move, the
 * tables read as one array, and the search's lines against the Manhattan search's.
 */
import { describe, expect, it } from 'vitest';
import type { SearchBudget } from '../../../core/ida-star';
import { samples } from '../../../core/seeded';
import { BLANK, GOAL, isSolvable, parseFifteenBoard } from '../../../puzzles/fifteen/rules/board';
import { UNREACHED, buildPatternDatabase } from '../../../puzzles/fifteen/rules/pattern-database';
import { FifteenPatternDepthFirst } from '../../../puzzles/fifteen/rules/pattern-search';
import { PARTITION_33333, PARTITION_555, buildPatternDatabases, joinedTables, patternEstimate, reflectBoard } from '../../../puzzles/fifteen/rules/pattern-set';
import { fifteenReachesWithin, searchFifteen } from '../../../puzzles/fifteen/rules/search';
import { fifteenBoardArbitrary, fifteenWalkArbitrary } from '../../../puzzles/fifteen/seeded-inputs';
import { searchBudget } from '../../support/search-budget';

const small = buildPatternDatabases(PARTITION_33333);
const fiveFiveFive = buildPatternDatabases(PARTITION_555);

/**
 * The group's values by a plain 0-1 BFS with a double-ended queue over (the group's cells, the
 * blank's cell) as text keys, the blank moving one cell at a time: 1 when it swaps with a group
 * tile, 0 otherwise; each placement's value is its least over the blank's cells.
 */
function plainValues(tiles: readonly number[]): Map<string, number> {
  const start = [...tiles.map((tile) => GOAL.indexOf(tile)), GOAL.indexOf(BLANK)];
  const cost = new Map<string, number>([[start.join(','), 0]]);
  const deque: number[][] = [start];
  const done = new Set<string>();
  const placements = new Map<string, number>();
  while (deque.length > 0) {
    const state = deque.shift()!;
    const key = state.join(',');
    if (done.has(key)) continue;
    done.add(key);
    const here = cost.get(key)!;
    const placement = state.slice(0, -1).join(',');
    if (!placements.has(placement)) placements.set(placement, here);
    const blank = state[state.length - 1];
    const row = Math.floor(blank / 4);
    const column = blank % 4;
    for (const [r, c] of [[row + 1, column], [row, column - 1], [row, column + 1], [row - 1, column]]) {
      if (r < 0 || r > 3 || c < 0 || c > 3) continue;
      const cell = r * 4 + c;
      const next = [...state];
      const k = state.indexOf(cell);
      const step = k >= 0 && k < tiles.length ? 1 : 0;
      if (step === 1) next[k] = blank;
      next[next.length - 1] = cell;
      const nextKey = next.join(',');
      if ((cost.get(nextKey) ?? Infinity) <= here + step) continue;
      cost.set(nextKey, here + step);
      if (step === 0) deque.unshift(next);
      else deque.push(next);
    }
  }
  return placements;
}


const solve = (board: readonly number[], budget: SearchBudget, databases = small) => searchFifteen({ board, limit: 80, solvable: isSolvable(board) }, budget, databases);

describe('the 15-puzzle pattern databases', () => {
  it('hold for a small group the values of a plain 0-1 BFS over its placements and the blank', () => {
    for (const tiles of [[1, 2, 3], [11, 12, 15], [6, 9]]) {
      const table = buildPatternDatabase(tiles);
      const expected = plainValues(tiles);
      expect(expected.size).toBe(tiles.length === 3 ? 16 * 15 * 14 : 16 * 15);
      let reached = 0;
      for (let index = 0; index < table.length; index++) {
        const cells = Array.from(tiles, (_, k) => (index >> (4 * k)) & 15);
        const value = expected.get(cells.join(','));
        expect(table[index]).toBe(value ?? UNREACHED);
        if (value !== undefined) reached++;
      }
      expect(reached).toBe(expected.size);
    }
  });

  it('never estimate more than the true distance (the Manhattan search\'s) on boards within 30 moves', () => {
    const budget = searchBudget(49_000);
    let compared = 0;
    for (const board of samples(fifteenWalkArbitrary(40), 50, 30)) {
      const exact = searchFifteen({ board, limit: 80, solvable: true }, budget);
      if (exact.steps > 30) continue;
      compared++;
      for (const databases of [small, fiveFiveFive]) {
        expect(patternEstimate(databases, board)).toBeLessThanOrEqual(exact.steps);
        expect(solve(board, budget, databases)).toEqual(exact);
      }
    }
    expect(compared).toBeGreaterThan(30);
  });

  it('look the reflected board up as the board itself (a mirror keeps the distance), the goal its own reflection', () => {
    const budget = searchBudget(40);
    expect(reflectBoard(GOAL)).toEqual(GOAL);
    for (const board of samples(fifteenBoardArbitrary, 30, 4)) {
      expect(reflectBoard(reflectBoard(board))).toEqual(board);
      expect(isSolvable(reflectBoard(board))).toBe(true);
      for (const databases of [small, fiveFiveFive]) expect(patternEstimate(databases, reflectBoard(board))).toBe(patternEstimate(databases, board));
    }
    const board = parseFifteenBoard('6 1 4 8 2 7 10 3 5 13 0 12 14 9 11 15');
    expect(solve(reflectBoard(board), budget).steps).toBe(solve(board, budget).steps);
  });

  it('keep the estimate move by move equal to a whole lookup of each board the search meets', () => {
    const budget = searchBudget(2_600);
    /** The pass, checking at every node it enters. */
    class Checked extends FifteenPatternDepthFirst {
      checked = 0;
      constructor(board: readonly number[], private readonly databases: typeof small) {
        super(board, databases, 80, budget);
      }
      override search(depth: number, bound: number, undoPrevious: number): number {
        const whole = patternEstimate(this.databases, [...this.cells]);
        if (this.estimate() !== whole) throw new Error(`${[...this.cells].join(',')}: kept ${this.estimate()}, looked up ${whole}`);
        this.checked++;
        return super.search(depth, bound, undoPrevious);
      }
    }
    for (const board of samples(fifteenBoardArbitrary, 4, 9)) {
      for (const databases of [small, fiveFiveFive]) {
        const pass = new Checked(board, databases);
        pass.search(0, pass.estimate() + 4, -1);
        expect(pass.checked).toBeGreaterThan(100);
        expect([...pass.cells]).toEqual(board);
      }
    }
  });

  it('are read by the search as one array: a view of a built set\'s one buffer, a copy of tables apart, the same answers either way', () => {
    const budget = searchBudget(40);
    const { all, offsets } = joinedTables(small);
    expect(all.buffer).toBe(small.tables[0].buffer);
    expect(offsets).toEqual([0, 1, 2, 3, 4].map((g) => g * 16 ** 3));
    small.tables.forEach((table, g) => expect(Buffer.from(all.subarray(offsets[g], offsets[g] + table.length)).equals(table)).toBe(true));
    const apart = { partition: small.partition, tables: small.tables.map((table) => table.slice()) };
    const copied = joinedTables(apart);
    expect(copied.all.buffer).not.toBe(small.tables[0].buffer);
    expect(Buffer.from(copied.all).equals(all)).toBe(true);
    expect(joinedTables(apart)).toBe(copied);
    const board = parseFifteenBoard('6 1 4 8 2 7 10 3 5 13 0 12 14 9 11 15');
    expect(solve(board, budget, apart)).toEqual(solve(board, budget, small));
  });

  it('give the Manhattan search\'s lex-min lines on the SPEC samples up to 42 moves, and the same bounded answers', () => {
    const budget = searchBudget(140_000);
    for (const [text, line] of [
      ['2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15', 'llldrdrdr'],
      ['1 2 7 3 5 6 15 11 9 10 0 4 13 14 12 8', 'urddluuurddd'],
      ['6 1 4 8 2 7 10 3 5 13 0 12 14 9 11 15', 'uruldllurdldrdlurrdr'],
      ['9 1 7 2 10 4 6 3 0 5 12 8 13 14 11 15', 'uurrdldlururrdllurrddldr'],
      ['1 2 7 3 6 13 4 8 14 9 0 15 10 12 5 11', 'dlluruldrrdruullddluurrurddldr'],
      ['6 10 8 11 13 1 2 4 5 12 3 15 9 0 14 7', 'luurrrulddlluruldddruuuldddrrruldruuulddrd'],
    ]) {
      const board = parseFifteenBoard(text);
      expect(solve(board, budget)).toEqual({ steps: line.length, path: line, bound: line.length });
      expect(solve(board, budget, fiveFiveFive)).toEqual({ steps: line.length, path: line, bound: line.length });
      expect(fifteenReachesWithin(board, line.length, budget, small)).toBe(true);
      expect(fifteenReachesWithin(board, line.length - 1, budget, fiveFiveFive)).toBe(false);
    }
  });
});
