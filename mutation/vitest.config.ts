import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A mutant's run stops at its first failing test, so the files that failed last time go first (a
 * mutant is often killed by what killed its neighbour), then the quickest: vitest's own order runs
 * the longest first, which suits a suite that must run everything, not one that stops early.
 */
class QuickestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const last = (file: TestSpecification) => this.ctx.cache.getTestSpecificationResult(file);
    return [...files].sort((a, b) => {
      const [x, y] = [last(a), last(b)];
      if (Boolean(x?.failed) !== Boolean(y?.failed)) return x?.failed ? -1 : 1;
      return (x?.duration ?? Number.POSITIVE_INFINITY) - (y?.duration ?? Number.POSITIVE_INFINITY);
    });
  }
}

/**
 * The tests `npm run mutate` runs against each mutant, chosen by folder: the tests that reach the
 * mutated files (the store; the puzzles' rules; the API's routes and answer service), each mutant
 * only those whose coverage reaches it. Many load tables, so the local DynamoDB server is started
 * as in the suites. The slow tests (`*.slow.test.ts`) are left out: minutes a run.
 *
 * MUTATE_TESTS picks a part: `units`, the tests of the page codec, of the store's build of pages
 * (measuring, encoding, the table's plan) and of the puzzles' rules, none of which needs the server
 * (they meet every mutant of those files in an hour on 2 cores); `service`, the tests of the store's
 * DynamoDB side and of the API, whose files load tables before their tests, so that a codec or
 * rules mutant covered by them would take tens of seconds each; `store`, the store's own tests
 * only, for its DynamoDB side (the loader, checks, catalogue, manifests, reads): the API's tests
 * reach those files too, but each would load its tables again for every mutant that survives the
 * store's. The store part loads the page store's tables once, in its global setup
 * (test/support/reader-tables.ts). Unset: units and service.
 *
 * Two tests are left out by name. The 15-puzzle's SPEC samples (up to 50 moves), which take about a minute
 * on the instrumented code (every expression asks which mutant is on) and would make each mutant
 * of the search wait that long. The search's mutants are met by the shorter boards of the other
 * fifteen tests, checked against a plain IDA*.
 *
 * And one file: background-solve.test.ts (in the slow suite), whose first test runs the solver on
 * a worker thread. The thread has globals of its own, so the mutant a run turns on does not reach
 * the code the thread runs, and the test takes tens of seconds. background-answers.test.ts proves
 * the service's side of a background solve with a solver that only takes the job.
 */
export const UNITS = [
  'test/core/ida-star.test.ts',
  'test/packing/**/*.test.ts',
  'test/store/{table-pages,table-pages-plan,page-checksum}.test.ts',
  'test/puzzles/stored-tables-limits.test.ts',
  'test/puzzles/*/{board,rules,rules-edges,goals,tables,ties,move-values,index,pattern-*,database-file}.test.ts',
];

const SERVICE = ['test/puzzles/*/own-goals.test.ts', 'test/store/*.test.ts', 'test/lambda/*.test.ts'];

const STORE = ['test/store/*.test.ts', 'test/puzzles/stored-tables-limits.test.ts', 'test/puzzles/*/{own-goals,loads,lookup}.test.ts', 'test/lambda/damaged-page.test.ts'];

const PARTS: Record<string, string[]> = { units: UNITS, service: SERVICE, store: STORE };
const { MUTATE_TESTS } = process.env;
if (MUTATE_TESTS !== undefined && !(MUTATE_TESTS in PARTS)) throw new Error(`MUTATE_TESTS is units, service or store (unset: units and service); got "${MUTATE_TESTS}".`);

export default defineConfig({
  // The project's root, where the test paths start (this file lives in mutation/).
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    globalSetup: ['test/support/dynamodb-setup.ts', ...(MUTATE_TESTS === 'store' ? ['test/support/reader-tables-setup.ts'] : [])],
    include: MUTATE_TESTS === undefined ? [...UNITS, ...SERVICE] : PARTS[MUTATE_TESTS],
    // The slow tests never (minutes a run each; whole spaces, processes, browsers), nor the
    // lambda tests that check the service's own wiring rather than code mutated here. The store's
    // glob would take its unit tests too: a service run leaves them to the units.
    exclude: ['**/*.slow.test.ts', 'test/lambda/{fuzz,powertools-parity,log,metrics,credentials}.test.ts', ...(MUTATE_TESTS === 'service' ? UNITS : [])],
    // Left out too: the test that a request ends within its invocation's time, which instrumented code
    // (slower) could fail for any mutant it covers, counting it killed.
    testNamePattern: /^(?!.*(answers the SPEC samples with their distance and lex-min line|is never overrun))/,
    // instrumented code is several times slower: a load under faults takes more than a minute
    testTimeout: 180_000,
    // tables built and loaded before a file's tests: tens of seconds on a shared machine
    hookTimeout: 180_000,
    pool: 'forks',
    sequence: { sequencer: QuickestFirst },
  },
});
