/**
 * The url benchmark (`npm run bench -- --only url`): each puzzle of the service that names questions
 * for it (its benchmarks role's throughUrl) asked through the local URL (npm start serves the
 * service's own puzzles, so the registry given names which to ask), the service started as
 * `npm start -- --tables <its tables>` starts it (a process of its own, a fresh data folder, its
 * embedded DynamoDB, the tables built and loaded behind it). Once /health says its tables are in
 * use, 100 seeded questions are asked one at a time, each answer timed by the client and by the
 * function's own log line; then 100 more with two connections. A 200 within the request's deadline
 * (the handler's search deadline, well inside the function's timeout) is what counts. Then the
 * puzzle tells where an answer's time goes: the same questions in this process over the same
 * tables, with no deadline. Last, a puzzle's hardest questions (the 15-puzzle's 17 boards at 80
 * moves), one at a time, each asked once: what its first ask answers, and how soon.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Row } from '../core/benchmark';
import { DEFAULT_SEARCH_LIMITS } from '../lambda/app-state';
import { FUNCTION_TIMEOUT_SECONDS } from '../lib/function-defaults';
import type { Puzzle } from '../puzzles/puzzle';
import type { Registry } from '../puzzles/registry';
import type { AskedThroughUrl } from '../puzzles/roles/benchmarks';
import { DEFAULT_TABLE_NAME } from '../store/table-schema';

const QUESTIONS = 100;
const CONNECTIONS = 2;
/** The longest a request may search: the handler stops every search there, and answers 503 (or the moves unvalued). */
const DEADLINE_MS = Math.min(DEFAULT_SEARCH_LIMITS.maxMs, FUNCTION_TIMEOUT_SECONDS * 1000 - DEFAULT_SEARCH_LIMITS.reserveMs);
/** How long the tables may take to be built, loaded and read before the run is given up. */
const READY_WITHIN_MS = 10 * 60 * 1000;
const ROOT = fileURLToPath(new URL('../', import.meta.url));

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
  /** The function's latencyMs of each request to the puzzle's route, in the order they were logged. */
  readonly latencies: number[];
}

async function startService(tables: readonly string[], route: string, dataDir: string): Promise<Service> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--tables', tables.join(','), '--data', dataDir], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const latencies: number[] = [];
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
      if (logged.route === route && typeof logged.latencyMs === 'number') latencies.push(logged.latencyMs);
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
  return { process: child, url, lines, latencies };
}

async function stopService(service: Service | undefined): Promise<void> {
  if (!service || service.process.exitCode !== null || service.process.signalCode !== null) return;
  const exited = new Promise((resolve) => service.process.once('exit', resolve));
  service.process.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
}

/**
 * Waits until /health says the tables are in use: each loaded, and no sentence about their
 * estimates (/health waits for a read in progress, and says when they cannot be used). The other
 * tables are not loaded here, so /health stays "degraded" for them.
 */
