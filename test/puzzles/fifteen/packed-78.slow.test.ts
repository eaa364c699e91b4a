/**
 * The 7-8 set itself (slow: built once a run, about 5 minutes on two cores, else found kept): its
 * file read back whole; spot checks of both big tables against a plain Dijkstra over (placement,
 * blank cell) states from placements a few pattern moves from home, and anywhere against their
 * halves and another split of their tiles (a group's value is at least the sum of its disjoint parts');
 * and the search over it: Korf's boards at their published distances, the same lines as the 6-6-3
 * search finds, and the SPEC's farthest boards at 80 moves.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { iterativeDeepening } from '../../../core/ida-star';
import { endedWithin, searchBudget } from '../../support/search-budget';
import { seededRandom } from '../../../core/seeded';
import { FARTHEST, KORF_100 } from '../../../puzzles/fifteen/bench/boards';
import { solveDatabases } from '../../../puzzles/fifteen/offline/databases';
import { packedDatabasesFileBuilt, readPackedDatabases } from '../../../puzzles/fifteen/offline/packed-databases';
import { CELLS, GOAL } from '../../../puzzles/fifteen/rules/board';
import { baseOf, packedValue, placementCount, rankPlacement } from '../../../puzzles/fifteen/rules/packed-pattern-database';
import { PARTITION_78, type PackedDatabases } from '../../../puzzles/fifteen/rules/packed-pattern-set';
import { PackedWasmDepthFirst } from '../../../puzzles/fifteen/rules/packed-search-wasm';
import { buildPatternDatabase, placementIndex } from '../../../puzzles/fifteen/rules/pattern-database';
import { lettersOf } from '../../../puzzles/fifteen/rules/query';
import { searchFifteen } from '../../../puzzles/fifteen/rules/search';

let databases: PackedDatabases;
beforeAll(async () => {
  databases = readPackedDatabases(await packedDatabasesFileBuilt(() => {}));
}, 1_800_000);

const STEPS = [-4, -1, 1, 4];
const stepOk = (from: number, to: number) => to >= 0 && to < CELLS && (Math.abs(to - from) === 4 || Math.floor(to / 4) === Math.floor(from / 4));

/** A placement some pattern moves from home: the blank wanders freely, and `moves` times pushes a group tile. */
function walkFromHome(tiles: readonly number[], moves: number, random: () => number): number[] {
  const cells = tiles.map((tile) => GOAL.indexOf(tile));
  let blank = GOAL.indexOf(0);
  for (let pushed = 0; pushed < moves; ) {
    const to = blank + STEPS[Math.floor(random() * 4)];
    if (!stepOk(blank, to)) continue;
    const k = cells.indexOf(to);
    if (k >= 0) {
      cells[k] = blank;
      pushed++;
    }
    blank = to;
  }
  return cells;
}

/** The group's value at `cells` by a plain 0-1 Dijkstra (a blank step onto a group tile costs 1), from every blank cell to home with the blank in the goal's cell; undefined past `bound`. */
function plainValue(tiles: readonly number[], cells: readonly number[], bound: number): number | undefined {
  const home = `${tiles.map((tile) => GOAL.indexOf(tile)).join(',')}|${GOAL.indexOf(0)}`;
  const cost = new Map<string, number>();
  const deque: { cells: number[]; blank: number; cost: number }[] = [];
  for (let blank = 0; blank < CELLS; blank++) {
    if (cells.includes(blank)) continue;
    cost.set(`${cells.join(',')}|${blank}`, 0);
    deque.push({ cells: [...cells], blank, cost: 0 });
  }
  while (deque.length > 0) {
    const state = deque.shift()!;
    const key = `${state.cells.join(',')}|${state.blank}`;
    if (cost.get(key) !== state.cost) continue;
    if (key === home) return state.cost;
    for (const step of STEPS) {
      const to = state.blank + step;
      if (!stepOk(state.blank, to)) continue;
      const k = state.cells.indexOf(to);
      const next = [...state.cells];
      if (k >= 0) next[k] = state.blank;
      const nextCost = state.cost + (k >= 0 ? 1 : 0);
      if (nextCost > bound) continue;
      const nextKey = `${next.join(',')}|${to}`;
      if ((cost.get(nextKey) ?? Number.POSITIVE_INFINITY) <= nextCost) continue;
      cost.set(nextKey, nextCost);
      if (k >= 0) deque.push({ cells: next, blank: to, cost: nextCost });
      else deque.unshift({ cells: next, blank: to, cost: nextCost });
    }
  }
  return undefined;
}

