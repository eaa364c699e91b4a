/**
 * init: the function's bundle as the stack builds it, started cold in fresh processes as Lambda's
 * runtime starts it. First the puzzle that serves a table (its first answers from it); then each
 * puzzle whose search reads estimate tables, PROCESSES times each of two ways, alternating:
 *   package   as the stack builds it: the tables in its tables/ folder, read from its disk,
 *             synchronously, at the puzzle's first question;
 *   table     the same bundle without that folder: the tables read from DynamoDB (built and loaded
 *             here first), started at init and never waited for; until they are in use the search
 *             goes by its weaker estimate.
 * Each container is asked the puzzle's questions at once, each answer's time and estimate told.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { EstimatesColdStart } from '../puzzles/roles/benchmarks';
import { PACKAGED_TABLES_FOLDER } from '../store/array-file';
import type { BundledFunction, FunctionBundle } from '../emulator/function-bundle';
import { createDynamoClient } from '../store/client';
import { loadTable } from '../store/loader';
import { startLocalDynamo } from '../store/local-dynamodb';
import type { Registry } from '../puzzles/registry';
import { ensureTable } from '../store/table-admin';
import { buildFunctionBundle, startBundledFunction } from '../emulator/function-bundle';
import { functionUrlEvent } from '../emulator/function-url-event';
import { PROCESSES, type Row, medianOf, spreadOf } from '../core/benchmark';

/**
 * The bundle started cold, PROCESSES times, as Lambda's init and first invocations run it: require
 * to the handler, the first answer from a table, a second, then a first search (whatever a search
 * readies on its first use, such as a perimeter around a goal, it readies then).
 */
export async function init(registry: Registry): Promise<Row[]> {
  const rows = await servedColdStarts(registry);
  for (const { puzzle, benchmarks } of await registry.withBenchmarks()) if (benchmarks.estimatesColdStart) rows.push(...(await estimatesColdStarts(registry, puzzle.name, benchmarks.estimatesColdStart)));
  return rows;
}

const event = (target: string) => functionUrlEvent({ method: 'GET', target, headers: { host: 'abc.lambda-url.us-east-1.on.aws' } });
const row = (input: string, values: number[]): Row => ({ benchmark: 'init', input, 'median ms': medianOf(values).toFixed(1), 'range ms': spreadOf(values, 1) });

/** The puzzle that serves a table: its first answers from it, and a first search. */
async function servedColdStarts(registry: Registry): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tablebase-bench-bundle-'));
  const local = await startLocalDynamo({ port: 0 });
  const client = createDynamoClient({ endpoint: local.endpoint });
  try {
    const bundle = await buildFunctionBundle(registry, dir);
    const tableName = 'init-bench';
    await ensureTable(client, tableName);
    // The first puzzle that serves a table: loaded, asked twice, then asked what only its search answers.
    const served = (await registry.withBenchmarks()).flatMap(({ puzzle, benchmarks }) => (benchmarks.served ? [{ name: puzzle.name, ...benchmarks.served, searched: benchmarks.searchedPaths?.() ?? [] }] : []))[0];
    await loadTable(client, served.spec(), { tableName });
    const paths = served.paths();
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

interface Asked {
  readonly status: number;
  readonly ms: number;
  readonly heuristic: string | undefined;
  readonly steps: number | undefined;
}

/** A puzzle whose search reads estimate tables: its cold starts with them in the package, and read from DynamoDB. */
async function estimatesColdStarts(registry: Registry, name: string, cold: EstimatesColdStart): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tablebase-bench-bundle-'));
  const local = await startLocalDynamo({ port: 0 });
  const client = createDynamoClient({ endpoint: local.endpoint });
  try {
    const bundle = await buildFunctionBundle(registry, dir);
    const tableName = 'init-bench-estimates';
    await ensureTable(client, tableName);
    await loadTable(client, cold.spec(), { tableName });
    const ask = async (fn: BundledFunction, target: string): Promise<Asked> => {
      const { result, handlerMs } = await fn.invoke(event(target));
      const body = JSON.parse(String(result.body)) as { heuristic?: string; steps?: number };
      return { status: result.statusCode ?? 0, ms: handlerMs, heuristic: body.heuristic, steps: body.steps };
    };
    // The same bundle without its tables folder: the tables are read from DynamoDB, started at init.
    const tableDir = mkdtempSync(join(tmpdir(), 'tablebase-bench-bundle-table-'));
    cpSync(dirname(bundle.file), tableDir, { recursive: true });
    rmSync(join(tableDir, PACKAGED_TABLES_FOLDER), { recursive: true, force: true });
    const fromTable = { ...bundle, file: join(tableDir, basename(bundle.file)) };
    const coldStart = async (which: FunctionBundle) => {
      const fn = await startBundledFunction(which, { environment: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: local.endpoint } });
      try {
        const init = fn.init.initMs;
        const answers: Asked[] = [];
        for (const { target } of cold.questions) answers.push(await ask(fn, target));
        // /health waits for a read of the tables still going (dynalite must not close under it)
        await fn.invoke(event('/health'));
        return { init, answers };
      } finally {
        await fn.close();
      }
    };
    type Run = Awaited<ReturnType<typeof coldStart>>;
    const packaged: Run[] = [];
    const read: Run[] = [];
    try {
      for (let run = 0; run < PROCESSES; run++) {
        packaged.push(await coldStart(bundle));
        read.push(await coldStart(fromTable));
      }
    } finally {
      rmSync(tableDir, { recursive: true, force: true });
    }

    /** The answers told in a clause: how many of each status and estimate, and their lengths. */
    const told = (answers: Asked[]) => {
      const counts = new Map<string, number>();
      for (const { status, heuristic } of answers) {
        const key = status === 200 ? `200 by ${heuristic === cold.weakEstimate.heuristic ? cold.weakEstimate.name : heuristic}` : String(status);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const steps = [...new Set(answers.flatMap((answer) => (answer.status === 200 ? [answer.steps] : [])))];
      return `${[...counts].map(([key, count]) => `${count} ${key}`).join(', ')}${steps.length > 0 ? `; ${steps.join(', ')} moves` : ''}`;
    };
    const rows = (label: string, runs: Run[]) => [
      row(`${name} cold starts, ${label}: require of the bundle, to the handler (init)`, runs.map((run) => run.init)),
      ...cold.questions.map(({ described }, i) =>
        row(`  ${i === 0 ? 'first question at once' : 'then'}: ${described} (${told(runs.map((run) => run.answers[i]))})`, runs.map((run) => run.answers[i].ms)),
      ),
    ];
    return [...rows('the estimate tables in the package (read from its disk at the first question)', packaged), ...rows(`the estimate tables read from ${cold.tableText}, started at init`, read)];
  } finally {
    client.destroy();
    await local.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
