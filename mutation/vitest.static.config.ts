import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { UNITS } from './vitest.config';

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
const SLOWER = [
  'test/packing/*-threads.test.ts',
  'test/puzzles/stored-tables-limits.test.ts',
  'test/puzzles/knights/{tables,ties,index}.test.ts',
  'test/puzzles/eight/{move-values,index}.test.ts',
  'test/puzzles/fifteen/database-file.test.ts',
];

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: UNITS,
    exclude: ['**/*.slow.test.ts', ...SLOWER],
    testNamePattern: /^(?!.*answers the SPEC samples with their distance and lex-min line)/,
    testTimeout: 60_000,
    pool: 'forks',
  },
});
