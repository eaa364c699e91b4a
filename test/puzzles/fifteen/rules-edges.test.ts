/**
 * The 15-puzzle's rules at their edges, where the searches' answers alone do not show a fault: a
 * board's cells that are numbers but not whole ones; the estimates' exact values on boards worked
 * by hand; the moves valued without a search where no search is needed, and what a budget's end
 * among the passes gives; the budget counted by both passes; the tables' size checks and their
 * joining into one array. And the passes themselves, step for step: each bounded pass returns the
 * next bound IDA* takes (the smallest f past the bound) and expands the same nodes as a plain
 * depth-first pass written here, which looks the whole board up at every node (Manhattan distance
 * and linear conflicts counted here; the databases by patternEstimate) and cuts nothing but by f
 * and going straight back.
 *
 * Budgets of no nodes or a few pin what must be expanded for an independent reason: a node whose f
 * is past the bound is never expanded, and a line of n moves expands at least its n nodes before
 * the goal.
 */
import { describe, expect, it } from 'vitest';
import { BudgetExhaustedError, InvalidInputError } from '../../../core/errors';
import { FOUND, type SearchBudget } from '../../../core/ida-star';
import { samples } from '../../../core/seeded';
import { BLANK, BLANK_MOVES, GOAL, MOVE_LETTERS, isSolvable, parseFifteenBoard, playFifteenLine } from '../../../puzzles/fifteen/rules/board';
import { fifteenMovesBySearch } from '../../../puzzles/fifteen/rules/move-values';
import { UNREACHED, buildPatternDatabase } from '../../../puzzles/fifteen/rules/pattern-database';
import { compactPatternTable, expandPatternTable, placementsFor } from '../../../puzzles/fifteen/rules/pattern-ranking';
import { FifteenPatternDepthFirst } from '../../../puzzles/fifteen/rules/pattern-search';
import { PARTITION_33333, PARTITION_555, PARTITION_663, type PatternDatabases, buildPatternDatabases, checkPartition, joinedTables, patternEstimate, patternSum, reflectBoard } from '../../../puzzles/fifteen/rules/pattern-set';
import { NO_ANSWER } from '../../../puzzles/fifteen/rules/query';
import { FifteenDepthFirst, fifteenReachesWithin, manhattanWithConflicts, searchFifteen } from '../../../puzzles/fifteen/rules/search';
import { fifteenWalkArbitrary } from '../../../puzzles/fifteen/seeded-inputs';
import { searchBudget } from '../../support/search-budget';

const small = buildPatternDatabases(PARTITION_33333);

/** SPEC samples (distance and lex-min line from an independent solver). */
const NINE = parseFifteenBoard('2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15'); // llldrdrdr
const TWELVE = parseFifteenBoard('1 2 7 3 5 6 15 11 9 10 0 4 13 14 12 8'); // urddluuurddd
const TWENTY_FOUR = parseFifteenBoard('9 1 7 2 10 4 6 3 0 5 12 8 13 14 11 15'); // uurrdldlururrdllurrddldr
const THIRTY = parseFifteenBoard('1 2 7 3 6 13 4 8 14 9 0 15 10 12 5 11'); // dlluruldrrdruullddluurrurddldr

/** A budget of at most `maxNodes` expanded nodes a pass, and no deadline. */
const nodes = (maxNodes: number): SearchBudget => ({ maxNodes, deadline: Number.POSITIVE_INFINITY });
const D = 0;
const L = 1;
const R = 2;
const U = 3;

/** Longest strictly increasing subsequence. */
function longestRun(values: readonly number[]): number {
  const best = values.map(() => 1);
  values.forEach((value, i) => values.slice(0, i).forEach((before, j) => (best[i] = before < value ? Math.max(best[i], best[j] + 1) : best[i])));
  return Math.max(0, ...best);
}

/**
 * Manhattan distance plus linear conflicts, counted here from the definition: for each row, the
 * tiles in it whose goal is in it, their goal columns in the order they stand; every tile beyond
 * the longest increasing run costs two moves; the same for each column.
 */
