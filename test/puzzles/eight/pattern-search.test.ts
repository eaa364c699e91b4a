import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BudgetExhaustedError, UnreachableError } from '../../../core/errors';
import { SEED, samples } from '../../../core/seeded';
import { BLANK, type EightBoard, GEOMETRY, MOVE_LETTERS, UP, formatEightBoard, isReachable, parseEightBoard } from '../../../puzzles/eight/rules/board';
import { EightBfsTables } from '../../../puzzles/eight/rules/bfs-table';
import { CANONICAL_GOALS, canonicalize } from '../../../puzzles/eight/rules/canonical';
import { eightPatternSearcher, patternEstimate } from '../../../puzzles/eight/rules/pattern-search';
import { EIGHT_DIAMETER } from '../../../puzzles/eight/rules/query';
import { searchEight } from '../../../puzzles/eight/rules/search';
import { decodeEight } from '../../../puzzles/eight/rules/space';
import { eightBoardArbitrary } from '../../../puzzles/eight/seeded-inputs';
import { searchBudget } from '../../support/search-budget';

const tables = new EightBfsTables();
const query = (from: string, to: string) => ({ from: parseEightBoard(from), to: parseEightBoard(to) });

function manhattanOf(board: EightBoard, goal: EightBoard): number {
  let sum = 0;
  for (let cell = 0; cell < 9; cell++) {
    if (board[cell] === 0) continue;
    const home = goal.indexOf(board[cell]);
    sum += Math.abs(Math.floor(cell / 3) - Math.floor(home / 3)) + Math.abs((cell % 3) - (home % 3));
  }
  return sum;
}

describe('the pattern databases estimate', () => {
  it('never overestimates, is 0 only at the goal, and is never below the Manhattan distance (checked against the BFS distances of every goal)', () => {
    for (let goal = 0; goal < 9; goal++) {
      const table = tables.table(goal);
      let above = 0;
      for (const index of [0, ...samples(fc.nat({ max: table.order.length - 1 }), 1000, SEED + goal)]) {
        const from = decodeEight(table.order[index]);
        const truth = table.distance[table.order[index]];
        const estimate = patternEstimate(from, goal);
        const manhattan = manhattanOf(from, CANONICAL_GOALS[goal]);
        expect(estimate, formatEightBoard(from)).toBeLessThanOrEqual(truth);
        expect(estimate === 0, formatEightBoard(from)).toBe(truth === 0);
        expect(estimate).toBeGreaterThanOrEqual(manhattan);
        if (estimate > manhattan) above++;
      }
      expect(above).toBeGreaterThan(300); // the groups' own moves really add to the estimate
    }
  });
});

/** A group's part of a board: the blank's cell and the cells of the group's tiles (1-4 or 5-8, on a canonical board). */
const groupKey = (board: readonly number[], group: number) => [board.indexOf(BLANK), ...[1, 2, 3, 4].map((k) => board.indexOf(4 * group + k))].join(',');

/**
 * A group's database written again, plainly: a 0-1 BFS over its placements (the blank's cell and
 * its four tiles' cells, in a Map of strings) from the goal's, a blank's step onto one of the
 * group's tiles costing 1 (the tile moves) and onto any other cell 0.
 */
function plainDatabase(goal: EightBoard, group: number): Map<string, number> {
  const values = new Map<string, number>();
  const start = groupKey(goal, group).split(',').map(Number);
  const deque: { cells: number[]; value: number }[] = [{ cells: start, value: 0 }];
  while (deque.length > 0) {
    const { cells, value } = deque.shift()!;
    const key = cells.join(',');
    if (values.has(key)) continue;
    values.set(key, value);
    const blank = cells[0];
    for (let move = 0; move < 4; move++) {
      const target = GEOMETRY.blankTarget(blank, move);
      if (target < 0) continue;
      const next = [...cells];
      next[0] = target;
      const k = cells.indexOf(target, 1);
      if (k > 0) next[k] = blank;
      if (k > 0) deque.push({ cells: next, value: value + 1 });
      else deque.unshift({ cells: next, value });
    }
  }
  return values;
}

describe("each group's database", () => {
  it('holds the fewest moves of its own tiles, as a plain 0-1 BFS finds them: the estimate is their sum, on every board of two goals (a corner blank, the centre one)', () => {
    for (const goal of [0, 4]) {
      const databases = [plainDatabase(CANONICAL_GOALS[goal], 0), plainDatabase(CANONICAL_GOALS[goal], 1)];
      expect(databases.map((database) => database.size)).toEqual([15_120, 15_120]);
      let checked = 0;
      for (const code of tables.table(goal).order) {
        const board = decodeEight(code);
        const sum = databases[0].get(groupKey(board, 0))! + databases[1].get(groupKey(board, 1))!;
        if (patternEstimate(board, goal) !== sum) expect(patternEstimate(board, goal), formatEightBoard(board)).toBe(sum);
        checked++;
      }
      expect(checked).toBe(181_440);
    }
  });
});

