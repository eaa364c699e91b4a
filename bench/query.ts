/**
 * query: the local URL (npm start's server, in its own process, with each puzzle's served table
 * loaded) under autocannon on loopback, 16 connections, 10 s each: table hits, cached hits, search
 * fallbacks; then the service's own cost per request: a warm mix of the questions the tests ask,
 * 32 connections. All against a bare GetItem loop with 16 in flight on the same DynamoDB server.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { type DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import autocannon from 'autocannon';
import type { Row } from '../core/benchmark';
import { seededRandom } from '../core/seeded';
import type { Puzzle } from '../puzzles/puzzle';
import type { Registry } from '../puzzles/registry';
import { createDynamoClient } from '../store/client';
import { loadTable } from '../store/loader';
import { generationKey } from '../store/generations';
import { startLocalDynamo } from '../store/local-dynamodb';
import { ensureTable } from '../store/table-admin';

const QUERY_CONNECTIONS = 16;
const QUERY_SECONDS = 10;
/** The mix's connections: twice the other rows', as many as a busy instance's callers. */
const MIX_CONNECTIONS = 32;
/** Of each kind of question, the mix asks at most this many different ones. */
const MIX_EACH = 1500;
/** Linux counts a process's time in clock ticks of 1/100 s. */
const CLOCK_TICKS = 100;

/** autocannon against one URL pattern; `pathAt(i)` gives the i-th request's path. */
async function hammer(url: string, pathAt: (i: number) => string, options: { connections?: number; amount?: number } = {}): Promise<Row> {
  let i = 0;
  const result = await autocannon({
    url,
    connections: options.connections ?? QUERY_CONNECTIONS,
    ...(options.amount === undefined ? { duration: QUERY_SECONDS } : { amount: options.amount }),
    requests: [{ setupRequest: (request) => ({ ...request, path: pathAt(i++) }) }],
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  return {
    'requests/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    ...(failures > 0 ? { failures } : {}),
  };
}

/** The baseline: GetItem calls on the same server, as many in flight as autocannon's connections. */
async function bareGetItems(client: DynamoDBClient, tableName: string, keys: string[]): Promise<Row> {
  const latencies: number[] = [];
  const end = performance.now() + QUERY_SECONDS * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: QUERY_CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const key = keys[next++ % keys.length];
        const start = performance.now();
        const { Item } = await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: key } } }));
        latencies.push(performance.now() - start);
        // a key with no item reads nothing, faster than a page: the baseline would flatter itself
        if (Item === undefined) throw new Error(`the baseline read ${key}, which holds no item`);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    'requests/s': Math.round(latencies.length / QUERY_SECONDS),
    'p50 ms': latencies[Math.floor(latencies.length / 2)].toFixed(1),
    'p99 ms': latencies[Math.floor(latencies.length * 0.99)].toFixed(1),
    requests: latencies.length,
  };
}

/** The processor time a process has used, in milliseconds (user and system), where Linux's /proc tells it. */
function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** A GET of one of a puzzle's samples (the SPEC's questions, as the API's description shows them). */
function samplePaths(puzzle: Puzzle): string[] {
  return puzzle.http.description.samples.map((sample) => `/${puzzle.name}?${new URLSearchParams(Object.entries(sample.query).map(([name, value]) => [name, String(value)]))}`);
}

/**
 * The questions the tests ask, of the puzzles this benchmark serves: their samples, positions of
 * their served tables, and seeded questions their search answers (at most MIX_EACH of each kind),
 * in a seeded order that mixes the kinds.
 */
function questionMix(puzzles: readonly { puzzle: Puzzle; served: string[]; searched: string[] }[]): string[] {
  const spread = (paths: string[]) => Array.from({ length: Math.min(MIX_EACH, paths.length) }, (_, i) => paths[Math.floor((i * paths.length) / Math.min(MIX_EACH, paths.length))]);
  const mix = puzzles.flatMap(({ puzzle, served, searched }) => [...samplePaths(puzzle), ...spread(served), ...spread(searched)]);
  const random = seededRandom();
  for (let i = mix.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [mix[i], mix[j]] = [mix[j], mix[i]];
  }
  return mix;
}

/** npm start's options that serve every served table and load nothing more: their --tables joined, and the rest. */
function startOptions(served: readonly (readonly string[])[]): string[] {
  const tables: string[] = [];
  const rest: string[] = [];
  for (const options of served) {
    for (let i = 0; i < options.length; i++) {
      if (options[i] === '--tables') tables.push(options[++i]);
      else rest.push(options[i]);
    }
  }
  return [...(tables.length > 0 ? ['--tables', tables.join(',')] : []), ...rest];
}

