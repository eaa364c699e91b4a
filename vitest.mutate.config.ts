import { defineConfig } from 'vitest/config';

/**
 * The tests `npm run mutate` runs against each mutant: the quick tests that reach the mutated files
 * (the store's page layout, codec and bit streams; the puzzles' rules). A few load tables, so the
 * local DynamoDB server is started as in the suites.
 *
 * One test is left out: the 15-puzzle's SPEC samples (up to 50 moves), which take about a minute
 * on the instrumented code (every expression asks which mutant is on) and would make each mutant
 * of the search wait that long. The search's mutants are met by the shorter boards of the other
 * fifteen tests, checked against a plain IDA*.
 */
export default defineConfig({
  test: {
    globalSetup: ['test/support/dynamodb-setup.ts'],
    include: [
      'test/store/page-codec.test.ts',
      'test/store/page-codec-limits.test.ts',
      'test/store/bit-stream-ceiling.test.ts',
      'test/core/ida-star.test.ts',
      'test/puzzles/knights/board.test.ts',
      'test/puzzles/knights/goals.test.ts',
      'test/puzzles/knights/tables.test.ts',
      'test/puzzles/knights/move-values.test.ts',
      'test/puzzles/knights/own-goals.test.ts',
      'test/puzzles/knights/ties.test.ts',
      'test/puzzles/knights/index.test.ts',
      'test/puzzles/knights/rules-edges.test.ts',
      'test/puzzles/eight/board.test.ts',
      'test/puzzles/eight/rules.test.ts',
      'test/puzzles/eight/move-values.test.ts',
      'test/puzzles/eight/index.test.ts',
      'test/puzzles/eight/rules-edges.test.ts',
      'test/puzzles/fifteen/board.test.ts',
      'test/puzzles/fifteen/rules.test.ts',
      'test/puzzles/fifteen/pattern-databases.test.ts',
      'test/puzzles/fifteen/pattern-ranking.test.ts',
      'test/puzzles/fifteen/database-file.test.ts',
      'test/puzzles/fifteen/rules-edges.test.ts',
    ],
    testNamePattern: /^(?!.*answers the SPEC samples with their distance and lex-min line)/,
    testTimeout: 60_000,
    pool: 'forks',
  },
});