/**
 * IDA* written plainly over the same estimate, on the canonical board: each pass from the root's
 * estimate up, a node counted where it is expanded (within the bound and not the goal), the moves
 * in d, l, r, u order and never the one undoing the last. Its nodes and line are what the pass
 * must give: a weaker estimate would find the same line with more nodes.
 */
function plainPatternSearch(query: { from: EightBoard; to: EightBoard }): { nodes: number; path: string } {
  const { goalIndex, from } = canonicalize(query.from, query.to);
  const board = [...from];
  const line: number[] = [];
  let nodes = 0;
  const FOUND = -1;
  const dive = (depth: number, bound: number, undo: number): number => {
    const estimate = patternEstimate(board, goalIndex);
    if (depth + estimate > bound) return depth + estimate;
    if (estimate === 0) return FOUND;
    nodes++;
    let smallest = Infinity;
    const blank = board.indexOf(BLANK);
    for (let move = 0; move < 4; move++) {
      const target = GEOMETRY.blankTarget(blank, move);
      if (target < 0 || move === undo) continue;
      [board[blank], board[target]] = [board[target], BLANK];
      line.push(move);
      const result = dive(depth + 1, bound, UP - move);
      if (result === FOUND) return FOUND;
      line.pop();
      [board[target], board[blank]] = [board[blank], BLANK];
      smallest = Math.min(smallest, result);
    }
    return smallest;
  };
  for (let bound = patternEstimate(board, goalIndex); bound <= EIGHT_DIAMETER; ) {
    const result = dive(0, bound, -1);
    if (result === FOUND) return { nodes, path: line.map((move) => MOVE_LETTERS[move]).join('') };
    bound = result;
  }
  throw new Error('no line within the diameter');
}

describe('the pattern databases search', () => {
  it('expands exactly the nodes of a plain IDA* over the same estimate: a budget of that many answers, one fewer gives up', () => {
    const farthest = Array.from(tables.table(8).order.slice(-2)).map((code) => ({ from: decodeEight(code), to: CANONICAL_GOALS[8] }));
    const random = samples(fc.tuple(eightBoardArbitrary, eightBoardArbitrary), 300, SEED + 11)
      .filter(([from, to]) => isReachable(from, to))
      .map(([from, to]) => ({ from, to }));
    let hard = 0;
    for (const pair of [...farthest, query('12X453786', '12345678X'), query('564178X23', '7568X4123'), ...random]) {
      const plain = plainPatternSearch(pair);
      const named = `${formatEightBoard(pair.from)} -> ${formatEightBoard(pair.to)}`;
      expect(eightPatternSearcher({ maxNodes: plain.nodes, deadline: Number.POSITIVE_INFINITY })(pair), named).toEqual({ steps: plain.path.length, path: plain.path });
      if (plain.nodes > 0) expect(() => eightPatternSearcher({ maxNodes: plain.nodes - 1, deadline: Number.POSITIVE_INFINITY })(pair), named).toThrow(BudgetExhaustedError);
      if (plain.nodes > 100) hard++;
    }
    expect(hard).toBeGreaterThan(20);
  });

  it('answers as the search by Manhattan distance and linear conflicts: seeded random pairs, the SPEC cases and the farthest pairs', () => {
    const budget = searchBudget(8_100);
    const search = eightPatternSearcher(budget);
    const farthest = Array.from(tables.table(8).order.slice(-2)).map((code) => ({ from: decodeEight(code), to: CANONICAL_GOALS[8] }));
    const spec = [query('12X453786', '12345678X'), query('564178X23', '7568X4123'), query('X87654321', '12345678X'), query('12345678X', '12345678X')];
    const random = samples(fc.tuple(eightBoardArbitrary, eightBoardArbitrary), 600, SEED + 9)
      .filter(([from, to]) => isReachable(from, to))
      .map(([from, to]) => ({ from, to }));
    expect(random.length).toBeGreaterThan(250);
    for (const pair of [...farthest, ...spec, ...random]) expect(search(pair), `${formatEightBoard(pair.from)} -> ${formatEightBoard(pair.to)}`).toEqual(searchEight(pair, budget));
  });

  it('refuses an unreachable pair as the search does', () => {
    expect(() => eightPatternSearcher(searchBudget(0))(query('12345678X', '12345687X'))).toThrow(UnreachableError);
  });
});
