/**
 * The fifteen-url benchmark (`npm run bench -- --only fifteen-url`): the 15-puzzle asked through
 * the local URL, the service started as `npm start -- --goals fifteen` starts it (a process of its
 * own, a fresh data folder, its embedded DynamoDB, the pattern databases built and loaded behind
 * it). Once /health says the databases are in use, 100 seeded uniform random solvable boards are
 * asked one at a time, `GET /fifteen?board=...`, each answer timed by the client and by the
 * function's own log line; then 100 more with two connections. A 200 within the request's
 * deadline (the handler's search deadline, well inside the function's timeout) is what counts.
 *
 * Then the same boards in this process over the same databases read from the same DynamoDB, with
 * no deadline: the line's search alone, and the moves' values alone (GET values every legal move),
 * to tell where an answer's time goes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Row } from '../../../core/benchmark';
import { UNLIMITED } from '../../../core/ida-star';
import { samples } from '../../../core/seeded';
import { DEFAULT_SEARCH_LIMITS } from '../../../lambda/app-state';
import { FUNCTION_TIMEOUT_SECONDS } from '../../../lib/function-defaults';
import { readArrayTable } from '../../../store/array-reads';
import { createDynamoClient } from '../../../store/client';
import { DEFAULT_RETRY } from '../../../store/retry';
import { DEFAULT_TABLE_NAME } from '../../../store/table-schema';
import { FIFTEEN_TABLE, databasesOf } from '../estimates';
import { FIFTEEN_DIAMETER } from '../rules/query';
import { searchFifteen } from '../rules/search';
import { fifteenMovesBySearch } from '../rules/move-values';
import { fifteenBoardArbitrary } from '../seeded-inputs';

const BOARDS = 100;
const CONNECTIONS = 2;
/** The longest a fifteen request may search: the handler stops every search there, and answers 503 (or the moves unvalued). */
const DEADLINE_MS = Math.min(DEFAULT_SEARCH_LIMITS.maxMs, FUNCTION_TIMEOUT_SECONDS * 1000 - DEFAULT_SEARCH_LIMITS.reserveMs);
/** How long the databases may take to be built, loaded and read before the run is given up. */
const READY_WITHIN_MS = 10 * 60 * 1000;
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Asked {
  readonly status: number;
  readonly ms: number;
  readonly body: { steps?: number; path?: string; heuristic?: string; source?: string; cached?: boolean; movesUnvalued?: string; error?: string };
}

/** The local service as npm start runs it, with what it printed: its URL, its stdout lines, and its function's log lines. */
interface Service {
  readonly process: ChildProcess;
  readonly url: string;
  readonly lines: string[];
  /** The function's latencyMs of each /fifteen request, in the order they were logged. */
  readonly fifteenLatencies: number[];
}

async function startService(dataDir: string): Promise<Service> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--goals', FIFTEEN_TABLE, '--data', dataDir], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const fifteenLatencies: number[] = [];
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = partial + chunk;
    const complete = text.split('\n');
    partial = complete.pop()!;
    for (const line of complete) {
      lines.push(line);
      if (!line.startsWith('{')) continue;
      let logged: { route?: string; latencyMs?: number };
      try {
        logged = JSON.parse(line);
      } catch {
        continue;
      }
      if (logged.route === '/fifteen' && typeof logged.latencyMs === 'number') fifteenLatencies.push(logged.latencyMs);
    }
  });
  const url = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const match = lines.map((line) => /answering on (http:\/\/\S+)/.exec(line)).find((found) => found);
      if (match) {
        child.stdout!.off('data', look);
        child.off('exit', gone);
        resolve(match[1]);
      }
    };
    const gone = () => reject(new Error(`the service stopped before answering:\n${lines.join('\n')}`));
    child.stdout!.on('data', look);
    child.on('exit', gone);
  });
  return { process: child, url, lines, fifteenLatencies };
}

async function stopService(service: Service | undefined): Promise<void> {
  if (!service || service.process.exitCode !== null || service.process.signalCode !== null) return;
  const exited = new Promise((resolve) => service.process.once('exit', resolve));
  service.process.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
}

/**
 * Waits until /health says the fifteen databases are in use: the table loaded, and no sentence
 * about its estimates (/health waits for a read in progress, and says when they cannot be used).
 * The other tables are not loaded here, so /health stays "degraded" for them.
 */
