/**
 * The 15-puzzle's rows of the init benchmark (`npm run bench -- --only init`): the function's
 * bundle started cold, as bench/init.ts starts it, with the `fifteen` table (the 6-6-3 pattern
 * databases, built here first, about 13 s) loaded in dynalite under a DynamoDB table of its own,
 * so that the service's own init rows stay as they were (no estimates to read there).
 *
 * The function starts reading the databases while it initialises and never waits for them; until
 * they are in use it searches by Manhattan distance with linear conflicts. Two kinds of cold start,
 * PROCESSES of each, alternating:
 *   at once    the 42-move SPEC sample asked as soon as init ends, then the first seeded random
 *              board, then /health (which waits for a read in progress): the first answers without
 *              the databases, and how long they delay them;
 *   in use     /health first, then the same two boards: the databases' time alone, and the same
 *              first answers with them.
 * A search runs on the function's one thread, so a question answered meanwhile holds up the read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROCESSES, type Row, medianOf, spreadOf } from '../../../core/benchmark';
import { samples } from '../../../core/seeded';
import { type BundledFunction, buildFunctionBundle, startBundledFunction } from '../../../scripts/function-bundle';
import { functionUrlEvent } from '../../../scripts/function-url-event';
import { createDynamoClient } from '../../../store/client';
import { loadTable } from '../../../store/loader';
import { startLocalDynamo } from '../../../store/local-dynamodb';
import { ensureTable } from '../../../store/table-admin';
import { FIFTEEN_TABLE, MANHATTAN } from '../estimates';
import { fifteenSpec } from '../offline/loads';
import { solvableBoardArbitrary } from '../seeded-inputs';

/** The SPEC's 42-move sample: Manhattan with conflicts answers it in milliseconds. */
const SAMPLE = '6,10,8,11,13,1,2,4,5,12,3,15,9,0,14,7';
/** The first of the seeded uniform random boards (fifteen-url's first too). */
const RANDOM = samples(solvableBoardArbitrary, 1)[0].join(',');

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
    /**
     * Asks /health (which waits for a read in progress) until it says the databases are in use:
     * their time since `since`, and how many answers before said DynamoDB could not be read.
     */
    const inUseAfter = async (fn: BundledFunction, since: number): Promise<{ ms: number; unreachable: number }> => {
      let unreachable = 0;
      for (;;) {
        const { result } = await fn.invoke(event('/health'));
        const health = JSON.parse(String(result.body)) as { message?: string; dynamodb: string; tables: Record<string, { state: string }> };
        if (health.tables[FIFTEEN_TABLE]?.state === 'loaded' && !(health.message ?? '').includes(`estimates of ${FIFTEEN_TABLE}`)) return { ms: performance.now() - since, unreachable };
        if (health.dynamodb !== 'unreachable') throw new Error(`the ${FIFTEEN_TABLE} databases are not in use: ${result.body}`);
        if (performance.now() - since > 60_000) throw new Error(`DynamoDB could not be read for a minute: ${result.body}`);
        unreachable++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const coldStart = async (kind: 'at once' | 'in use') => {
      const fn = await startBundledFunction(bundle, { environment: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: local.endpoint } });
      const ready = performance.now();
      try {
        if (kind === 'at once') {
          const sample = await ask(fn, SAMPLE);
          const random = await ask(fn, RANDOM);
          return { init: fn.init.initMs, sample, random, inUse: await inUseAfter(fn, ready) };
        }
        const inUse = await inUseAfter(fn, ready);
        return { init: fn.init.initMs, inUse, sample: await ask(fn, SAMPLE), random: await ask(fn, RANDOM) };
      } finally {
        await fn.close();
      }
    };
    const atOnce = [];
    const inUseFirst = [];
    for (let run = 0; run < PROCESSES; run++) {
      atOnce.push(await coldStart('at once'));
      inUseFirst.push(await coldStart('in use'));
    }
    /** What /health said before the databases were in use, when it said DynamoDB could not be read. */
    const unreachable = (runs: { inUse: { unreachable: number } }[]) => {
      const times = runs.filter((run) => run.inUse.unreachable > 0).length;
      return times === 0 ? '' : `; in ${times} of ${runs.length} processes /health said first that DynamoDB could not be read (a table read timed out)`;
    };

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
    return [
      row(`fifteen cold starts, the ${FIFTEEN_TABLE} table loaded (11.5 MB): require of the bundle, to the handler (init)`, [...atOnce, ...inUseFirst].map((run) => run.init)),
      row(`  fifteen databases in use, from the end of init (/health asked at once, waiting for the read${unreachable(inUseFirst)})`, inUseFirst.map((run) => run.inUse.ms)),
      row(`  first answer asked at once: the SPEC's 42-move sample (${told(atOnce.map((run) => run.sample))})`, atOnce.map((run) => run.sample.ms)),
      row(`  then the first seeded random board (${told(atOnce.map((run) => run.random))})`, atOnce.map((run) => run.random.ms)),
      row(`  fifteen databases in use, from the end of init, after those two answers${unreachable(atOnce)}`, atOnce.map((run) => run.inUse.ms)),
      row(`  first answer once the databases are in use: the same 42-move sample (${told(inUseFirst.map((run) => run.sample))})`, inUseFirst.map((run) => run.sample.ms)),
      row(`  then the same random board (${told(inUseFirst.map((run) => run.random))})`, inUseFirst.map((run) => run.random.ms)),
    ];
  } finally {
    client.destroy();
    await local.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