function plainEstimate(board: readonly number[]): number {
  let total = 0;
  for (let cell = 0; cell < 16; cell++) {
    const tile = board[cell];
    if (tile !== BLANK) total += Math.abs(Math.floor(cell / 4) - Math.floor((tile - 1) / 4)) + Math.abs((cell % 4) - ((tile - 1) % 4));
  }
  for (let line = 0; line < 4; line++) {
    const row = [0, 1, 2, 3].map((k) => board[line * 4 + k]).filter((tile) => tile !== BLANK && Math.floor((tile - 1) / 4) === line).map((tile) => (tile - 1) % 4);
    const column = [0, 1, 2, 3].map((k) => board[k * 4 + line]).filter((tile) => tile !== BLANK && (tile - 1) % 4 === line).map((tile) => Math.floor((tile - 1) / 4));
    total += 2 * (row.length - longestRun(row)) + 2 * (column.length - longestRun(column));
  }
  return total;
}

/**
 * One bounded depth-first pass, plainly: f = depth + the whole board's estimate; past the bound
 * it returns f, at the goal FOUND, else it counts the node expanded and tries the moves in the
 * order d, l, r, u but going straight back (at the start, but `first`), returning the smallest f
 * past the bound met. It expands at most the budget's nodes, and says so past them: an estimate
 * too small (the databases' is the product's) would have it expand the whole tree to the bound.
 */
function plainPass(board: readonly number[], bound: number, estimate: (board: readonly number[]) => number, budget: SearchBudget, first = -1): { result: number; nodes: number } {
  let expanded = 0;
  const visit = (cells: readonly number[], depth: number, back: number): number => {
    const f = depth + estimate(cells);
    if (f > bound) return f;
    if (cells.every((tile, cell) => tile === GOAL[cell])) return FOUND;
    if (++expanded > budget.maxNodes) throw new Error(`the test's search budget ran out after ${budget.maxNodes} positions (node cap reached): a correct search takes far fewer`);
    let smallest = Number.POSITIVE_INFINITY;
    for (const move of BLANK_MOVES[cells.indexOf(BLANK)]) {
      if (move === back) continue;
      const result = visit(playFifteenLine(cells, MOVE_LETTERS[move]), depth + 1, 3 - move);
      if (result === FOUND) return FOUND;
      smallest = Math.min(smallest, result);
    }
    return smallest;
  };
  return { result: visit(board, 0, first), nodes: expanded };
}

const message = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
  throw new Error('no error');
};

