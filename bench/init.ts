/**
 * init: the function's bundle as the stack builds it, started cold in fresh processes as Lambda's
 * runtime starts it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { createDynamoClient } from '../store/client';
import { loadTable } from '../store/loader';
import { startLocalDynamo } from '../store/local-dynamodb';
import { withBenchmarks } from '../puzzles/registry';
import { ensureTable } from '../store/table-admin';
import { buildFunctionBundle, startBundledFunction } from '../scripts/function-bundle';
import { functionUrlEvent } from '../scripts/function-url-event';
import { PROCESSES, type Row, medianOf, spreadOf } from '../core/benchmark';

/**
 * The bundle started cold, PROCESSES times: with the AWS SDK preloaded (to tell its share apart)
 * and without (require to first answer, as Lambda's init and first invocation run it).
 */
export async function init(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tablebase-bench-bundle-'));
  const local = await startLocalDynamo({ port: 0 });
  const client = createDynamoClient({ endpoint: local.endpoint });
  try {
    const bundle = await buildFunctionBundle(dir);
    const tableName = 'init-bench';
    await ensureTable(client, tableName);
    // The first puzzle that serves a table: loaded, and asked twice.
    const served = (await withBenchmarks()).flatMap(({ puzzle, benchmarks }) => (benchmarks.served ? [{ name: puzzle.name, ...benchmarks.served }] : []))[0];
    await loadTable(client, served.spec(), { tableName });
    const paths = served.paths();
    const event = (target: string) => functionUrlEvent({ method: 'GET', target, headers: { host: 'abc.lambda-url.us-east-1.on.aws' } });
    const coldStart = async (preload: string[]) => {
      const fn = await startBundledFunction(bundle, { environment: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: local.endpoint }, preload });
      try {
        const first = await fn.invoke(event(paths[paths.length - 1]));
        if (!String(first.result.body).includes('"source":"table"')) throw new Error(`the first answer did not come from the table: ${first.result.body}`);
        const second = await fn.invoke(event(paths[Math.floor(paths.length / 2)]));
        return { ...fn.init, firstMs: first.handlerMs, secondMs: second.handlerMs };
      } finally {
        await fn.close();
      }
    };
    const split = [];
    const whole = [];
    for (let run = 0; run < PROCESSES; run++) {
      split.push(await coldStart(['@aws-sdk/client-dynamodb']));
      whole.push(await coldStart([]));
    }
    const perimeters = Array.from({ length: PROCESSES }, () => {
      const code = "import { PUZZLES } from './puzzles/registry'; const t = performance.now(); for (const puzzle of PUZZLES) puzzle.solver.prepare?.(); console.log(performance.now() - t);";
      return Number(spawnSync(process.execPath, [...process.execArgv, '--input-type=module', '-e', code], { encoding: 'utf8' }).stdout);
    });
    const row = (input: string, values: number[]) => ({ benchmark: 'init', input, 'median ms': medianOf(values).toFixed(1), 'range ms': spreadOf(values, 1) });
    return [
      row(`Node's start, to the runtime's first line (${process.version})`, whole.map((run) => run.bootMs)),
      row('require of the bundle, to the handler (init)', whole.map((run) => run.initMs)),
      row('  of which the AWS SDK (@aws-sdk/client-dynamodb, preloaded in other processes)', split.map((run) => run.preloadMs)),
      row('  of which the rest of the bundle, the SDK already loaded', split.map((run) => run.initMs)),
      row('  of which readying the puzzles\' searches (each solver\'s prepare, timed alone)', perimeters),
      row(`first answer: a ${served.name} position from the table (manifest and page reads)`, whole.map((run) => run.firstMs)),
      row('second answer: another position from the table', whole.map((run) => run.secondMs)),
      row('require to first answer (init + first answer)', whole.map((run) => run.initMs + run.firstMs)),
      { benchmark: 'init', input: `the bundle: ${(bundle.bytes / 1024).toFixed(1)} KiB of minified code`, 'median ms': '', 'range ms': '' },
    ];
  } finally {
    client.destroy();
    await local.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

