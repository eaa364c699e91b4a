/**
 * Benchmarks: `npm run bench [-- --only NAME] [--json]`. Each benchmark states its inputs and
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
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BatchWriteItemCommand, type DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import autocannon from 'autocannon';
import { type EightBoard, formatEightBoard, isReachable } from '../core/eight/board';
import { CANONICAL_GOALS } from '../core/eight/canonical';
import { searchEight } from '../core/eight/search';
import { decodeEight } from '../core/eight/space';
import { EightTables, buildEightTable } from '../core/eight/table';
import { formatKnightsBoard } from '../core/knights/board';
import { resolveKnightsGoal } from '../core/knights/goals';
import { searchKnights } from '../core/knights/search';
import { decodeKnights } from '../core/knights/space';
import { buildKnightsTable } from '../core/knights/table';
import { BATCH_SIZE } from '../store/batch-writer';
import { createDynamoClient } from '../store/client';
import { DEFAULT_CONCURRENCY, loadTable } from '../store/loader';
import { startLocalDynamo } from '../store/local-dynamodb';
import { KNIGHTS_DEFAULT_DEPTH, KNIGHTS_MAX_DEPTH, type TablePages, type TableSpec, eightSpec, knightsSpec } from '../store/table-pages';
import { ensureTable } from '../store/table-admin';
import { type DynamoItem, itemBytes, pageItem, writeUnitsOf } from '../store/table-schema';
import { eightBoardArbitrary, knightsBoardArbitrary, knightsWalkArbitrary, samples } from './seeded-inputs';
import { buildFunctionBundle, startBundledFunction } from './function-bundle';
import { functionUrlEvent } from './function-url-event';
import { warnUnlessShippedRuntime } from './runtime';

type Row = Record<string, string | number>;
/** Trials of each side in a comparison with a C reference, interleaved; the fastest of each counts (the machine is shared). */
const TRIALS = 10;
/**
 * Runs of each whole-space BFS (10-15 s each): on this shared machine single runs of the same
 * BFS moved by half within an hour, and the fastest of five is a steadier measure than of three.
 */
const BFS_TRIALS = 5;
const BENCHMARKS: Record<string, () => Row[] | Promise<Row[]>> = { precompute, load, query, search, 'search-runs': searchRuns, init, full, 'full-load': fullLoad };
/** Fresh processes for the benchmarks that measure how a process starts, or how it differs from the next. */
const PROCESSES = 5;

interface BfsRun {
  seconds: number;
  positions: number;
  levels: number[];
}