describe('15-puzzle rules at their edges', () => {
  it('refuses a cell holding a number that is not a whole one, as a JSON array may give it', () => {
    const board = GOAL.map((tile, cell) => (cell === 3 ? 4.5 : tile));
    expect(() => parseFifteenBoard(board)).toThrow(new InvalidInputError('The board has 4.5 in cell 4 (row 1, column 4); use only the tiles 1 to 15 and 0 for the blank.'));
  });

  it('counts Manhattan distance and linear conflicts as worked by hand, in the whole count and in the pass', () => {
    // 5 6 and 7 8 swapped in their row: each tile one cell from home (4), two conflicts in row 1 (+4).
    const rowConflicts = parseFifteenBoard('1 2 3 4 / 6 5 8 7 / 9 10 11 12 / 13 14 15 0');
    // 1 5 and 2 6 swapped in their columns: each tile one cell from home (4), one conflict in each of columns 0 and 1 (+4).
    const columnConflicts = parseFifteenBoard('5 6 3 4 / 1 2 7 8 / 9 10 11 12 / 13 14 15 0');
    // 14 and 15 one cell left of home, 13 two cells right (4), and 13 after both in row 3: one tile out of the way (+2).
    const bottomRow = parseFifteenBoard('1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 14 15 13 0');
    for (const [board, expected] of [[GOAL, 0], [rowConflicts, 8], [columnConflicts, 8], [bottomRow, 6], [NINE, 9]] as const) {
      expect(manhattanWithConflicts(board)).toBe(expected);
      expect(plainEstimate(board)).toBe(expected);
      expect(new FifteenDepthFirst(board, 80, nodes(0)).estimate()).toBe(expected);
    }
  });

  it('values the moves at the goal as one step away and none optimal, and an unsolvable board\'s as none', () => {
    expect(fifteenMovesBySearch({ board: GOAL, limit: 80, solvable: true }, { steps: 0, path: '' }, nodes(0))).toEqual([
      { move: L, steps: 1, optimal: false },
      { move: U, steps: 1, optimal: false },
    ]);
    const swapped = parseFifteenBoard('2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0');
    expect(fifteenMovesBySearch({ board: swapped, limit: 80, solvable: false }, NO_ANSWER, nodes(0))).toEqual([]);
  });

  it('values the line\'s first move and the moves before it without a search: a budget of no nodes still values them', () => {
    // The lex-min line starts with l: d cannot start a shortest line, so it leads one step farther.
    expect(fifteenMovesBySearch({ board: NINE, limit: 80, solvable: true }, { steps: 9, path: 'llldrdrdr' }, nodes(0))).toEqual([
      { move: D, steps: 10, optimal: false },
      { move: L, steps: 8, optimal: true },
    ]);
    // It starts with u, the last letter: d, l and r lead one step farther. (After d the estimate is 11,
    // within a pass bounded at 11: a search of it would expand a node.)
    expect(manhattanWithConflicts(playFifteenLine(TWELVE, 'd'))).toBeLessThanOrEqual(11);
    expect(fifteenMovesBySearch({ board: TWELVE, limit: 80, solvable: true }, { steps: 12, path: 'urddluuurddd' }, nodes(0))).toEqual([
      { move: D, steps: 13, optimal: false },
      { move: L, steps: 13, optimal: false },
      { move: R, steps: 13, optimal: false },
      { move: U, steps: 11, optimal: true },
    ]);
  });

  it('proves each move after the line\'s first by one pass that never goes straight back: the plain pass\'s count of nodes is budget enough', () => {
    const board = parseFifteenBoard('1 2 8 3 5 6 4 11 10 0 7 12 9 13 14 15');
    const budget = searchBudget(30);
    const answer = searchFifteen({ board, limit: 80, solvable: true }, budget);
    // 15 moves, by plain deepening; the line starts with l.
    let bound = plainEstimate(board);
    while (plainPass(board, bound, plainEstimate, budget).result !== FOUND) bound += 2;
    expect(bound).toBe(15);
    expect(answer.steps).toBe(15);
    expect(answer.path[0]).toBe('l');
    expect(playFifteenLine(board, answer.path)).toEqual(GOAL);
    // r and u: no line of 14 from either, each pass expanding one node when it never goes back.
    const passes = [R, U].map((move) => plainPass(playFifteenLine(board, MOVE_LETTERS[move]), 14, plainEstimate, budget, 3 - move));
    expect(passes).toEqual([
      { result: 16, nodes: 1 },
      { result: 16, nodes: 1 },
    ]);
    expect(fifteenMovesBySearch({ board, limit: 80, solvable: true }, answer, nodes(1))).toEqual([
      { move: D, steps: 16, optimal: false },
      { move: L, steps: 14, optimal: true },
      { move: R, steps: 16, optimal: false },
      { move: U, steps: 16, optimal: false },
    ]);
  });

  it('keeps the line when the budget ends among the moves\' passes, saying the bound they had; any other error passes unchanged', () => {
    // The line starts with d; l, r and u need passes bounded at 29, and after l the estimate is
    // within it (a node to expand), which a budget of no nodes does not allow.
    expect(manhattanWithConflicts(playFifteenLine(THIRTY, 'l'))).toBeLessThanOrEqual(29);
    const answer = { steps: 30, path: 'dlluruldrrdruullddluurrurddldr' };
    expect(message(() => fifteenMovesBySearch({ board: THIRTY, limit: 80, solvable: true }, answer, nodes(0)))).toBe(
      'MovesUnvaluedError: The line is exact, but proving which other moves are not optimal (a search bounded at 29 moves from each) took longer than the request may; npm run solve -- fifteen has no deadline.',
    );
    // An answer no search gives (no end to the passes' bound, so no array for their line): the error is not the budget's.
    expect(() => fifteenMovesBySearch({ board: THIRTY, limit: 80, solvable: true }, { steps: Number.POSITIVE_INFINITY, path: answer.path }, nodes(0))).toThrow(RangeError);
  });

  it('counts every node either pass expands against the budget: a 9-move line cannot be found with 8', () => {
    for (const databases of [undefined, small]) {
      expect(() => searchFifteen({ board: NINE, limit: 80, solvable: true }, nodes(8), databases)).toThrow(BudgetExhaustedError);
      expect(() => searchFifteen({ board: NINE, limit: 80, solvable: true }, nodes(8), databases)).toThrow(/^The search gave up after \d+ positions \(node cap reached\) without an answer\.$/);
      expect(() => fifteenReachesWithin(NINE, 9, nodes(8), databases)).toThrow(BudgetExhaustedError);
      expect(searchFifteen({ board: NINE, limit: 80, solvable: true }, searchBudget(10), databases)).toEqual({ steps: 9, path: 'llldrdrdr', bound: 9 });
    }
  });

  it('answers a pass bounded below the board\'s own estimate without expanding a node, the databases\' estimate the larger of the board\'s and its mirror\'s', () => {
    // The databases see more than Manhattan with conflicts here (22 against 20): bounded at 21, the
    // pass over them stops at the board itself, where one over Manhattan would have to go on.
    expect(patternEstimate(small, TWENTY_FOUR)).toBeGreaterThan(21);
    expect(manhattanWithConflicts(TWENTY_FOUR)).toBeLessThanOrEqual(21);
    expect(fifteenReachesWithin(TWENTY_FOUR, 21, nodes(0), small)).toBe(false);
    expect(fifteenReachesWithin(TWENTY_FOUR, manhattanWithConflicts(TWENTY_FOUR) - 1, nodes(0))).toBe(false);
    // Boards whose two sums differ, the larger on the board and on its mirror: bounded between the two.
    const board = samples(fifteenWalkArbitrary(40, 30), 20, 5).find((candidate) => patternSum(small, candidate) > patternSum(small, reflectBoard(candidate)))!;
    for (const each of [board, reflectBoard(board)]) {
      const [sum, mirrored] = [patternSum(small, each), patternSum(small, reflectBoard(each))];
      expect(sum).not.toBe(mirrored);
      const bound = Math.max(sum, mirrored) - 1;
      expect(fifteenReachesWithin(each, bound, nodes(0), small)).toBe(false);
      const pass = new FifteenPatternDepthFirst(each, small, 80, nodes(0));
      expect(pass.search(0, bound, -1)).toBe(bound + 1);
      expect(pass.nodes).toBe(0);
    }
  });

  it('returns from each pass the plain pass\'s next bound and expands the same nodes, over Manhattan with conflicts and over the databases', () => {
    const budget = searchBudget(260);
    let passes = 0;
    for (const board of samples(fifteenWalkArbitrary(30, 16), 8, 11)) {
      for (const [name, estimate, pass] of [
        ['manhattan', plainEstimate, () => new FifteenDepthFirst(board, 80, budget)],
        ['databases', (cells: readonly number[]) => patternEstimate(small, cells), () => new FifteenPatternDepthFirst(board, small, 80, budget)],
      ] as const) {
        const first = estimate(board);
        for (const bound of [first - 1, first, first + 2, first + 4]) {
          const plain = plainPass(board, bound, estimate, budget);
          const inline = pass();
          expect({ result: inline.search(0, bound, -1), nodes: inline.nodes }, `${name} ${board.join(',')} at ${bound}`).toEqual(plain);
          passes++;
        }
      }
    }
    expect(passes).toBe(64);
  });

  it('says what is wrong with a group or a table of the wrong size', () => {
    expect(() => buildPatternDatabase([])).toThrow(new Error('a pattern group has 1 to 6 tiles, not 0'));
    expect(() => buildPatternDatabase([1, 2, 3, 4, 5, 6, 7], new Uint8Array(1))).toThrow(new Error('a pattern group has 1 to 6 tiles, not 7'));
    expect(() => buildPatternDatabase([1, 2], new Uint8Array(255))).toThrow(new RangeError('a database of 2 tiles has 256 entries, not 255'));
    expect(() => compactPatternTable([1, 2], new Uint8Array(255))).toThrow(new RangeError('a database of 2 tiles has 256 entries, not 255'));
    expect(() => expandPatternTable([1, 2], new Uint8Array(placementsFor(2)), new Uint8Array(257))).toThrow(new RangeError('a database of 2 tiles has 256 entries, not 257'));
    expect(() => checkPartition([[1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14, 15]])).toThrow(new Error('a pattern group has at most 6 tiles'));
  });

  it('builds a group of one tile as its Manhattan distance, and checks a partition for each tile once in groups of at most 6', () => {
    // One tile: the blank is free, so tile 1 (goal cell 0) at cell c costs row(c) + column(c).
    const single = buildPatternDatabase([1]);
    expect(Array.from(single)).toEqual(Array.from({ length: 16 }, (_, cell) => (cell >> 2) + (cell & 3)));
    const wrong = new Error('a partition holds each of the tiles 1..15 once; got [[1,2,3,4,5,6],[7,8,9,10,11,12],[13,14]]');
    expect(() => checkPartition([[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], [13, 14]])).toThrow(wrong);
    expect(() => checkPartition([[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], [13, 14, 14]])).toThrow(/each of the tiles 1\.\.15 once/);
    expect(() => checkPartition([[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], [13, 14, 15, 16]])).toThrow(/each of the tiles 1\.\.15 once/);
    expect(() => checkPartition([[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], [13, 14, 15]])).not.toThrow();
    expect(() => checkPartition([[1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12], [13, 14, 15]])).toThrow(new Error('a pattern group has at most 6 tiles'));
    expect(() => buildPatternDatabases([[1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14, 15]])).toThrow(new Error('a pattern group has at most 6 tiles'));
  });

  it('ships partitions that hold each tile once: the service\'s 6-6-3 (built only offline, past the quick tests), the 5-5-5 and the tests\' 3-3-3-3-3', () => {
    for (const partition of [PARTITION_663, PARTITION_555, PARTITION_33333]) expect(() => checkPartition(partition)).not.toThrow();
    expect(PARTITION_663.map((group) => group.length)).toEqual([6, 6, 3]);
  });

  it('tells the progress of a build each group\'s own milliseconds', () => {
    const heard: number[] = [];
    const started = performance.now();
    buildPatternDatabases(PARTITION_33333, (_, milliseconds) => heard.push(milliseconds));
    const took = performance.now() - started;
    expect(heard).toHaveLength(5);
    for (const milliseconds of heard) expect(milliseconds).toBeGreaterThanOrEqual(0);
    expect(heard.reduce((sum, milliseconds) => sum + milliseconds, 0)).toBeLessThanOrEqual(took);
  });

  it('joins tables into one array by copying unless they lie back to back in one buffer in the partition\'s order', () => {
    const size = small.tables[0].length;
    const expected = Buffer.concat(small.tables.map((table) => Buffer.from(table)));
    // One buffer, the tables in reverse order.
    const shared = new ArrayBuffer(size * 5);
    const reversed: PatternDatabases = {
      partition: small.partition,
      tables: small.tables.map((table, g) => {
        const view = new Uint8Array(shared, (4 - g) * size, size);
        view.set(table);
        return view;
      }),
    };
    // A buffer each, each table where it would lie in a shared one.
    const apart: PatternDatabases = {
      partition: small.partition,
      tables: small.tables.map((table, g) => {
        const view = new Uint8Array(new ArrayBuffer((g + 1) * size), g * size, size);
        view.set(table);
        return view;
      }),
    };
    for (const databases of [reversed, apart]) {
      const { all, offsets } = joinedTables(databases);
      expect(offsets).toEqual([0, 1, 2, 3, 4].map((g) => g * size));
      expect(all.buffer).not.toBe(databases.tables[0].buffer);
      expect(Buffer.from(all).equals(expected)).toBe(true);
      expect(searchFifteen({ board: NINE, limit: 80, solvable: isSolvable(NINE) }, searchBudget(10), databases)).toEqual({ steps: 9, path: 'llldrdrdr', bound: 9 });
    }
  });
});

describe('a pattern database of a large group', () => {
  it('takes a group of 6 tiles, the largest the served partition has, refusing only a table of the wrong size', () => {
    expect(() => buildPatternDatabase([1, 2, 3, 4, 5, 6], new Uint8Array(1))).toThrow(/^a database of 6 tiles has \d+ entries, not 1$/);
  });

  it('reaches every placement of a group of 5 tiles, whose BFS levels outgrow their first 65,536 states', () => {
    const values = buildPatternDatabase([1, 2, 3, 4, 5]);
    // every placement of the five tiles on five distinct cells of 16 can be reached from the goal's
    expect(values.length - values.filter((value) => value === UNREACHED).length).toBe(16 * 15 * 14 * 13 * 12);
  });
});
