/**
 * The 15-puzzle's rules and search, against the SPEC's samples and an independent solver: a plain
 * IDA* over the generic SearchProblem with Manhattan distance alone (no conflicts, no inline pass),
 * on boards within 30 moves of the goal.
 */
import { describe, expect, it } from 'vitest';
import { InvalidInputError, UnreachableError } from '../../../core/errors';
import { type SearchBudget, type SearchProblem, idaStar } from '../../../core/ida-star';
import { samples } from '../../../core/seeded';
import { BLANK, BLANK_MOVES, GOAL, MOVE_LETTERS, assertSolvable, blankTarget, isSolvable, parseFifteenBoard, playFifteenLine } from '../../../puzzles/fifteen/rules/board';
import { lettersOf } from '../../../puzzles/fifteen/rules/query';
import { fifteenMovesBySearch } from '../../../puzzles/fifteen/rules/move-values';
import { manhattanWithConflicts, searchFifteen } from '../../../puzzles/fifteen/rules/search';
import { formatFifteenJudge, parseFifteenJudge } from '../../../puzzles/fifteen/judge';
import { fifteenWalkArbitrary } from '../../../puzzles/fifteen/seeded-inputs';
import { endedWithin, searchBudget } from '../../support/search-budget';

/** The SPEC's boards with their distance and lex-min line (from an independent solver). */
const SPEC_BOARDS: [string, string][] = [
  ['2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15', 'llldrdrdr'],
  ['1 2 7 3 5 6 15 11 9 10 0 4 13 14 12 8', 'urddluuurddd'],
  ['6 1 4 8 2 7 10 3 5 13 0 12 14 9 11 15', 'uruldllurdldrdlurrdr'],
  ['9 1 7 2 10 4 6 3 0 5 12 8 13 14 11 15', 'uurrdldlururrdllurrddldr'],
  ['1 2 7 3 6 13 4 8 14 9 0 15 10 12 5 11', 'dlluruldrrdruullddluurrurddldr'],
  ['6 10 8 11 13 1 2 4 5 12 3 15 9 0 14 7', 'luurrrulddlluruldddruuuldddrrruldruuulddrd'],
  ['15 5 13 12 6 4 1 0 7 10 3 9 11 8 2 14', 'lluldrurdruldddluuurddlurrdldluldrrrulurdllluurdrdluldrdrr'],
];

const solve = (board: readonly number[], budget: SearchBudget) => searchFifteen({ board, limit: 80, solvable: isSolvable(board) }, budget);

/** A plain IDA*, independent of the inline pass: the generic DepthFirst over a board with Manhattan distance alone. */
function plainSolve(board: readonly number[], budget: SearchBudget): string {
  const cells = [...board];
  let blank = cells.indexOf(BLANK);
  const goalCell = (tile: number) => tile - 1;
  const distance = () => cells.reduce((sum, tile, cell) => (tile === BLANK ? sum : sum + Math.abs(Math.floor(cell / 4) - Math.floor(goalCell(tile) / 4)) + Math.abs((cell % 4) - (goalCell(tile) % 4))), 0);
  const problem: SearchProblem = {
    moves: () => BLANK_MOVES[blank],
    apply(move) {
      const target = blankTarget(blank, move);
      cells[blank] = cells[target];
      cells[target] = BLANK;
      blank = target;
      return 3 - move;
    },
    estimate: distance,
    isGoal: () => distance() === 0,
  };
  const outcome = endedWithin(idaStar(problem, 80, budget));
  if (outcome.kind !== 'solved') throw new Error('the plain search found no line');
  return lettersOf(outcome.moves);
}


