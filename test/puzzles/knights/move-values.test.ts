import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { lowestMove } from '../../../core/bfs';
import { KNIGHT_JUMPS, type KnightsBoard, emptyCell, playKnightsLine } from '../../../puzzles/knights/rules/board';
import { resolveKnightsGoal } from '../../../puzzles/knights/rules/goals';
import { knightsMovesBySearch, knightsMovesFromMask } from '../../../puzzles/knights/rules/move-values';
import type { KnightsQuery } from '../../../puzzles/knights/rules/query';
import { searchKnights } from '../../../puzzles/knights/rules/search';
import { searchBudget } from '../../support/search-budget';
import { encodeKnights, knightsSpace } from '../../../puzzles/knights/rules/space';
import { type KnightsBfsTable, buildKnightsBfsTable, lookupKnights } from '../../../puzzles/knights/rules/bfs-table';
import type { MoveValue } from '../../../core/move-values';
import { knightsBoardArbitrary, knightsWalkArbitrary } from '../../../puzzles/knights/seeded-inputs';
import { samples, seededRandom } from '../../../core/seeded';

const standard = resolveKnightsGoal('standard');
let table: KnightsBfsTable;

beforeAll(() => {
  table = buildKnightsBfsTable(standard, 16);
});

/** A knights position's move values as a table deeper than the limit gives them: from its BFS mask. */
function knightsFromTable(query: KnightsQuery): MoveValue[] {
  const code = encodeKnights(query.board);
  const rank = knightsSpace.rank(code);
  const distance = table.bfs.distance[rank];
  if (distance === 255) return knightsMovesFromMask(query, Number.POSITIVE_INFINITY, 0); // past depth 16, so past any limit asked here
  return knightsMovesFromMask(query, distance, table.bfs.optimal[rank]);
}

const knightsQueries = (count: number, seed: number): KnightsQuery[] => {
  const limits = samples(fc.integer({ min: 0, max: 15 }), count, seed);
  const boards = [...samples(knightsWalkArbitrary(standard.board, 30), count / 2, seed), ...samples(knightsBoardArbitrary, count / 2, seed)];
  return boards.map((board, i) => ({ board, goal: standard, limit: limits[i] }));
};

describe('knights move values', () => {
  it('are the same from the table as from the search, on random positions and limits', () => {
    const budget = searchBudget(1_100);
    for (const [i, query] of knightsQueries(300, 5).entries()) {
      const answer = searchKnights(query, budget);
      expect(knightsMovesBySearch(query, answer, budget), JSON.stringify(query)).toEqual(knightsFromTable(query));
      // the line's first move is taken as optimal without a search: searched too, it is
      if (i < 60) expect(knightsMovesBySearch(query, { ...answer, path: [] }, budget)).toEqual(knightsFromTable(query));
    }
  });

  it('lead to the goal in exactly `steps` moves when only optimal moves are followed (any of them)', () => {
    const random = seededRandom(3);
    for (const query of knightsQueries(200, 9).map((q) => ({ ...q, limit: 15 }))) {
      const answer = lookupKnights(table, query)!;
      if (answer.steps === -1) continue;
      let board: KnightsBoard = query.board;
      for (let left = answer.steps; left > 0; left--) {
        const optimal = knightsFromTable({ ...query, board }).filter((move) => move.optimal);
        expect(optimal.length).toBeGreaterThan(0);
        const move = optimal[Math.floor(random() * optimal.length)];
        expect(move.steps).toBe(left - 1);
        board = playKnightsLine(board, [move.move]);
      }
      expect(board).toBe(standard.board);
    }
  });

  it('list every legal move in ascending cell order, the line starting with the smallest optimal one', () => {
    for (const query of knightsQueries(200, 13)) {
      const moves = knightsFromTable(query);
      expect(moves.map((move) => move.move)).toEqual(KNIGHT_JUMPS[emptyCell(query.board)]);
      const answer = lookupKnights(table, query)!;
      const firstOptimal = moves.find((move) => move.optimal);
      if (answer.steps > 0) expect(answer.path[0]).toBe(firstOptimal!.move);
      else expect(answer.steps === 0 ? firstOptimal : undefined).toBeUndefined();
      const code = encodeKnights(query.board);
      const mask = table.bfs.optimal[knightsSpace.rank(code)];
      if (answer.steps > 0) expect(answer.path[0]).toBe(knightsSpace.moveAt(code, lowestMove(mask)));
    }
  });
});

