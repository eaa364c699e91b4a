/**
 * query: the local URL (npm start's server, in its own process, with knights loaded to depth 10)
 * under autocannon on loopback, 16 connections, 10 s each: table hits, cached hits, search
 * fallbacks, against a bare GetItem loop with 16 in flight on the same DynamoDB server.
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { type DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import autocannon from 'autocannon';
import { formatEightBoard, isReachable } from '../puzzles/eight/rules/board';
import { formatKnightsBoard } from '../puzzles/knights/rules/board';
import { resolveKnightsGoal } from '../puzzles/knights/rules/goals';
import { decodeKnights } from '../puzzles/knights/rules/space';
import { buildKnightsTable } from '../puzzles/knights/rules/table';
import { createDynamoClient } from '../store/client';
import { loadTable } from '../store/loader';
import { startLocalDynamo } from '../store/local-dynamodb';
import { knightsSpec } from '../puzzles/knights/offline/loads';
import { ensureTable } from '../store/table-admin';
import { eightBoardArbitrary } from '../puzzles/eight/seeded-inputs';
import { samples } from '../core/seeded';
import { type Row } from './harness';

const QUERY_CONNECTIONS = 16;
const QUERY_SECONDS = 10;

/** autocannon against one URL pattern; `pathAt(i)` gives the i-th request's path. */
async function hammer(url: string, pathAt: (i: number) => string): Promise<Row> {
  let i = 0;
  const result = await autocannon({
    url,
    connections: QUERY_CONNECTIONS,
    duration: QUERY_SECONDS,
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
        await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: key } } }));
        latencies.push(performance.now() - start);
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

export async function query(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tablebase-bench-'));
  const local = await startLocalDynamo({ path: dir, childProcess: true });
  const client = createDynamoClient({ endpoint: local.endpoint, maxSockets: QUERY_CONNECTIONS + 8 });
  const spec = knightsSpec('standard', 10);
  let server: ReturnType<typeof spawn> | undefined;
  try {
    await ensureTable(client, 'tablebase');
    await loadTable(client, spec, { tableName: 'tablebase' });
    const contents = spec.build();
    const pageKeys = contents.pages.map((page) => page.key);
    const boards = Array.from(buildKnightsTable(resolveKnightsGoal('standard'), 10).bfs.order, (code) => formatKnightsBoard(decodeKnights(code)));
    const pairs = samples(fc.tuple(eightBoardArbitrary, eightBoardArbitrary), 40_000)
      .filter(([a, b]) => isReachable(a, b))
      .map(([a, b]) => `/eight?from=${formatEightBoard(a)}&to=${formatEightBoard(b)}`);

    // The service exactly as `npm start` runs it, in a process of its own.
    server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--endpoint', local.endpoint, '--goals', 'standard', '--knights-depth', '10'], {
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
    const hits = await hammer(url, (i) => `/knights?board=${boards[(i * 7919) % boards.length]}`);
    const cached = await hammer(url, () => `/knights?board=${boards[boards.length - 1]}`);
    const searched = await hammer(url, (i) => pairs[i % pairs.length]);
    const ratio = (row: Row) => (Number(row['requests/s']) / Number(bare['requests/s'])).toFixed(2);
    return [
      { benchmark: 'query', input: `bare GetItem loop, ${QUERY_CONNECTIONS} in flight (baseline)`, ...bare, 'vs baseline': '1.00' },
      { benchmark: 'query', input: 'GET /knights, table hits (each board once)', ...hits, 'vs baseline': ratio(hits) },
      { benchmark: 'query', input: 'GET /knights, cached hits (one board)', ...cached, 'vs baseline': ratio(cached) },
      { benchmark: 'query', input: 'GET /eight, search fallbacks (random pairs, no eight table)', ...searched, 'vs baseline': ratio(searched) },
    ];
  } finally {
    server?.kill('SIGTERM');
    client.destroy();
    await local.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
