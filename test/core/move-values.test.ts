import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { lowestMove } from '../../core/bfs';
import { BLANK, BLANK_MOVES, type EightBoard, MOVE_LETTERS, isReachable, playEightLine } from '../../puzzles/eight/rules/board';
import { canonicalize } from '../../puzzles/eight/rules/canonical';
import { eightMovesBySearch, eightMovesFromMask } from '../../puzzles/eight/rules/move-values';
import { searchEight } from '../../puzzles/eight/rules/search';
import { eightSpace, encodeEight } from '../../puzzles/eight/rules/space';
import { EightTables } from '../../puzzles/eight/rules/table';
import { UNLIMITED } from '../../core/ida-star';
import { KNIGHT_JUMPS, type KnightsBoard, emptyCell, playKnightsLine } from '../../puzzles/knights/rules/board';
import { resolveKnightsGoal } from '../../puzzles/knights/rules/goals';
import { knightsMovesBySearch, knightsMovesFromMask } from '../../puzzles/knights/rules/move-values';
import type { KnightsQuery } from '../../puzzles/knights/rules/query';
import { searchKnights } from '../../puzzles/knights/rules/search';
import { encodeKnights, knightsSpace } from '../../puzzles/knights/rules/space';
import { type KnightsTable, buildKnightsTable, lookupKnights } from '../../puzzles/knights/rules/table';
import { type MoveValue, movesFromMask } from '../../core/move-values';
import { eightBoardArbitrary, knightsBoardArbitrary, knightsWalkArbitrary, samples, seededRandom } from '../../scripts/seeded-inputs';

const standard = resolveKnightsGoal('standard');
let table: KnightsTable;
const eightTables = new EightTables();

beforeAll(() => {
  table = buildKnightsTable(standard, 16);
});

/** A knights position's move values as a table deeper than the limit gives them: from its BFS mask. */
function knightsFromTable(query: KnightsQuery): MoveValue[] {
  const code = encodeKnights(query.board);
  const rank = knightsSpace.rank(code);
  const distance = table.bfs.distance[rank];
  if (distance === 255) return knightsMovesFromMask(query, Number.POSITIVE_INFINITY, 0); // past depth 16, so past any limit asked here
  return knightsMovesFromMask(query, distance, table.bfs.optimal[rank]);
}

function eightFromTable(from: EightBoard, to: EightBoard): MoveValue[] {
  const canonical = canonicalize(from, to);
  const bfs = eightTables.table(canonical.goalIndex);
  const rank = eightSpace.rank(encodeEight(canonical.from));
  return eightMovesFromMask({ from, to }, bfs.distance[rank], bfs.optimal[rank]);
}

const knightsQueries = (count: number, seed: number): KnightsQuery[] => {
  const limits = samples(fc.integer({ min: 0, max: 15 }), count, seed);
  const boards = [...samples(knightsWalkArbitrary(standard.board, 30), count / 2, seed), ...samples(knightsBoardArbitrary, count / 2, seed)];
  return boards.map((board, i) => ({ board, goal: standard, limit: limits[i] }));
};

const eightPairs = (count: number) =>
  samples(fc.tuple(eightBoardArbitrary, eightBoardArbitrary), count * 3, 11)
    .filter(([from, to]) => isReachable(from, to))
    .slice(0, count);

describe('every move valued from a mask', () => {
  it('gives d - 1 to the optimal moves and d + 1 to the others, -1 past the limit', () => {
    expect(movesFromMask([3, 7, 9], 5, 0b010, 5)).toEqual([
      { move: 3, steps: -1, optimal: false },
      { move: 7, steps: 4, optimal: true },
      { move: 9, steps: -1, optimal: false },
    ]);
    // one beyond the limit, a move to the limit is optimal; farther, none is
    expect(movesFromMask([3, 7], 6, 0b01, 5)).toEqual([
      { move: 3, steps: 5, optimal: true },
      { move: 7, steps: -1, optimal: false },
    ]);
    expect(movesFromMask([3, 7], 7, 0b01, 5).every((move) => move.steps === -1 && !move.optimal)).toBe(true);
    // at the goal every move leads one step away
    expect(movesFromMask([1, 2], 0, 0)).toEqual([
      { move: 1, steps: 1, optimal: false },
      { move: 2, steps: 1, optimal: false },
    ]);
  });
});

describe('knights move values', () => {
  it('are the same from the table as from the search, on random positions and limits', () => {
    for (const [i, query] of knightsQueries(300, 5).entries()) {
      const answer = searchKnights(query);
      expect(knightsMovesBySearch(query, answer, UNLIMITED), JSON.stringify(query)).toEqual(knightsFromTable(query));
      // the line's first move is taken as optimal without a search: searched too, it is
      if (i < 60) expect(knightsMovesBySearch(query, { ...answer, path: [] }, UNLIMITED)).toEqual(knightsFromTable(query));
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

describe('eight move values', () => {
  it('are the same from the table as from the search, on random pairs', () => {
    for (const [from, to] of eightPairs(150)) {
      const answer = searchEight({ from, to });
      expect(eightMovesBySearch({ from, to }, answer, UNLIMITED)).toEqual(eightFromTable(from, to));
    }
  });

  it('lead to B in exactly `steps` moves when only optimal moves are followed, and the line starts with the smallest', () => {
    const random = seededRandom(4);
    for (const [from, to] of eightPairs(100)) {
      const answer = eightTables.lookup({ from, to });
      const first = eightFromTable(from, to).find((move) => move.optimal);
      if (answer.steps > 0) expect(MOVE_LETTERS[first!.move]).toBe(answer.path[0]);
      expect(eightFromTable(from, to).map((move) => move.move)).toEqual(BLANK_MOVES[from.indexOf(BLANK)]);
      let board = from;
      for (let left = answer.steps; left > 0; left--) {
        const optimal = eightFromTable(board, to).filter((move) => move.optimal);
        const move = optimal[Math.floor(random() * optimal.length)];
        expect(move.steps).toBe(left - 1);
        board = playEightLine(board, MOVE_LETTERS[move.move]);
      }
      expect(board).toEqual(to);
    }
  });
});
