import { defineConfig } from 'vitest/config';

/**
 * The tests `npm run mutate` runs against each mutant: the quick tests of the mutated files (the
 * store's page layout, codec and bit streams; the puzzles' rules). None of them needs the local
 * DynamoDB server, so there is no globalSetup.
 */
export default defineConfig({
  test: {
    include: [
      'test/store/page-codec.test.ts',
      'test/store/page-codec-limits.test.ts',
      'test/puzzles/knights/board.test.ts',
      'test/puzzles/eight/board.test.ts',
      'test/puzzles/fifteen/board.test.ts',
      'test/puzzles/knights/goals.test.ts',
      'test/puzzles/eight/rules.test.ts',
      'test/puzzles/fifteen/rules.test.ts',
    ],
    testTimeout: 60_000,
    pool: 'forks',
  },
});