async function databasesInUse(url: string, service: Service): Promise<{ unreachable: number }> {
  const until = performance.now() + READY_WITHIN_MS;
  let unreachable = 0;
  while (performance.now() < until) {
    if (service.process.exitCode !== null) throw new Error(`the service stopped:\n${service.lines.join('\n')}`);
    const health = (await (await fetch(`${url}/health`)).json()) as { message?: string; dynamodb: string; tables: Record<string, { state: string }> };
    if (health.tables[FIFTEEN_TABLE]?.state === 'loaded' && !(health.message ?? '').includes(`estimates of ${FIFTEEN_TABLE}`)) return { unreachable };
    if (health.dynamodb === 'unreachable') unreachable++;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the ${FIFTEEN_TABLE} databases were not in use within ${READY_WITHIN_MS / 1000} s:\n${service.lines.join('\n')}`);
}

async function ask(url: string, board: readonly number[]): Promise<Asked> {
  const started = performance.now();
  const response = await fetch(`${url}/fifteen?board=${board.join(',')}`);
  const body = (await response.json()) as Asked['body'];
  return { status: response.status, ms: performance.now() - started, body };
}

/** Every board asked, `connections` requests in flight at a time. */
async function askAll(url: string, boards: readonly (readonly number[])[], connections: number): Promise<Asked[]> {
  const answers: Asked[] = new Array(boards.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < boards.length) {
        const i = next++;
        answers[i] = await ask(url, boards[i]);
      }
    }),
  );
  return answers;
}

const at = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

function timesOf(values: readonly number[], digits = 1): Row {
  const sorted = [...values].sort((a, b) => a - b);
  return { 'p50 ms': at(sorted, 0.5).toFixed(digits), 'p90 ms': at(sorted, 0.9).toFixed(digits), 'p99 ms': at(sorted, 0.99).toFixed(digits), 'max ms': sorted.at(-1)!.toFixed(digits) };
}

function askedRow(input: string, answers: readonly Asked[]): Row {
  const answered = answers.filter((answer) => answer.status === 200 && answer.ms <= DEADLINE_MS);
  const unavailable = answers.filter((answer) => answer.status === 503).length;
  const other = answers.filter((answer) => answer.status !== 200 && answer.status !== 503).length;
  const unvalued = answers.filter((answer) => answer.body.movesUnvalued !== undefined).length;
  const heuristics = [...new Set(answers.flatMap((answer) => (answer.body.heuristic ? [answer.body.heuristic] : [])))];
  const steps = answers.flatMap((answer) => (answer.status === 200 && typeof answer.body.steps === 'number' ? [answer.body.steps] : []));
  return {
    benchmark: 'fifteen-url',
    input,
    [`200 within ${DEADLINE_MS} ms`]: `${answered.length}/${answers.length}`,
    '503s': unavailable,
    ...(other > 0 ? { other } : {}),
    'moves unvalued': unvalued,
    ...timesOf(answers.map((answer) => answer.ms)),
    'mean steps': steps.length === 0 ? '' : (steps.reduce((a, b) => a + b, 0) / steps.length).toFixed(1),
    heuristic: heuristics.join(', '),
  };
}

/**
 * The boards' answers in this process, timed part by part with no deadline, over the databases
 * read from the service's own DynamoDB (its data folder records the endpoint): the line's search,
 * then the other legal moves' values, as the service gives them (move-values.ts).
 */
async function whereTheTimeGoes(dataDir: string, boards: readonly (readonly number[])[], asked: readonly Asked[]) {
  const { endpoint } = JSON.parse(readFileSync(join(dataDir, 'service.json'), 'utf8')) as { endpoint: string };
  const client = createDynamoClient({ endpoint });
  let databases;
  try {
    databases = databasesOf((await readArrayTable(client, DEFAULT_TABLE_NAME, FIFTEEN_TABLE, { policy: DEFAULT_RETRY })).arrays);
  } finally {
    client.destroy();
  }
  const timedOne = (board: readonly number[]) => {
    const query = { board, limit: FIFTEEN_DIAMETER, solvable: true };
    let t = performance.now();
    const answer = searchFifteen(query, UNLIMITED, databases);
    const line = performance.now() - t;
    t = performance.now();
    fifteenMovesBySearch(query, answer, UNLIMITED, databases);
    return { answer, line, values: performance.now() - t };
  };
  // One untimed pass over a few of them: the JIT warm, as in the service after its first boards.
  for (const board of boards.slice(0, 10)) timedOne(board);
  const runs = boards.map(timedOne);
  return {
    same: runs.every((run, i) => run.answer.path === asked[i].body.path),
    line: runs.map((run) => run.line),
    values: runs.map((run) => run.values),
    whole: runs.map((run) => run.line + run.values),
  };
}

export async function fifteenThroughUrl(): Promise<Row[]> {
  const boards = samples(fifteenBoardArbitrary, 2 * BOARDS);
  const alone = boards.slice(0, BOARDS);
  const together = boards.slice(BOARDS);
  const dataDir = mkdtempSync(join(tmpdir(), 'tablebase-bench-fifteen-'));
  let service: Service | undefined;
  try {
    const started = performance.now();
    service = await startService(dataDir);
    const answering = performance.now() - started;
    const { unreachable } = await databasesInUse(service.url, service);
    const inUse = performance.now() - started;
    const loadedLine = service.lines.find((line) => line.startsWith(`${FIFTEEN_TABLE}: loaded`)) ?? '';
    const fromTable = /answering from the table \(([\d.]+) s after start\)/.exec(service.lines.find((line) => line.startsWith(`${FIFTEEN_TABLE}: answering from the table`)) ?? '');

    // The SPEC's nine-move sample, untimed: the client's first connection, and the route's first request.
    const before = service.fifteenLatencies.length;
    await ask(service.url, [2, 3, 4, 0, 1, 5, 7, 8, 9, 6, 10, 12, 13, 14, 11, 15]);
    const oneAtATime = await askAll(service.url, alone, 1);
    // A request's log line may come a moment after its answer: wait for all of them (the sample's, then the boards').
    while (service.fifteenLatencies.length < before + 1 + BOARDS) await new Promise((resolve) => setTimeout(resolve, 50));
    const functionMs = service.fifteenLatencies.slice(before + 1, before + 1 + BOARDS);
    const twoAtATime = await askAll(service.url, together, CONNECTIONS);

    // Where the time goes: the same boards here, over the databases the service reads, no deadline.
    const split = await whereTheTimeGoes(dataDir, alone, oneAtATime);

    const row = (input: string, values: number[], digits = 1): Row => ({ benchmark: 'fifteen-url', input, ...timesOf(values, digits) });
    const over = (values: number[]) => values.filter((ms) => ms > DEADLINE_MS).length;
    return [
      {
        benchmark: 'fifteen-url',
        input: `npm start -- --goals ${FIFTEEN_TABLE} on a fresh data folder: answering after ${(answering / 1000).toFixed(1)} s; ${loadedLine.replace(/, \d+ pages written.*$/, '')}; answering from the table ${fromTable?.[1] ?? '?'} s after start; databases in use (/health) ${(inUse / 1000).toFixed(1)} s after start${unreachable > 0 ? ` (${unreachable} /health answers before said DynamoDB could not be read)` : ''}`,
      },
      askedRow(`GET /fifteen, ${BOARDS} seeded uniform random solvable boards, one at a time (client's time)`, oneAtATime),
      row(`  the same requests, the function's own time (its log line's latencyMs)`, functionMs),
      row(`  the client's time less the function's, request by request (the local URL, HTTP on loopback)`, oneAtATime.map((answer, i) => answer.ms - functionMs[i])),
      askedRow(`GET /fifteen, ${BOARDS} more such boards, ${CONNECTIONS} connections (client's time)`, twoAtATime),
      row(`the first ${BOARDS} in this process, same databases, no deadline: the line's search alone${split.same ? ' (the same lines)' : ' (LINES DIFFER)'}`, split.line, 2),
      row(`  every other legal move's value, as GET gives them (move-values.ts: none searched before the line's first, one bounded pass each after it)`, split.values, 2),
      row(`  the two together, as GET answers (${over(split.whole)} over ${DEADLINE_MS} ms)`, split.whole, 2),
    ];
  } finally {
    await stopService(service);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
