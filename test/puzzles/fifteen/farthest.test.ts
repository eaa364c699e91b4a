/**
 * The SPEC's two boards 80 moves away (the farthest there are), over the 6-6-3 databases with the
 * reflected lookup: a build of about 13 s and searches of about 53 s and 15 s on a quiet core
 * (the file took 118 s beside other suites, within the 180 s test timeout), so
 * this file is in the slow suite (vitest.config.ts).
 */
import { describe, expect, it } from 'vitest';
import { UNLIMITED } from '../../../core/ida-star';
import { GOAL, parseFifteenBoard, playFifteenLine } from '../../../puzzles/fifteen/rules/board';
import { solveDatabases } from '../../../puzzles/fifteen/offline/databases';
import { searchFifteen } from '../../../puzzles/fifteen/rules/search';

describe('the 15-puzzle\'s farthest boards', () => {
  it('are 80 moves away, by lines that reach the goal', () => {
    const databases = solveDatabases(() => {});
    for (const [text, line] of [
      ['0 12 9 13 15 11 10 14 3 7 5 6 4 8 2 1', 'dddrrruluulldddrruullddrruruuldllddrrruuuldldrruulllddrrdruululldddruruldldrrurd'],
      ['0 12 10 13 15 11 14 9 7 8 6 2 4 3 5 1', 'dddrrruuldlldrrruuulldddrruuullddlurrdruullldrddruruullddldrrruululddrullddrrurd'],
    ]) {
      const board = parseFifteenBoard(text);
      const answer = searchFifteen({ board, limit: 80, solvable: true }, UNLIMITED, databases);
      expect(answer).toEqual({ steps: 80, path: line, bound: 80 });
      expect(playFifteenLine(board, answer.path)).toEqual(GOAL);
    }
  });
});
