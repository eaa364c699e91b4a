import { defineConfig } from 'vitest/config';
import { UNITS } from './vitest.mutate.config.js';

/**
 * The tests `npm run mutate:static` runs against each static mutant (one in code that runs when a
 * module loads: the move tables, the estimate's tables). Such a mutant changes what every test of
 * its module sees, so each one runs every related test file; these are the quick ones that need no
 * local server, a few seconds in all per puzzle.
 */
/**
 * The units part's tests but those a static mutant would make slow to run whole: the build's worker
 * threads, whole BFS tables and the stored-tables checks over every puzzle.
 */
const SLOWER = new Set([
  'test/store/page-encoding-threads.test.ts',
  'test/store/measure-threads.test.ts',
  'test/store/measure-levels.test.ts',
  'test/puzzles/stored-tables-limits.test.ts',
  'test/puzzles/knights/tables.test.ts',
  'test/puzzles/knights/ties.test.ts',
  'test/puzzles/knights/index.test.ts',
  'test/puzzles/eight/move-values.test.ts',
  'test/puzzles/eight/index.test.ts',
  'test/puzzles/fifteen/database-file.test.ts',
]);

export default defineConfig({
  test: {
    include: UNITS.filter((file) => !SLOWER.has(file)),
    testNamePattern: /^(?!.*answers the SPEC samples with their distance and lex-min line)/,
    testTimeout: 60_000,
    pool: 'forks',
  },
});
