import { beforeAll, describe, expect, it } from 'vitest';
import { breadthFirst, lineOf } from '../../../core/bfs';
import { KNIGHT_JUMPS, type KnightsBoard, emptyCell, parseKnightsBoard, playKnightsLine } from '../../../puzzles/knights/rules/board';
import { type KnightsGoal, resolveKnightsGoal } from '../../../puzzles/knights/rules/goals';
import { KnightsSearch, costTablesHeld, searchKnights } from '../../../puzzles/knights/rules/search';
import { searchBudget } from '../../support/search-budget';
import { decodeKnights, encodeKnights, knightsSpace } from '../../../puzzles/knights/rules/space';
import { type KnightsBfsTable, buildKnightsBfsTable, lookupKnights } from '../../../puzzles/knights/rules/bfs-table';
import { knightsBoardArbitrary, knightsWalkArbitrary } from '../../../puzzles/knights/seeded-inputs';
import { samples } from '../../../core/seeded';
import fc from 'fast-check';

/** SPEC: positions at exactly k moves from the standard goal, k = 0..15. */
const SPEC_LEVELS = [1, 8, 14, 38, 148, 368, 1001, 2440, 6468, 14116, 32825, 64782, 137262, 240404, 455522, 716458];

const standard = resolveKnightsGoal('standard');
let table: KnightsBfsTable;

beforeAll(() => {
  table = buildKnightsBfsTable(standard, 15);
});

/** Every shortest line by exhaustive enumeration, independent of BFS and IDA*; the smallest one. */
function bruteForceLexMin(board: KnightsBoard, goal: KnightsBoard, length: number): number[] | undefined {
  let best: number[] | undefined;
  const walk = (cells: string[], empty: number, line: number[]) => {
    if (best) return;
    if (line.length === length) {
      if (cells.join('') === goal) best = [...line];
      return;
    }
    for (const target of KNIGHT_JUMPS[empty]) {
      cells[empty] = cells[target];
      cells[target] = '*';
      line.push(target);
      walk(cells, target, line);
      line.pop();
      cells[target] = cells[empty];
      cells[empty] = '*';
    }
  };
  walk([...board], emptyCell(board), []);
  return best;
}

