/**
 * init: the function's bundle as the stack builds it, started cold in fresh processes as Lambda's
 * runtime starts it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDynamoClient } from '../store/client';
import { loadTable } from '../store/loader';
import { startLocalDynamo } from '../store/local-dynamodb';
import { withBenchmarks } from '../puzzles/registry';
import { ensureTable } from '../store/table-admin';
import { buildFunctionBundle, startBundledFunction } from '../scripts/function-bundle';
import { functionUrlEvent } from '../scripts/function-url-event';
import { PROCESSES, type Row, medianOf, spreadOf } from '../core/benchmark';

/**
 * The bundle started cold, PROCESSES times, as Lambda's init and first invocations run it: require
 * to the handler, the first answer from a table, a second, then a first search (whatever a search
 * readies on its first use, such as a perimeter around a goal, it readies then).
 */
export async function init(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tablebase-bench-bundle-'));
  const local = await startLocalDynamo({ port: 0 });
  const client = createDynamoClient({ endpoint: local.endpoint });
  try {
    const bundle = await buildFunctionBundle(dir);
    const tableName = 'init-bench';
    await ensureTable(client, tableName);
    // The first puzzle that serves a table: loaded, asked twice, then asked what only its search answers.
    const served = (await withBenchmarks()).flatMap(({ puzzle, benchmarks }) => (benchmarks.served ? [{ name: puzzle.name, ...benchmarks.served, searched: benchmarks.searchedPaths?.() ?? [] }] : []))[0];
    await loadTable(client, served.spec(), { tableName });
    const paths = served.paths();
    const event = (target: string) => functionUrlEvent({ method: 'GET', target, headers: { host: 'abc.lambda-url.us-east-1.on.aws' } });
    const coldStart = async () => {
      // The first event waits for the function as on Lambda: it is answered as soon as the init ends.
      const fn = await startBundledFunction(bundle, { environment: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: local.endpoint }, firstEvent: event(paths[paths.length - 1]) });
      try {
        const first = await fn.first!;
        if (!String(first.result.body).includes('"source":"table"')) throw new Error(`the first answer did not come from the table: ${first.result.body}`);
        const second = await fn.invoke(event(paths[Math.floor(paths.length / 2)]));
        const search = served.searched.length > 0 ? await fn.invoke(event(served.searched[0])) : undefined;
        if (search && !String(search.result.body).includes('"source":"search"')) throw new Error(`the first search was not a search: ${search.result.body}`);
        return { ...fn.init, firstMs: first.handlerMs, firstSinceInitMs: first.sinceInitMs, firstCpuMs: first.cpuMs, secondMs: second.handlerMs, searchMs: search?.handlerMs };
      } finally {
        await fn.close();
      }
    };
    const runs = [];
    for (let run = 0; run < PROCESSES; run++) runs.push(await coldStart());
    const row = (input: string, values: number[]) => ({ benchmark: 'init', input, 'median ms': medianOf(values).toFixed(1), 'range ms': spreadOf(values, 1) });
    const searches = runs.flatMap((run) => (run.searchMs === undefined ? [] : [run.searchMs]));
    return [
      row(`Node's start, to the runtime's first line (${process.version})`, runs.map((run) => run.bootMs)),
      row('require of the bundle, to the handler (init; the AWS SDK is in the bundle)', runs.map((run) => run.initMs)),
      row(`first answer: a ${served.name} position from the table (manifest and page reads)`, runs.map((run) => run.firstMs)),
      row('second answer: another position from the table', runs.map((run) => run.secondMs)),
      row('require to first answer (init + first answer)', runs.map((run) => run.initMs + run.firstMs)),
      row('  the same on the function\'s clock: from require to the answer (the init\'s reads finishing meanwhile included)', runs.map((run) => run.firstSinceInitMs)),
      row('  processor time of the function\'s process, from its start to the first answer (Node\'s start included; others\' turns not)', runs.map((run) => run.firstCpuMs)),
      ...(searches.length > 0 ? [row(`then a first search: a ${served.name} question past the table (what the search readies on first use included)`, searches)] : []),
      { benchmark: 'init', input: `the bundle: ${(bundle.bytes / 1024).toFixed(1)} KiB of minified code`, 'median ms': '', 'range ms': '' },
    ];
  } finally {
    client.destroy();
    await local.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