/** The whole-space BFS in TypeScript, in a fresh process as the C reference runs (scripts/bench-bfs.ts). */
function typescriptBfs(): BfsRun {
  const script = fileURLToPath(new URL('./bench-bfs.ts', import.meta.url));
  const run = spawnSync(process.execPath, [...process.execArgv, script], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (run.status !== 0) throw new Error(`the TypeScript BFS failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/**
 * The whole knights space: first every line, mask and page (in a fresh process, so that the peak
 * RSS is the build's own), then the BFS in C and in TypeScript, interleaved.
 */
function full(): Row[] {
  return [wholeSpacePages(), ...wholeSpaceBfs()];
}

function wholeSpacePages(): Row {
  const pages = timed(() => knightsSpec('standard', KNIGHTS_MAX_DEPTH).build());
  const buildPeak = peakMiB();
  let bytes = 0;
  let writeUnits = 0;
  for (let i = 0; i < pages.value.pages.length; i++) {
    const size = itemBytes(pageItem(pages.value.pages[i].key, pages.value.encode(i)));
    bytes += size;
    writeUnits += writeUnitsOf(size);
  }
  return {
    benchmark: 'full',
    input: `whole space: BFS, lines, masks, ${pages.value.pages.length} pages (${bytes} bytes, ${writeUnits} write units)`,
    positions: pages.value.positions,
    seconds: pages.seconds.toFixed(2),
    'peak MiB': buildPeak,
  };
}

function wholeSpaceBfs(): Row[] {
  const rows: Row[] = [];

  const reference = compileReference('knights-bfs');
  const runC = (): BfsRun => JSON.parse(spawnSync(reference!.binary, { encoding: 'utf8', maxBuffer: 1 << 20 }).stdout);
  const c: BfsRun[] = [];
  const ts: BfsRun[] = [];
  try {
    for (let trial = 0; trial < BFS_TRIALS; trial++) {
      if (reference) c.push(runC());
      ts.push(typescriptBfs());
    }
  } finally {
    reference?.cleanup();
  }
  const fastest = (runs: BfsRun[]) => runs.reduce((best, run) => (run.seconds < best.seconds ? run : best));
  const spread = (runs: BfsRun[]) => runs.map((run) => run.seconds.toFixed(1)).join(', ');
  const bfs = fastest(ts);
  if (c.length > 0) {
    const best = fastest(c);
    const same = c.every((run) => JSON.stringify(run.levels) === JSON.stringify(bfs.levels));
    rows.push({ benchmark: 'full', input: `whole-space BFS in C (reference), fastest of ${spread(c)} s`, positions: best.positions, seconds: best.seconds.toFixed(2), 'vs reference': '1.00' });
    rows.push({
      benchmark: 'full',
      input: `whole-space BFS in TypeScript, fastest of ${spread(ts)} s${same ? ' (same level counts)' : ' (LEVEL COUNTS DIFFER)'}`,
      positions: bfs.positions,
      seconds: bfs.seconds.toFixed(2),
      'vs reference': (bfs.seconds / best.seconds).toFixed(2),
    });
  } else {
    rows.push({ benchmark: 'full', input: `whole-space BFS in TypeScript, fastest of ${spread(ts)} s`, positions: bfs.positions, seconds: bfs.seconds.toFixed(2) });
  }
  return rows;
}

function timed<T>(run: () => T): { value: T; seconds: number } {
  const start = performance.now();
  const value = run();
  return { value, seconds: (performance.now() - start) / 1000 };
}

const peakMiB = () => Math.round(process.resourceUsage().maxRSS / 1024);

function precompute(): Row[] {
  const standard = resolveKnightsGoal('standard');
  const knights = timed(() => buildKnightsTable(standard, 15));
  const eight = timed(() => Array.from({ length: 9 }, (_, goal) => buildEightTable(goal)));
  const knightsPages = timed(() => knightsSpec('standard', 15).build());
  const eightPages = timed(() => eightSpec().build());
  const defaults = knightsPages.value.positions + eightPages.value.positions;
  const rows: Row[] = [
    { benchmark: 'precompute', input: 'knights standard, depth 15: BFS', positions: knights.value.bfs.order.length, seconds: knights.seconds },
    { benchmark: 'precompute', input: 'eight, 9 goals: BFS', positions: 9 * eight.value[0].order.length, seconds: eight.seconds },
    { benchmark: 'precompute', input: `knights standard, depth 15: BFS, lines, ${knightsPages.value.pages.length} pages`, positions: knightsPages.value.positions, seconds: knightsPages.seconds },
    { benchmark: 'precompute', input: `eight, 9 goals: BFS, lines, ${eightPages.value.pages.length} pages`, positions: eightPages.value.positions, seconds: eightPages.seconds },
    { benchmark: 'precompute', input: 'default tables as pages, total', positions: defaults, seconds: knightsPages.seconds + eightPages.seconds, 'peak MiB': peakMiB() },
  ];
  const whole = timed(() => buildKnightsTable(standard, 39));
  rows.push({ benchmark: 'precompute', input: `knights whole space (depth ${whole.value.bfs.depth}): BFS`, positions: whole.value.bfs.order.length, seconds: whole.seconds, 'peak MiB': peakMiB() });
  return rows.map((row) => ({ ...row, 'positions/s': Math.round(Number(row.positions) / Number(row.seconds)), seconds: Number(row.seconds).toFixed(2) }));
}

/** The baseline: the same pages, the same concurrency, nothing but BatchWriteItem calls. */
async function bareLoop(client: DynamoDBClient, tableName: string, tables: TablePages[], concurrency: number): Promise<number> {
  let items = 0;
  const inFlight = new Set<Promise<unknown>>();
  for (const table of tables) {
    for (let start = 0; start < table.pages.length; start += BATCH_SIZE) {
      const chunk: DynamoItem[] = [];
      for (let i = start; i < Math.min(table.pages.length, start + BATCH_SIZE); i++) chunk.push(pageItem(table.pages[i].key, table.encode(i)));
      items += chunk.length;
      const call = client.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: chunk.map((Item) => ({ PutRequest: { Item } })) } }));
      const tracked = call.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      if (inFlight.size >= concurrency) await Promise.race(inFlight);
    }
  }
  await Promise.all(inFlight);
  return items;
}

/** The default tables' pages: the loader against a bare loop. */
function load(): Promise<Row[]> {
  return loadAgainstBareLoop('load', 'default tables', () => [knightsSpec('standard', KNIGHTS_DEFAULT_DEPTH), eightSpec()]);
}

/** The whole knights space's pages: the loader against a bare loop. */
function fullLoad(): Promise<Row[]> {
  return loadAgainstBareLoop('full-load', 'whole knights space', () => [knightsSpec('standard', KNIGHTS_MAX_DEPTH)]);
}

/** A fresh dynalite on disk (like `npm start`'s) and a client for it, for one run of `use`. */
async function withFreshDynamo<T>(use: (client: DynamoDBClient) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'tablebase-bench-'));
  const local = await startLocalDynamo({ path: dir, childProcess: true });
  const client = createDynamoClient({ endpoint: local.endpoint, maxSockets: DEFAULT_CONCURRENCY + 8 });
  try {
    return await use(client);
  } finally {
    client.destroy();
    await local.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The pages of `specs`, written by a bare BatchWriteItem loop into a fresh dynalite on disk, then
 * loaded end to end by the loader into another fresh one (a server that already holds the bare
 * loop's pages writes slower: its store compacts more).
 */
async function loadAgainstBareLoop(benchmark: string, label: string, specs: () => TableSpec[]): Promise<Row[]> {
  const concurrency = DEFAULT_CONCURRENCY;
  const { bareItems, bareSeconds } = await withFreshDynamo(async (client) => {
    await ensureTable(client, 'bare');
    const built = specs().map((spec) => spec.build());
    const bareStart = performance.now();
    const bareItems = await bareLoop(client, 'bare', built, concurrency);
    return { bareItems, bareSeconds: (performance.now() - bareStart) / 1000 };
  });
  return withFreshDynamo(async (client) => {
    await ensureTable(client, 'loader');
    const loaderStart = performance.now();
    let loaderItems = 0;
    let writeSeconds = 0;
    let bytes = 0;
    let writeUnits = 0;
    let positions = 0;
    for (const spec of specs()) {
      let writeStart = 0;
      let writeEnd = 0;
      const result = await loadTable(client, spec, {
        tableName: 'loader',
        concurrency,
        onProgress: (p) => {
          if (p.phase === 'writing' && !writeStart) writeStart = performance.now();
          if (p.phase === 'verifying' && !writeEnd) writeEnd = performance.now();
        },
      });
      writeSeconds += (writeEnd - writeStart) / 1000;
      loaderItems += result.written;
      bytes += result.manifest.bytes;
      writeUnits += result.manifest.writeUnits;
      positions += result.manifest.positions;
    }
    const loaderSeconds = (performance.now() - loaderStart) / 1000;
    const bareRate = bareItems / bareSeconds;
    const rows: Row[] = [
      { benchmark, input: `dynalite on disk: bare BatchWriteItem loop of the same pages, ${concurrency} in flight (baseline)`, pages: bareItems, seconds: bareSeconds.toFixed(1), 'pages/s': Math.round(bareRate), 'vs baseline': '1.00' },
      { benchmark, input: 'loader, writing phase', pages: loaderItems, seconds: writeSeconds.toFixed(1), 'pages/s': Math.round(loaderItems / writeSeconds), 'vs baseline': (loaderItems / writeSeconds / bareRate).toFixed(2) },
      { benchmark, input: 'loader, end to end (BFS, lines, pages, write, count, spot check, manifest)', pages: loaderItems, seconds: loaderSeconds.toFixed(1), 'pages/s': Math.round(loaderItems / loaderSeconds), 'vs baseline': (loaderItems / loaderSeconds / bareRate).toFixed(2) },
      { benchmark, input: `${label} as stored: ${positions} positions, ${bytes} bytes (${(bytes / positions).toFixed(2)} bytes a position), ${writeUnits} write units ($${((writeUnits * 0.625) / 1e6).toFixed(4)} on demand)`, pages: loaderItems },
    ];
    return rows;
  });
}

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

async function query(): Promise<Row[]> {
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

/** Per-query times over `inputs`, after one untimed pass so that the JIT has compiled the search (as in a warm function). */
function latencies<T>(inputs: readonly T[], solve: (input: T) => unknown): Row {
  for (const input of inputs) solve(input);
  const times = inputs.map((input) => timed(() => solve(input)).seconds * 1000).sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(3);
  return { queries: times.length, 'total ms': total.toFixed(1), 'mean ms': (total / times.length).toFixed(3), 'p50 ms': at(0.5), 'p99 ms': at(0.99), 'max ms': times.at(-1)!.toFixed(3) };
}

/** Builds a C reference under bench/ with the system cc; undefined (with a note) when there is none. */
function compileReference(name: string): { binary: string; cleanup(): void } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'tablebase-cc-'));
  const binary = join(dir, name);
  const compiled = spawnSync('cc', ['-O2', '-o', binary, fileURLToPath(new URL(`../bench/${name}.c`, import.meta.url))], { encoding: 'utf8' });
  if (compiled.error || compiled.status !== 0) {
    process.stderr.write(`no C reference ${name} (cc ${compiled.error ? 'is not installed' : `failed: ${compiled.stderr.trim()}`}); the TypeScript figures stand alone.\n`);
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return { binary, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The same eight pairs by the C reference IDA* and by the TypeScript one, both warm (one untimed
 * round first), in rounds enough to last a while, TRIALS times each, interleaved: the fastest
 * total of each and their ratio.
 */
function eightAgainstReference(label: string, pairs: readonly { from: EightBoard; to: EightBoard }[], rounds: number): Row[] {
  const reference = compileReference('eight-ida');
  if (!reference) return [];
  try {
    const input = pairs.map((pair) => `${formatEightBoard(pair.from)} ${formatEightBoard(pair.to)}`).join('\n');
    for (const pair of pairs) searchEight(pair);
    const c: { seconds: number; moves: number }[] = [];
    const ts: { seconds: number; moves: number }[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      c.push(JSON.parse(spawnSync(reference.binary, [String(rounds)], { input, encoding: 'utf8' }).stdout));
      const run = timed(() => {
        let moves = 0;
        for (let round = 0; round < rounds; round++) for (const pair of pairs) moves += searchEight(pair).steps;
        return moves / rounds;
      });
      ts.push({ seconds: run.seconds, moves: run.value });
    }
    const fastest = (runs: { seconds: number }[]) => Math.min(...runs.map((run) => run.seconds));
    const spread = (runs: { seconds: number }[]) => runs.map((run) => (run.seconds * 1000).toFixed(0)).join(', ');
    const same = ts.every((run, i) => run.moves === c[i].moves);
    return [
      { benchmark: 'search', input: `eight IDA* in C (reference): ${label} x ${rounds}, fastest of ${spread(c)} ms`, queries: pairs.length * rounds, 'total ms': (fastest(c) * 1000).toFixed(1), 'vs reference': '1.00' },
      {
        benchmark: 'search',
        input: `eight IDA* in TypeScript: ${label} x ${rounds}, fastest of ${spread(ts)} ms${same ? ' (same lengths)' : ' (LENGTHS DIFFER)'}`,
        queries: pairs.length * rounds,
        'total ms': (fastest(ts) * 1000).toFixed(1),
        'vs reference': (fastest(ts) / fastest(c)).toFixed(2),
      },
    ];
  } finally {
    reference.cleanup();
  }
}

function search(): Row[] {
  const goal = resolveKnightsGoal('standard');
  const knightsInputs = [...samples(knightsWalkArbitrary(goal.board, 100), 500), ...samples(knightsBoardArbitrary, 500)];
  // Boards exactly 15 moves away (the last level within the limit) and 16 away (just beyond it).
  const depth16 = buildKnightsTable(goal, 16).bfs;
  const levelOf = (k: number) => {
    const start = depth16.levels.slice(0, k).reduce((a, b) => a + b, 0);
    const level = depth16.order.subarray(start, start + depth16.levels[k]);
    const step = Math.floor(level.length / 500);
    return Array.from({ length: 500 }, (_, i) => decodeKnights(level[i * step]));
  };
  const fifteen = levelOf(15);
  const sixteen = levelOf(16);
  const eightPairs = samples(fc.tuple(eightBoardArbitrary, eightBoardArbitrary), 2100).filter(([a, b]) => isReachable(a, b)).slice(0, 1000);
  const eightTable = new EightTables().table(8);
  const hardest = Array.from(eightTable.order.slice(-2)).map((code) => ({ from: decodeEight(code), to: CANONICAL_GOALS[8] }));
  // The comparisons with C first, while this process has run nothing but them: the rows below
  // then measure a process that has searched both puzzles, as a function serving both does.
  const againstC = [
    ...eightAgainstReference('the two 31-move pairs', hardest, 200),
    ...eightAgainstReference('1,000 random reachable pairs', eightPairs.map(([from, to]) => ({ from, to })), 5),
  ];
  return [
    { benchmark: 'search', input: 'knights: 500 random walks + 500 uniform boards, limit 15', ...latencies(knightsInputs, (board) => searchKnights({ board, goal, limit: 15 })) },
    { benchmark: 'search', input: `knights: ${fifteen.length} boards exactly 15 moves away`, ...latencies(fifteen, (board) => searchKnights({ board, goal, limit: 15 })) },
    { benchmark: 'search', input: `knights: ${sixteen.length} boards 16 moves away (beyond the limit: -1)`, ...latencies(sixteen, (board) => searchKnights({ board, goal, limit: 15 })) },
    { benchmark: 'search', input: 'eight: 1,000 random reachable pairs', ...latencies(eightPairs, ([from, to]) => searchEight({ from, to })) },
    { benchmark: 'search', input: `eight: the 31-move pairs (${hardest.map((q) => formatEightBoard(q.from)).join(', ')} -> 12345678X)`, ...latencies(hardest, (q) => searchEight(q)) },
    ...againstC,
  ];
}

/** This benchmark script again, in a fresh process: one benchmark's rows. */
function benchInFreshProcess(name: string): Row[] {
  const script = fileURLToPath(import.meta.url);
  const run = spawnSync(process.execPath, [...process.execArgv, script, '--only', name, '--json'], { encoding: 'utf8', maxBuffer: 1 << 24, stdio: ['ignore', 'pipe', 'inherit'] });
  if (run.status !== 0) throw new Error(`npm run bench -- --only ${name} failed (exit ${run.status}); its stderr is above`);
  return JSON.parse(run.stdout).results[name];
}

const spreadOf = (values: readonly number[], digits: number) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
const medianOf = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function searchRuns(): Row[] {
  const runs = Array.from({ length: PROCESSES }, () => benchInFreshProcess('search').filter((row) => row['vs reference']));
  const comparisons = runs[0].filter((row) => String(row.input).startsWith('eight IDA* in TypeScript: '));
  const labelOf = (row: Row) => String(row.input).replace(/^eight IDA\* in (TypeScript|C \(reference\)): /, '').replace(/, fastest of .*$/, '');
  /** In one run's rows, the TypeScript row and the C row of the comparison `label`. */
  const sidesOf = (rows: Row[], label: string) => ({
    ts: rows.find((row) => String(row.input).startsWith('eight IDA* in TypeScript') && labelOf(row) === label)!,
    c: rows.find((row) => String(row.input).startsWith('eight IDA* in C') && labelOf(row) === label)!,
  });
  return comparisons.map((row) => {
    const label = labelOf(row);
    const sides = runs.map((rows) => sidesOf(rows, label));
    const ratios = sides.map(({ ts }) => Number(ts['vs reference']));
    return {
      benchmark: 'search-runs',
      input: `eight IDA* vs C: ${label}, ${PROCESSES} processes`,
      'TypeScript / C ms, each run': sides.map(({ ts, c }) => `${Number(ts['total ms']).toFixed(0)}/${Number(c['total ms']).toFixed(0)}`).join(', '),
      'vs reference, each run': ratios.map((r) => r.toFixed(2)).join(', '),
      spread: spreadOf(ratios, 2),
      median: medianOf(ratios).toFixed(2),
    };
  });
}

/**
 * The bundle started cold, PROCESSES times: with the AWS SDK preloaded (to tell its share apart)
 * and without (require to first answer, as Lambda's init and first invocation run it).
 */
async function init(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tablebase-bench-bundle-'));
  const local = await startLocalDynamo({ port: 0 });
  const client = createDynamoClient({ endpoint: local.endpoint });
  try {
    const bundle = buildFunctionBundle(dir);
    const tableName = 'init-bench';
    await ensureTable(client, tableName);
    await loadTable(client, knightsSpec('standard', 8), { tableName });
    const knightsEvent = (board: string) => functionUrlEvent({ method: 'GET', target: `/knights?board=${board}&limit=8`, headers: { host: 'abc.lambda-url.us-east-1.on.aws' } });
    const coldStart = async (preload: string[]) => {
      const fn = await startBundledFunction(bundle, { environment: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: local.endpoint }, preload });
      try {
        const first = await fn.invoke(knightsEvent('10110/01*11/10111/01001/00000'));
        if (!String(first.result.body).includes('"source":"table"')) throw new Error(`the first answer did not come from the table: ${first.result.body}`);
        const second = await fn.invoke(knightsEvent('1*111/01111/00111/00001/00000'));
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
      const code = "import { prepareKnightsSearch } from './core/knights/search'; const t = performance.now(); prepareKnightsSearch(); console.log(performance.now() - t);";
      return Number(spawnSync(process.execPath, [...process.execArgv, '--input-type=module', '-e', code], { encoding: 'utf8' }).stdout);
    });
    const row = (input: string, values: number[]) => ({ benchmark: 'init', input, 'median ms': medianOf(values).toFixed(1), 'range ms': spreadOf(values, 1) });
    return [
      row(`Node's start, to the runtime's first line (${process.version})`, whole.map((run) => run.bootMs)),
      row('require of the bundle, to the handler (init)', whole.map((run) => run.initMs)),
      row('  of which the AWS SDK (@aws-sdk/client-dynamodb, preloaded in other processes)', split.map((run) => run.preloadMs)),
      row('  of which the rest of the bundle, the SDK already loaded', split.map((run) => run.initMs)),
      row('  of which the search perimeters (prepareKnightsSearch, timed alone)', perimeters),
      row('first answer: a knights board from the table (manifest and page reads)', whole.map((run) => run.firstMs)),
      row('second answer: another board from the table', whole.map((run) => run.secondMs)),
      row('require to first answer (init + first answer)', whole.map((run) => run.initMs + run.firstMs)),
      { benchmark: 'init', input: `the bundle: ${(bundle.bytes / 1024).toFixed(1)} KiB of minified code`, 'median ms': '', 'range ms': '' },
    ];
  } finally {
    client.destroy();
    await local.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function printTable(rows: Row[]): void {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cells = rows.map((row) => columns.map((column) => String(row[column] ?? '')));
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((line) => line[i].length)));
  const line = (values: string[]) => values.map((value, i) => value.padEnd(widths[i])).join('  ');
  console.log(line(columns));
  for (const values of cells) console.log(line(values));
}

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