describe('knights BFS table around the standard goal, depth 15', () => {
  it('reproduces the SPEC level counts: 1,671,855 positions', () => {
    expect(table.bfs.levels).toEqual(SPEC_LEVELS);
    expect(table.bfs.order.length).toBe(1_671_855);
    expect(table.bfs.depth).toBe(15);
    expect(table.bfs.complete).toBe(false);
  });

  it('marks exactly the moves that lead one step closer as optimal (every other move leads one step farther)', () => {
    const { order, distance, optimal, space } = table.bfs;
    const wrong: number[] = [];
    let checked = 0;
    for (let i = 0; i < order.length; i += 7) {
      const rank = space.rank(order[i]);
      const d = distance[rank];
      if (d === 15) continue; // neighbours at 16 lie beyond the table
      for (let move = 0; move < space.degree(order[i]); move++) {
        const after = distance[space.rank(space.step(order[i], move))];
        const isOptimal = ((optimal[rank] >> move) & 1) === 1;
        if ((after !== d - 1 && after !== d + 1) || isOptimal !== (after === d - 1)) wrong.push(order[i]);
        checked++;
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(500_000);
  });

  it('answers the SPEC samples', () => {
    const ask = (board: string) => lookupKnights(table, { board: parseKnightsBoard(board), goal: standard, limit: 15 });
    expect(ask('10110/01*11/10111/01001/00000')?.steps).toBe(7);
    expect(ask('01011/110*1/01110/01010/00100')).toEqual({ steps: -1, path: [] });
    expect(ask(standard.board)).toEqual({ steps: 0, path: [] });
  });

  it('gives every position a legal line of its distance that ends at the goal', () => {
    const { order, distance } = table.bfs;
    for (let i = 0; i < order.length; i += 97) {
      const board = decodeKnights(order[i]);
      const line = lineOf(table.bfs, order[i])!;
      expect(line.length).toBe(distance[table.bfs.space.rank(order[i])]);
      expect(playKnightsLine(board, line)).toBe(standard.board);
    }
  });

  it('gives the lexicographically smallest shortest line (checked by exhaustive enumeration)', () => {
    const { order, levels } = table.bfs;
    const upToSix = levels.slice(0, 7).reduce((a, b) => a + b, 0);
    for (const index of samples(fc.nat({ max: upToSix - 1 }), 300)) {
      const board = decodeKnights(order[index]);
      const line = lineOf(table.bfs, order[index])!;
      expect(line).toEqual(bruteForceLexMin(board, standard.board, line.length));
    }
  });

  it('answers -1 beyond a smaller limit and defers to search past its depth', () => {
    const board = parseKnightsBoard('10110/01*11/10111/01001/00000');
    expect(lookupKnights(table, { board, goal: standard, limit: 6 })).toEqual({ steps: -1, path: [] });
    expect(lookupKnights(table, { board, goal: standard, limit: 7 })?.steps).toBe(7);
    const shallow = buildKnightsBfsTable(standard, 5);
    expect(lookupKnights(shallow, { board, goal: standard, limit: 15 })).toBeUndefined();
    expect(lookupKnights(shallow, { board, goal: standard, limit: 5 })).toEqual({ steps: -1, path: [] });
    const other: KnightsGoal = { name: undefined, board };
    expect(lookupKnights(table, { board, goal: other, limit: 15 })).toBeUndefined();
  });

  it('works around any goal board, not only the registered one', () => {
    const budget = searchBudget(4_600);
    const goal: KnightsGoal = { name: undefined, board: parseKnightsBoard('10110/01*11/10111/01001/00000') };
    const around = buildKnightsBfsTable(goal, 15);
    expect(around.bfs.order.length).toBeGreaterThan(1);
    for (const board of samples(knightsWalkArbitrary(goal.board, 30), 100)) {
      const fromTable = lookupKnights(around, { board, goal, limit: 15 })!;
      expect(fromTable).toEqual(searchKnights({ board, goal, limit: 15 }, budget));
      if (fromTable.steps >= 0) expect(playKnightsLine(board, fromTable.path)).toBe(goal.board);
    }
  });
});

describe('the knights search estimate', () => {
  it('never overestimates (checked against the BFS distances) and is exact near the goal', () => {
    const { order, distance, space } = table.bfs;
    let exact = 0;
    for (const index of samples(fc.nat({ max: order.length - 1 }), 3000)) {
      const board = decodeKnights(order[index]);
      const truth = distance[space.rank(order[index])];
      const estimate = new KnightsSearch({ board, goal: standard }).estimate();
      expect(estimate, board).toBeLessThanOrEqual(truth);
      expect((truth - estimate) % 2).toBe(0); // parity is always right
      if (truth <= 8) {
        expect(estimate).toBe(truth);
        exact++;
      }
    }
    expect(exact).toBeGreaterThan(0);
  });
});

describe('knights table and IDA* agree', () => {
  it('on 2,000 seeded random positions and limits: distance and line', () => {
    const budget = searchBudget(1_800);
    const boards = [...samples(knightsWalkArbitrary(standard.board, 100), 1000), ...samples(knightsBoardArbitrary, 1000)];
    const limits = samples(fc.nat({ max: 15 }), boards.length);
    let within = 0;
    boards.forEach((board, i) => {
      const limit = i % 3 === 0 ? limits[i] : 15;
      const query = { board, goal: standard, limit };
      const fromTable = lookupKnights(table, query);
      const fromSearch = searchKnights(query, budget);
      expect(fromSearch, `${board} limit ${limit}`).toEqual(fromTable);
      if (fromSearch.steps >= 0) {
        within++;
        expect(fromSearch.steps).toBeLessThanOrEqual(limit);
        expect(playKnightsLine(board, fromSearch.path)).toBe(standard.board);
      }
    });
    expect(within).toBeGreaterThan(500); // the sample really exercises lines, not just -1
  });
});

describe('knights search memory', () => {
  it('holds cost tables for a bounded number of goal boards, however many clients send', () => {
    for (const board of samples(knightsBoardArbitrary, 1500, 77)) {
      new KnightsSearch({ board: standard.board, goal: { name: undefined, board } });
    }
    expect(costTablesHeld()).toBeLessThanOrEqual(1024);
    expect(costTablesHeld()).toBeGreaterThan(1000);
  });
});

describe("the knights space's own level expansion", () => {
  it('writes exactly the tables of the generic expansion, around the standard goal and other goals', () => {
    for (const goal of [standard.board, ...samples(knightsBoardArbitrary, 3)]) {
      const code = encodeKnights(goal);
      const fused = breadthFirst(knightsSpace, code, 10);
      // the same space with its expansion hidden, so that the BFS takes the generic one
      const generic = breadthFirst(Object.assign(Object.create(knightsSpace), { expandLevel: undefined }), code, 10);
      expect(fused.levels).toEqual(generic.levels);
      expect(Buffer.from(fused.order.buffer, 0, fused.order.length * 4).equals(Buffer.from(generic.order.buffer, 0, generic.order.length * 4))).toBe(true);
      expect(Buffer.compare(fused.distance, generic.distance)).toBe(0);
      expect(Buffer.compare(fused.optimal, generic.optimal)).toBe(0);
    }
  });
});
