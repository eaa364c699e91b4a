/**
 * The SPEC's two boards 80 moves away (the farthest there are), over the 6-6-3 databases with the
 * reflected lookup (kept on disk by npm run solve, else built in about 10 s): the two searched in
 * WebAssembly in about 54 s together, then the second and 40 random boards by both passes in about
 * 49 s (this machine, 2026-12-02), so this file is in the slow suite (vitest.config.ts).
 */
import { describe, expect, it } from 'vitest';
import { iterativeDeepening } from '../../../core/ida-star';
import { samples } from '../../../core/seeded';
import { FifteenPatternDepthFirst } from '../../../puzzles/fifteen/rules/pattern-search';
import { FifteenWasmDepthFirst } from '../../../puzzles/fifteen/rules/pattern-search-wasm';
import { fifteenBoardArbitrary } from '../../../puzzles/fifteen/seeded-inputs';
import { GOAL, parseFifteenBoard, playFifteenLine } from '../../../puzzles/fifteen/rules/board';
import { solveDatabases } from '../../../puzzles/fifteen/offline/databases';
import { searchFifteen } from '../../../puzzles/fifteen/rules/search';
import { endedWithin, searchBudget } from '../../support/search-budget';

describe('the 15-puzzle\'s farthest boards', () => {
  it('are 80 moves away, by lines that reach the goal', () => {
    const budget = searchBudget(590_000_000);
    const databases = solveDatabases(() => {});
    for (const [text, line] of [
      ['0 12 9 13 15 11 10 14 3 7 5 6 4 8 2 1', 'dddrrruluulldddrruullddrruruuldllddrrruuuldldrruulllddrrdruululldddruruldldrrurd'],
      ['0 12 10 13 15 11 14 9 7 8 6 2 4 3 5 1', 'dddrrruuldlldrrruuulldddrruuullddlurrdruullldrddruruullddldrrruululddrullddrrurd'],
    ]) {
      const board = parseFifteenBoard(text);
      const answer = searchFifteen({ board, limit: 80, solvable: true }, budget, databases);
      expect(answer).toEqual({ steps: 80, path: line, bound: 80 });
      expect(playFifteenLine(board, answer.path)).toEqual(GOAL);
    }
  });

  it('are searched, over the 6-6-3 databases the service ships, by the WebAssembly pass node for node as by the TypeScript pass (and 40 random boards too)', () => {
    const budget = searchBudget(240_000_000);
    const databases = solveDatabases(() => {});
    const boards = [parseFifteenBoard('0 12 10 13 15 11 14 9 7 8 6 2 4 3 5 1'), ...samples(fifteenBoardArbitrary, 40, 36)];
    for (const board of boards) {
      const run = (pass: FifteenPatternDepthFirst | FifteenWasmDepthFirst) => ({ outcome: endedWithin(iterativeDeepening(pass, pass.estimate(), 80)), nodes: pass.nodes });
      expect(run(new FifteenWasmDepthFirst(board, databases, 80, budget)), board.join(',')).toEqual(run(new FifteenPatternDepthFirst(board, databases, 80, budget)));
    }
  });
});