async function tablesInUse(url: string, puzzle: string, tables: readonly string[], service: Service, estimate?: string): Promise<{ unreachable: number }> {
  const until = performance.now() + READY_WITHIN_MS;
  let unreachable = 0;
  while (performance.now() < until) {
    if (service.process.exitCode !== null) throw new Error(`the service stopped:\n${service.lines.join('\n')}`);
    const health = (await (await fetch(`${url}/health`)).json()) as { message?: string; dynamodb: string; tables: Record<string, { state: string }>; estimates?: Record<string, { inUse: string }> };
    const estimated = estimate === undefined || health.estimates?.[puzzle]?.inUse === estimate;
    if (estimated && tables.every((table) => health.tables[table]?.state === 'loaded' && !(health.message ?? '').includes(`estimates of ${puzzle}`))) return { unreachable };
    if (health.dynamodb === 'unreachable') unreachable++;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${tables.join(', ')} were not in use within ${READY_WITHIN_MS / 1000} s:\n${service.lines.join('\n')}`);
}

async function ask(url: string, target: string): Promise<Asked> {
  const started = performance.now();
  const response = await fetch(`${url}${target}`);
  const body = (await response.json()) as Asked['body'];
  return { status: response.status, ms: performance.now() - started, body };
}

/** Every question asked, `connections` requests in flight at a time. */
async function askAll(url: string, targets: readonly string[], connections: number): Promise<Asked[]> {
  const answers: Asked[] = new Array(targets.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < targets.length) {
        const i = next++;
        answers[i] = await ask(url, targets[i]);
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
    benchmark: 'url',
    input,
    [`200 within ${DEADLINE_MS} ms`]: `${answered.length}/${answers.length}`,
    '503s': unavailable,
    ...(other > 0 ? { other } : {}),
    'moves unvalued': unvalued,
    ...timesOf(answers.map((answer) => answer.ms)),
    'total ms': answers.reduce((sum, answer) => sum + answer.ms, 0).toFixed(0),
    'mean steps': steps.length === 0 ? '' : (steps.reduce((a, b) => a + b, 0) / steps.length).toFixed(1),
    heuristic: heuristics.join(', '),
  };
}

async function throughUrl(puzzle: Puzzle, asked: AskedThroughUrl): Promise<Row[]> {
  const targets = asked.targets(2 * QUESTIONS);
  const alone = targets.slice(0, QUESTIONS);
  const together = targets.slice(QUESTIONS);
  const route = `/${puzzle.name}`;
  const dataDir = mkdtempSync(join(tmpdir(), `tablebase-bench-${puzzle.name}-`));
  let service: Service | undefined;
  try {
    const started = performance.now();
    service = await startService(asked.tables, route, dataDir);
    const answering = performance.now() - started;
    const { unreachable } = await tablesInUse(service.url, puzzle.name, asked.tables, service, asked.estimate);
    const inUse = performance.now() - started;
    const loadedLines = asked.tables.map((table) => (service!.lines.find((line) => line.startsWith(`${table}: loaded`)) ?? '').replace(/, \d+ pages written.*$/, ''));
    const fromTable = asked.tables.map((table) => /answering from the table \(([\d.]+) s after start\)/.exec(service!.lines.find((line) => line.startsWith(`${table}: answering from the table`)) ?? '')?.[1] ?? '?');

    // The puzzle's first question, untimed: the client's first connection, and the route's first request.
    const before = service.latencies.length;
    await ask(service.url, asked.warmUp);
    const oneAtATime = await askAll(service.url, alone, 1);
    // A request's log line may come a moment after its answer: wait for all of them (the first's, then the others').
    while (service.latencies.length < before + 1 + QUESTIONS) await new Promise((resolve) => setTimeout(resolve, 50));
    const functionMs = service.latencies.slice(before + 1, before + 1 + QUESTIONS);
    const twoAtATime = await askAll(service.url, together, CONNECTIONS);
    const hardest = [];
    for (const target of asked.hardest?.targets ?? []) hardest.push(await ask(service.url, target));

    // Where the time goes: the same questions here, over the tables the service reads (its data folder records the endpoint), no deadline.
    const { endpoint } = JSON.parse(readFileSync(join(dataDir, 'service.json'), 'utf8')) as { endpoint: string };
    const split = asked.whereTheTimeGoes ? await asked.whereTheTimeGoes({ endpoint, tableName: DEFAULT_TABLE_NAME }, alone, oneAtATime.map((answer) => answer.body.path)) : undefined;

    const row = (input: string, values: readonly number[], digits = 1): Row => ({ benchmark: 'url', input, ...timesOf(values, digits) });
    const over = (values: readonly number[]) => values.filter((ms) => ms > DEADLINE_MS).length;
    const parts = split?.parts ?? [];
    const whole = parts.length === 0 ? [] : alone.map((_, i) => parts.reduce((sum, part) => sum + part.ms[i], 0));
    return [
      {
        benchmark: 'url',
        input: `npm start -- --tables ${asked.tables.join(',')} on a fresh data folder: answering after ${(answering / 1000).toFixed(1)} s; ${loadedLines.join('; ')}; answering from the table ${fromTable.join(', ')} s after start; in use (/health) ${(inUse / 1000).toFixed(1)} s after start${unreachable > 0 ? ` (${unreachable} /health answers before said DynamoDB could not be read)` : ''}`,
      },
      askedRow(`GET ${route}, ${QUESTIONS} ${asked.described}, one at a time (client's time)`, oneAtATime),
      row(`  the same requests, the function's own time (its log line's latencyMs)`, functionMs),
      row(`  the client's time less the function's, request by request (the local URL, HTTP on loopback)`, oneAtATime.map((answer, i) => answer.ms - functionMs[i])),
      askedRow(`GET ${route}, ${QUESTIONS} more such questions, ${CONNECTIONS} connections (client's time)`, twoAtATime),
      ...parts.map((part, i) => row(i === 0 ? `the first ${QUESTIONS} in this process, same tables, no deadline: ${part.label}${split!.same ? ' (the same lines)' : ' (LINES DIFFER)'}` : `  ${part.label}`, part.ms, 2)),
      ...(parts.length > 1 ? [row(`  together, as GET answers (${over(whole)} over ${DEADLINE_MS} ms)`, whole, 2)] : []),
      ...(hardest.length > 0
        ? [
            askedRow(`GET ${route}, ${asked.hardest!.described}, one at a time, each asked once (client's time)`, hardest),
            ...hardest.map((answer, i) => ({
              benchmark: 'url',
              input: `  ${asked.hardest!.targets[i]}`,
              status: answer.status,
              ms: answer.ms.toFixed(0),
              steps: answer.body.steps ?? '',
              source: answer.body.source ?? answer.body.error ?? '',
            })),
          ]
        : []),
    ];
  } finally {
    await stopService(service);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Every puzzle's questions through the local URL, in the registry's order. */
export async function url(registry: Registry): Promise<Row[]> {
  const rows: Row[] = [];
  for (const { puzzle, benchmarks } of await registry.withBenchmarks()) if (benchmarks.throughUrl) rows.push(...(await throughUrl(puzzle, benchmarks.throughUrl)));
  return rows;
}
