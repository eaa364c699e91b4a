import { defineConfig } from 'vitest/config';

/**
 * The tests `npm run mutate:static` runs against each static mutant (one in code that runs when a
 * module loads: the move tables, the estimate's tables). Such a mutant changes what every test of
 * its module sees, so each one runs every related test file; these are the quick ones that need no
 * local server, a few seconds in all per puzzle.
 */
export default defineConfig({
  test: {
    include: [
      'test/store/page-codec.test.ts',
      'test/store/page-codec-limits.test.ts',
      'test/store/page-checksum.test.ts',
      'test/store/page-encoding.test.ts',
      'test/store/entry-index.test.ts',
      'test/store/measure.test.ts',
      'test/store/table-pages.test.ts',
      'test/store/table-pages-plan.test.ts',
      'test/core/ida-star.test.ts',
      'test/puzzles/knights/board.test.ts',
      'test/puzzles/knights/goals.test.ts',
      'test/puzzles/knights/move-values.test.ts',
      'test/puzzles/knights/rules-edges.test.ts',
      'test/puzzles/eight/board.test.ts',
      'test/puzzles/eight/rules.test.ts',
      'test/puzzles/eight/rules-edges.test.ts',
      'test/puzzles/eight/pattern-search.test.ts',
      'test/puzzles/fifteen/board.test.ts',
      'test/puzzles/fifteen/rules.test.ts',
      'test/puzzles/fifteen/pattern-ranking.test.ts',
      'test/puzzles/fifteen/pattern-databases.test.ts',
      'test/puzzles/fifteen/rules-edges.test.ts',
    ],
    testNamePattern: /^(?!.*answers the SPEC samples with their distance and lex-min line)/,
    testTimeout: 60_000,
    pool: 'forks',
  },
});