describe('the 15-puzzle', () => {
  it('answers the SPEC samples with their distance and lex-min line', () => {
    const budget = searchBudget(20_000_000);
    for (const [text, line] of SPEC_BOARDS) {
      const board = parseFifteenBoard(text);
      expect(solve(board, budget)).toEqual({ steps: line.length, path: line, bound: line.length });
      expect(playFifteenLine(board, line)).toEqual(GOAL);
    }
  });

  it('finds the same line as a plain Manhattan IDA* on boards within 30 moves, and its estimate never overestimates', () => {
    const budget = searchBudget(28_000);
    const plainBudget = searchBudget(16_000);
    let compared = 0;
    for (const board of samples(fifteenWalkArbitrary(40), 60, 26)) {
      const answer = solve(board, budget);
      if (answer.steps > 30) continue;
      compared++;
      expect(answer.path).toBe(plainSolve(board, plainBudget));
      expect(manhattanWithConflicts(board)).toBeLessThanOrEqual(answer.steps);
      expect(playFifteenLine(board, answer.path)).toEqual(GOAL);
    }
    expect(compared).toBeGreaterThan(40);
  });

  it('values every legal move as the distance after it, each the plain IDA*\'s own, the optimal ones one step closer', () => {
    const budget = searchBudget(29_000);
    const plainBudget = searchBudget(23_000);
    let offLine = 0;
    for (const board of samples(fifteenWalkArbitrary(40), 60, 27)) {
      const answer = solve(board, budget);
      if (answer.steps === 0 || answer.steps > 26) continue;
      const values = fifteenMovesBySearch({ board, limit: 80, solvable: true }, answer, budget);
      const expected = BLANK_MOVES[board.indexOf(BLANK)].map((move) => {
        const steps = plainSolve(playFifteenLine(board, MOVE_LETTERS[move]), plainBudget).length;
        return { move, steps, optimal: steps === answer.steps - 1 };
      });
      expect(values).toEqual(expected);
      offLine += expected.filter(({ move, optimal }) => optimal && move !== MOVE_LETTERS.indexOf(answer.path[0])).length;
    }
    expect(offLine).toBeGreaterThan(0); // an optimal move other than the line's first was met, and valued by search
  });

  it('tells a solvable board by its inversions and the blank\'s row, and refuses the others at once with why', () => {
    for (const board of samples(fifteenWalkArbitrary(60), 50, 3)) expect(isSolvable(board)).toBe(true);
    const swapped = [...GOAL];
    [swapped[0], swapped[1]] = [swapped[1], swapped[0]];
    expect(isSolvable(swapped)).toBe(false);
    expect(() => assertSolvable(swapped)).toThrow(UnreachableError);
    expect(() => assertSolvable(swapped)).toThrow(/cannot reach the goal: its 1 inversion \(pairs of tiles out of order, the blank left out\) plus the 0 rows between the blank and the bottom row make an odd number/);
  });

  it('reads a board written with commas, spaces and "/", or as an array, and says what is wrong with one that is not a board', () => {
    const board = [2, 3, 4, 0, 1, 5, 7, 8, 9, 6, 10, 12, 13, 14, 11, 15];
    for (const text of ['2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15', '2 3 4 0 / 1 5 7 8 / 9 6 10 12 / 13 14 11 15', ' 2, 3 ,4,0\n1 5 7 8\n9 6 10 12\n13 14 11 15 ']) expect(parseFifteenBoard(text)).toEqual(board);
    expect(parseFifteenBoard(board)).toEqual(board);
    expect(() => parseFifteenBoard('1,2,3')).toThrow(new InvalidInputError('The board has 3 numbers; a board is 16: the tiles 1 to 15 and 0 for the blank, row by row (like 2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15; commas, spaces and "/" between them are all separators).'));
    expect(() => parseFifteenBoard('2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,16')).toThrow(/has 16 in cell 16 \(row 4, column 4\); use only the tiles 1 to 15 and 0 for the blank/);
    expect(() => parseFifteenBoard('2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,11')).toThrow(/has 11 more than once and lacks 15/);
    expect(() => parseFifteenBoard('2,3,4,x,1,5,7,8,9,6,10,12,13,14,11,15')).toThrow(/has "x" in cell 4/);
    expect(() => parseFifteenBoard(12)).toThrow(/must be 16 numbers/);
  });

  it('reads and writes the LightOJ judge format: not solvable for an odd board and for one past the limit', () => {
    const budget = searchBudget(59_000);
    // The third is 42 moves away: past the judge's 35, answered with a limit of 80.
    const input = '3\n\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n\n2 1 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n\n6 10 8 11\n13 1 2 4\n5 12 3 15\n9 0 14 7\n';
    const queries = parseFifteenJudge(input);
    expect(queries.map((query) => query.solvable)).toEqual([true, false, true]);
    expect(formatFifteenJudge(queries.map((query) => searchFifteen(query, budget)))).toBe('Case 1: LLLDRDRDR\nCase 2: This puzzle is not solvable.\nCase 3: This puzzle is not solvable.\n');
    expect(formatFifteenJudge(parseFifteenJudge(input, 80).map((query) => searchFifteen(query, budget)))).toBe('Case 1: LLLDRDRDR\nCase 2: This puzzle is not solvable.\nCase 3: LUURRRULDDLLURULDDDRUUULDDDRRRULDRUUULDDRD\n');
    expect(() => parseFifteenJudge('1\n\n1 2 3\n')).toThrow(/announces 1 case, but the input ends in case 1/);
  });
});
