/**
 * Benchmarks: `npm run bench [-- --only NAME] [--json]`. Each benchmark states its inputs and prints
 * its figures; nothing here is asserted by tests. A whole run gives each benchmark a fresh process
 * of its own. The service's own benchmarks are beside this file; each puzzle adds its rows to the
 * named ones from its folder (puzzles/<name>/bench/), found through the registry.
 *
 *   precompute  each puzzle's BFS and pages (its tables, and its whole space where that is large),
 *               then every puzzle's default tables as pages, together.
 *   search      each puzzle's IDA* per query over fixed seeded sets, and the hardest cases; a
 *               puzzle may compare its search with a reference in C beside its benchmarks.
 *   search-runs the search benchmark's comparisons with C, in five fresh processes: the spread
 *               of the ratios from one process to the next.
 *   (a puzzle's own benchmarks: each puzzle may add named benchmarks of its own, such as a search
 *               against a reference in C on its own boards; `--only NAME` runs one.)
 *   full        a puzzle's whole space: every line, mask and page, with peak memory; its BFS
 *               against a reference BFS in C (built with the system cc; skipped with a note when
 *               there is none), interleaved, the fastest of each compared.
 *   load        every puzzle's default tables into a local dynalite on disk: the loader
 *               (checksum, checkpoints, retries, verification) against a bare BatchWriteItem loop
 *               writing the same pages with the same concurrency, to the same server, in the same run.
 *   full-load   each puzzle's largest load, like load (minutes, and gigabytes of memory and disk).
 *   query       the local URL (npm start's server, in its own process, with the puzzles' served
 *               tables loaded) under autocannon on loopback, 16 connections, 10 s each: table hits,
 *               cached hits, search fallbacks; then a warm mix of the questions the tests ask, 32
 *               connections; against a bare GetItem loop with 16 in flight on the same DynamoDB
 *               server.
 *   init        the function's bundle as the stack builds it, started cold in five fresh processes
 *               as Lambda's runtime starts it: Node's start, the bundle's load (the AWS SDK in it),
 *               the first answer from a table, on the handler's clock and on the function's, and
 *               the first search after them; then each puzzle whose search reads estimate tables,
 *               cold with them in the package and with them read from DynamoDB (the 15-puzzle's).
 *   url         each puzzle that names questions for it, asked through npm start's local URL on
 *               a fresh data folder, one at a time and two at once, and where an answer's time goes.
 *   estimates   the loads the tables' estimates are read from (the deploy's plan rests on them),
 *               each built on one thread in a process of its own, beside its estimate.
 */
import { type Row, printTable } from '../core/benchmark';
import { registry } from '../puzzles/registered';
import type { Registry } from '../puzzles/registry';
import { commandOptions, unknownWord } from '../scripts/command-options';
import { warnUnlessShippedRuntime } from '../emulator/runtime';
import { benchInFreshProcess } from './harness';
import { estimates } from './estimates';
import { init } from './init';
import { fullLoad, load } from './load';
import { defaultTables } from './precompute';
import { query } from './query';
import { searchRuns } from './search-runs';
import { url } from './through-url';

type Benchmark = () => Row[] | Promise<Row[]>;
type OwnBenchmark = (registry: Registry) => Row[] | Promise<Row[]>;

/** The service's own parts of the named benchmarks, run after the puzzles' rows of the same name. */
const OWN: Record<string, OwnBenchmark> = { precompute: defaultTables, load, query, 'search-runs': searchRuns, init, 'full-load': fullLoad, url, estimates };
const ORDER = ['precompute', 'load', 'query', 'search', 'search-runs', 'init', 'full', 'full-load', 'url', 'estimates'];

/** Every named benchmark: the puzzles' rows of that name, in the registry's order, then the service's own. */
async function benchmarks(): Promise<Record<string, Benchmark>> {
  const puzzles = await registry.withBenchmarks();
  const names = [...new Set([...ORDER, ...Object.keys(OWN), ...puzzles.flatMap(({ benchmarks }) => Object.keys(benchmarks.rows))])];
  return Object.fromEntries(
    names.map((name) => [
      name,
      async () => {
        const rows: Row[] = [];
        for (const { benchmarks } of puzzles) if (Object.hasOwn(benchmarks.rows, name)) rows.push(...(await benchmarks.rows[name]()));
        if (Object.hasOwn(OWN, name)) rows.push(...(await OWN[name](registry)));
        return rows;
      },
    ]),
  );
}

warnUnlessShippedRuntime();
const BENCHMARKS = await benchmarks();
const USAGE = `usage: npm run bench [-- --only NAME] [--json]
  NAME: ${Object.keys(BENCHMARKS).join(', ')} (default: all of them, each in a process of its own)
  --json  the figures as JSON on stdout instead of tables`;
const values = commandOptions({ only: { type: 'string' }, json: { type: 'boolean', default: false } }, USAGE);
const names = values.only ? [values.only] : Object.keys(BENCHMARKS);
for (const name of names) {
  if (!Object.hasOwn(BENCHMARKS, name)) {
    console.error(`${unknownWord('benchmark', name, Object.keys(BENCHMARKS))}\n${USAGE}`);
    process.exit(2);
  }
}
const results: Record<string, Row[]> = {};
for (const name of names) {
  // Each benchmark of a whole run in a process of its own: a peak RSS or a JIT's state is then
  // that benchmark's, not what the ones before it left.
  results[name] = names.length > 1 ? benchInFreshProcess(name) : await BENCHMARKS[name]();
  if (!values.json) {
    printTable(results[name]);
    console.log();
  }
}
if (values.json) console.log(JSON.stringify({ node: process.version, results }, null, 2));