export async function query(registry: Registry): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tablebase-bench-'));
  const local = await startLocalDynamo({ path: dir, childProcess: true });
  const client = createDynamoClient({ endpoint: local.endpoint, maxSockets: QUERY_CONNECTIONS + 8 });
  const puzzles = await registry.withBenchmarks();
  const served = puzzles.flatMap(({ puzzle, benchmarks }) => (benchmarks.served ? [{ name: puzzle.name, ...benchmarks.served }] : []));
  const searched = puzzles.flatMap(({ puzzle, benchmarks }) => (benchmarks.searchedPaths && !benchmarks.served ? [{ name: puzzle.name, paths: benchmarks.searchedPaths() }] : []));
  const asked = puzzles.flatMap(({ puzzle, benchmarks }) =>
    benchmarks.served || benchmarks.searchedPaths ? [{ puzzle, served: benchmarks.served?.paths() ?? [], searched: benchmarks.searchedPaths?.() ?? [] }] : [],
  );
  let server: ReturnType<typeof spawn> | undefined;
  try {
    await ensureTable(client, 'tablebase');
    const pageKeys: string[] = [];
    for (const table of served) {
      const spec = table.spec();
      const { manifest } = await loadTable(client, spec, { tableName: 'tablebase' });
      // the pages' keys as stored: under the generation the manifest names
      pageKeys.push(...(await spec.build()).pages.map((page) => generationKey(manifest.generation, page.key)));
    }

    // The service exactly as `npm start` runs it, in a process of its own.
    server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--endpoint', local.endpoint, ...startOptions(served.map((table) => table.startOptions))], {
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      const read = (chunk: Buffer) => {
        output += chunk;
        const match = /answering on (http:\/\/\S+)/.exec(output);
        if (!match) return;
        // From here on only request log lines follow: let them drain unread.
        server!.stdout!.off('data', read);
        server!.stdout!.resume();
        resolve(match[1]);
      };
      server!.stdout!.on('data', read);
      server!.on('exit', () => reject(new Error(`the service stopped before answering:\n${output}`)));
    });

    const bare = await bareGetItems(client, 'tablebase', pageKeys);
    const ratio = (row: Row) => (Number(row['requests/s']) / Number(bare['requests/s'])).toFixed(2);
    const rows: Row[] = [{ benchmark: 'query', input: `bare GetItem loop, ${QUERY_CONNECTIONS} in flight (baseline)`, ...bare, 'vs baseline': '1.00' }];
    for (const table of served) {
      const paths = table.paths();
      const hits = await hammer(url, (i) => paths[(i * 7919) % paths.length]);
      const cached = await hammer(url, () => paths[paths.length - 1]);
      rows.push({ benchmark: 'query', input: `GET /${table.name}, table hits (each position once)`, ...hits, 'vs baseline': ratio(hits) });
      rows.push({ benchmark: 'query', input: `GET /${table.name}, cached hits (one position)`, ...cached, 'vs baseline': ratio(cached) });
    }
    for (const { name, paths } of searched) {
      const fallbacks = await hammer(url, (i) => paths[i % paths.length]);
      rows.push({ benchmark: 'query', input: `GET /${name}, search fallbacks (random questions, no ${name} table)`, ...fallbacks, 'vs baseline': ratio(fallbacks) });
    }
    // Every question of the mix asked once first, so that the run measures the service's own cost
    // per request (the URL, routing, checking, the answer cache, the log line, the metrics), not its searches.
    const mix = questionMix(asked);
    await hammer(url, (i) => mix[i % mix.length], { connections: MIX_CONNECTIONS, amount: mix.length });
    const cpuBefore = cpuMsOf(server.pid);
    const warm = await hammer(url, (i) => mix[i % mix.length], { connections: MIX_CONNECTIONS });
    const cpuAfter = cpuMsOf(server.pid);
    // The service's processor time per request: what a busy machine's share of the processors leaves out of requests/s.
    const cpu: Row = cpuBefore === undefined || cpuAfter === undefined ? {} : { 'service µs/request': Math.round(((cpuAfter - cpuBefore) * 1000) / Number(warm.requests)) };
    const kinds = asked.map(({ puzzle }) => `/${puzzle.name}`).join(' and ');
    rows.push({ benchmark: 'query', input: `GET ${kinds}, a warm mix of ${mix.length} questions (samples, table positions, searched ones), ${MIX_CONNECTIONS} connections`, ...warm, 'vs baseline': ratio(warm), ...cpu });
    return rows;
  } finally {
    server?.kill('SIGTERM');
    client.destroy();
    await local.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
