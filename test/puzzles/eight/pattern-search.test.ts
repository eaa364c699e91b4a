import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnreachableError } from '../../../core/errors';
import { SEED, samples } from '../../../core/seeded';
import { type EightBoard, formatEightBoard, isReachable, parseEightBoard } from '../../../puzzles/eight/rules/board';
import { EightBfsTables } from '../../../puzzles/eight/rules/bfs-table';
import { CANONICAL_GOALS } from '../../../puzzles/eight/rules/canonical';
import { eightPatternSearcher, patternEstimate } from '../../../puzzles/eight/rules/pattern-search';
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

describe('the pattern databases search', () => {
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
