/**
 * Benchmarks: `npm run bench [-- --only NAME] [--json]` (one file each beside this one). Each benchmark states its inputs and
 * prints its figures; nothing here is asserted by tests. A whole run gives each benchmark a fresh
 * process of its own.
 *
 *   precompute  BFS, lines and pages of the default tables (knights standard to depth 15, the 9
 *               eight goals), and the whole knights space's BFS.
 *   load        the default tables' 3,673 pages into a local dynalite on disk: the loader
 *               (checksum, checkpoints, retries, verification) against a bare BatchWriteItem loop
 *               writing the same pages with the same concurrency, to the same server, in the same run.
 *   full        the whole knights space (67,603,900 positions): every line, mask and page, with peak
 *               memory; then the BFS against a reference BFS in C over the same encoding
 *               (bench/knights-bfs.c, built with the system cc; skipped with a note when there is
 *               none), three runs of each, interleaved, the fastest of each compared.
 *   full-load   the whole knights space's 98,981 pages, like load: the loader against a bare loop
 *               (about 5 minutes, 2 GB of memory, 1 GB of disk).
 *   query       the local URL (npm start's server, in its own process, with knights loaded to depth
 *               10) under autocannon on loopback, 16 connections, 10 s each: table hits (every
 *               request a different stored board), cached hits (the same board again), search
 *               fallbacks (eight pairs, no eight table) — against a bare GetItem loop with 16 in
 *               flight on the same DynamoDB server.
 *   search      IDA* per query over fixed seeded sets of 1,000 inputs per puzzle, and the hardest
 *               cases (eight: the 31-move pairs; knights: 15-move boards); each set is run once
 *               untimed first, as a warm function would have. The eight sets also against a
 *               reference IDA* in C with the same estimate and move order (bench/eight-ida.c).
 *   search-runs the search benchmark's two comparisons with C, in five fresh processes: the spread
 *               of the ratios from one process to the next.
 *   init        the function's bundle as the stack builds it, started cold in five fresh processes
 *               as Lambda's runtime starts it: Node's start, the AWS SDK's load, the rest of the
 *               bundle's load, the first answer from a table; and the search perimeters alone.
 */
import { parseArgs } from 'node:util';
import { warnUnlessShippedRuntime } from '../scripts/runtime';
import { full } from './full';
import { type Row, benchInFreshProcess, printTable } from './harness';
import { init } from './init';
import { fullLoad, load } from './load';
import { precompute } from './precompute';
import { query } from './query';
import { search, searchRuns } from './search';

const BENCHMARKS: Record<string, () => Row[] | Promise<Row[]>> = { precompute, load, query, search, 'search-runs': searchRuns, init, full, 'full-load': fullLoad };

warnUnlessShippedRuntime();
const { values } = parseArgs({ options: { only: { type: 'string' }, json: { type: 'boolean', default: false } }, strict: true });
const names = values.only ? [values.only] : Object.keys(BENCHMARKS);
for (const name of names) {
  if (!Object.hasOwn(BENCHMARKS, name)) {
    console.error(`There is no benchmark "${name}": use ${Object.keys(BENCHMARKS).join(', ')}.`);
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

