/**
 * The 15-puzzle's rows of the init benchmark (`npm run bench -- --only init`): the function's
 * bundle started cold, as bench/init.ts starts it, PROCESSES times each of two ways, alternating:
 *   package   as the stack builds it: the 6-6-3 pattern databases in its tables/ folder, read
 *             from its disk, synchronously, at the first 15-puzzle question;
 *   table     the same bundle without that folder: the databases read from the `fifteen` table
 *             in dynalite (2,857 pages, built and loaded here first), started at init and never
 *             waited for; until they are in use the search estimates by Manhattan distance.
 * Each is asked at once the SPEC's 58-move board, then the first seeded random board, then the
 * SPEC's 42-move board, each answer's time and estimate told.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { PROCESSES, type Row, medianOf, spreadOf } from '../../../core/benchmark';
import { samples } from '../../../core/seeded';
import { type BundledFunction, type FunctionBundle, buildFunctionBundle, startBundledFunction } from '../../../scripts/function-bundle';
import { PACKAGED_TABLES_FOLDER } from '../../../store/array-file';
import { functionUrlEvent } from '../../../scripts/function-url-event';
import { createDynamoClient } from '../../../store/client';
import { loadTable } from '../../../store/loader';
import { startLocalDynamo } from '../../../store/local-dynamodb';
import { ensureTable } from '../../../store/table-admin';
import { FIFTEEN_TABLE, MANHATTAN } from '../estimates';
import { fifteenSpec } from '../offline/loads';
import { fifteenBoardArbitrary } from '../seeded-inputs';

/** The SPEC's 42-move sample: Manhattan with conflicts answers it in milliseconds. */
const SAMPLE = '6,10,8,11,13,1,2,4,5,12,3,15,9,0,14,7';
/** The SPEC's 58-move board: beyond Manhattan's reach within a request. */
const FAR = '15,5,13,12,6,4,1,0,7,10,3,9,11,8,2,14';
/** The first of the seeded uniform random boards (fifteen-url's first too). */
const RANDOM = samples(fifteenBoardArbitrary, 1)[0].join(',');

interface Asked {
  readonly status: number;
  readonly ms: number;
  readonly heuristic: string | undefined;
  readonly steps: number | undefined;
}

export async function fifteenColdStart(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tablebase-bench-bundle-'));
  const local = await startLocalDynamo({ port: 0 });
  const client = createDynamoClient({ endpoint: local.endpoint });
  try {
    const bundle = await buildFunctionBundle(dir);
    const tableName = 'init-bench-fifteen';
    await ensureTable(client, tableName);
    await loadTable(client, fifteenSpec(), { tableName });
    const event = (target: string) => functionUrlEvent({ method: 'GET', target, headers: { host: 'abc.lambda-url.us-east-1.on.aws' } });
    const ask = async (fn: BundledFunction, board: string): Promise<Asked> => {
      const { result, handlerMs } = await fn.invoke(event(`/fifteen?board=${board}`));
      const body = JSON.parse(String(result.body)) as { heuristic?: string; steps?: number };
      return { status: result.statusCode ?? 0, ms: handlerMs, heuristic: body.heuristic, steps: body.steps };
    };
    // The same bundle without its tables folder: the databases are read from DynamoDB, started at init.
    const tableDir = mkdtempSync(join(tmpdir(), 'tablebase-bench-bundle-table-'));
    cpSync(dirname(bundle.file), tableDir, { recursive: true });
    rmSync(join(tableDir, PACKAGED_TABLES_FOLDER), { recursive: true, force: true });
    const fromTable = { ...bundle, file: join(tableDir, basename(bundle.file)) };
    const coldStart = async (which: FunctionBundle) => {
      const fn = await startBundledFunction(which, { environment: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: local.endpoint } });
      try {
        const run = { init: fn.init.initMs, far: await ask(fn, FAR), random: await ask(fn, RANDOM), sample: await ask(fn, SAMPLE) };
        // /health waits for a read of the databases still going (dynalite must not close under it)
        await fn.invoke(event('/health'));
        return run;
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

    const row = (input: string, values: number[]): Row => ({ benchmark: 'init', input, 'median ms': medianOf(values).toFixed(1), 'range ms': spreadOf(values, 1) });
    /** The answers told in a clause: how many of each status and estimate, and their lengths. */
    const told = (answers: Asked[]) => {
      const counts = new Map<string, number>();
      for (const { status, heuristic } of answers) {
        const key = status === 200 ? `200 by ${heuristic === MANHATTAN ? 'Manhattan' : heuristic}` : String(status);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const steps = [...new Set(answers.flatMap((answer) => (answer.status === 200 ? [answer.steps] : [])))];
      return `${[...counts].map(([key, count]) => `${count} ${key}`).join(', ')}${steps.length > 0 ? `; ${steps.join(', ')} moves` : ''}`;
    };
    const rows = (label: string, runs: Run[]) => [
      row(`fifteen cold starts, ${label}: require of the bundle, to the handler (init)`, runs.map((run) => run.init)),
      row(`  first question at once: the SPEC's 58-move board (${told(runs.map((run) => run.far))})`, runs.map((run) => run.far.ms)),
      row(`  then the first seeded random board (${told(runs.map((run) => run.random))})`, runs.map((run) => run.random.ms)),
      row(`  then the SPEC's 42-move board (${told(runs.map((run) => run.sample))})`, runs.map((run) => run.sample.ms)),
    ];
    return [...rows('the databases in the package (read from its disk at the first question)', packaged), ...rows(`the databases read from the ${FIFTEEN_TABLE} table in DynamoDB (11.5 MB, started at init)`, read)];
  } finally {
    client.destroy();
    await local.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
