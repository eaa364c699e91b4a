import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The slow tests, each named `*.slow.test.ts`: the whole knights space, the 15-puzzle's farthest boards, background solves on
 * worker threads, the functions' bundles as synth builds them (the API's and the solver's carry
 * the 15-puzzle's databases, built again whenever the code that builds them changes: 50 s under
 * the quick suite's load), the measure's worker threads (each started under tsx, a level handed on
 * or a failure told within a second), the loader under injected faults and its reads paced at a table's read
 * capacity (seconds of real time), a load killed and
 * resumed, the commands run as processes of their own (npm start and npm run smoke among them),
 * the page in a browser, a bit stream at its 512 MiB ceiling, and cfn-lint on the stack's
 * templates (seconds for its start alone). `npm test` runs the others (the quick suite, projects
 * quick*, within 90 s on 2 cores); `npm run test:all` runs them all, as CI does.
 */
const SLOW = ['test/**/*.slow.test.ts'];

/**
 * Quick files that run in a process of their own, as every slow file does: one checks that a
 * request ends within the time its invocation has, which a collector pause over the heap other
 * files left behind could break (a function's process holds its own requests' memory alone).
 */
const OWN_PROCESS = ['test/lambda/handler.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/support/dynamodb-setup.ts', 'test/support/packed-databases-setup.ts'],
    // Whole-space searches take tens of seconds on a shared 2-core machine. No test measures speed;
    // a few check that a request ends within the time its invocation has, as Lambda would enforce.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // One test file per core: most files spend their time computing (searches, tables, pages).
    maxWorkers: availableParallelism(),
    projects: [
      // The quick files share their worker processes, as requests share a warm function: each
      // process imports the modules once, not once per file, and reuses the memory its files'
      // tables freed (the suite took 140 s of CPU with a process per file, about 75 s so). No file
      // relies on a module's state being fresh; each makes its own tables, clients and functions
      // (checked with the files in shuffled orders).
      { extends: true, test: { name: 'quick', include: ['test/**/*.test.ts'], exclude: [...SLOW, ...OWN_PROCESS], isolate: false } },
      { extends: true, test: { name: 'quick-own-process', include: OWN_PROCESS } },
      { extends: true, test: { name: 'slow', include: SLOW } },
    ],
  },
});