const boardOf = (tiles: readonly number[], cells: readonly number[]) => {
  const board = new Array<number>(CELLS).fill(-1);
  tiles.forEach((tile, k) => (board[cells[k]] = tile));
  return board;
};
const valueOf = (g: number, cells: readonly number[]) => {
  const tiles = databases.partition[g];
  return baseOf(tiles, databases.halves[g], boardOf(tiles, cells)) + 2 * packedValue(databases.packed[g], rankPlacement(cells, tiles.length));
};

describe('the 7-8 pattern databases', () => {
  it('are the 7-8 partition, every entry packed', () => {
    expect(databases.partition).toEqual(PARTITION_78);
    expect(databases.packed.map((packed) => packed.length)).toEqual(PARTITION_78.map((group) => Math.ceil(placementCount(group.length) / 4)));
  });

  it('hold, a few pattern moves from home, what a plain Dijkstra finds', () => {
    const random = seededRandom(78);
    for (let g = 0; g < 2; g++) {
      const tiles = databases.partition[g];
      for (let sample = 0; sample < 40; sample++) {
        const cells = walkFromHome(tiles, 1 + (sample % 4), random);
        const exact = plainValue(tiles, cells, 4);
        // a walk of k pushes is at most k away; the Dijkstra says exactly how far
        expect(exact, `tiles ${tiles} at ${cells}`).toBeDefined();
        expect(valueOf(g, cells), `tiles ${tiles} at ${cells}`).toBe(exact);
      }
    }
  });

  it('are, anywhere, at least the sum of their halves, and of another split of their tiles into two databases built on their own', () => {
    const random = seededRandom(87);
    const six = [
      { g: 1, part: [1, 2, 3, 4], rest: [5, 6, 7, 8] },
      { g: 0, part: [9, 10, 13], rest: [11, 12, 14, 15] },
    ].map(({ g, part, rest }) => ({ g, part, rest, partTable: buildPatternDatabase(part), restTable: buildPatternDatabase(rest) }));
    for (let sample = 0; sample < 20_000; sample++) {
      const shuffled = [...Array(CELLS).keys()].sort(() => random() - 0.5);
      for (const { g, part, rest, partTable, restTable } of six) {
        const tiles = databases.partition[g];
        const cells = tiles.map((_, k) => shuffled[k]);
        const board = boardOf(tiles, cells);
        const value = valueOf(g, cells);
        expect(value).toBeGreaterThanOrEqual(baseOf(tiles, databases.halves[g], board));
        expect(value).toBeGreaterThanOrEqual(partTable[placementIndex(part, board)] + restTable[placementIndex(rest, board)]);
      }
    }
  });

  it("solve Korf's boards at their published distances, on the lines the 6-6-3 search finds", () => {
    const sixSixThree = solveDatabases(() => {});
    for (const [i, { board, distance }] of KORF_100.entries()) {
      const pass = new PackedWasmDepthFirst(board, databases, 80, searchBudget(1_000_000));
      const outcome = endedWithin(iterativeDeepening(pass, pass.estimate(), 80));
      expect(outcome.kind === 'solved' && outcome.moves.length, `Korf's board ${i + 1}`).toBe(distance);
      if (i < 10) {
        const other = searchFifteen({ board, limit: 80, solvable: true }, searchBudget(6_000_000), sixSixThree);
        expect(outcome.kind === 'solved' && lettersOf(outcome.moves), `Korf's board ${i + 1}`).toBe(other.path);
      }
    }
  });

  it("solve the SPEC's farthest boards at 80 moves, on the lines the 6-6-3 search finds (farthest.test.ts)", () => {
    for (const [board, line] of [
      [FARTHEST[7], 'dddrrruluulldddrruullddrruruuldllddrrruuuldldrruulllddrrdruululldddruruldldrrurd'],
      [FARTHEST[16], 'dddrrruuldlldrrruuulldddrruuullddlurrdruullldrddruruullddldrrruululddrullddrrurd'],
    ] as const) {
      expect(board.join(' ')).toMatch(/^0 12 (9 13 15 11 10 14 3 7 5 6 4 8 2 1|10 13 15 11 14 9 7 8 6 2 4 3 5 1)$/);
      expect(searchFifteen({ board, limit: 80, solvable: true }, searchBudget(14_000_000), databases)).toEqual({ steps: 80, path: line, bound: 80 });
    }
  });
});
