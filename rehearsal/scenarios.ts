/**
 * The rehearsal's scenarios (`npm run rehearse`, and test/scripts/rehearse.slow.test.ts): the bundles
 * as `cdk synth` builds them, run under Lambda's rules (emulator/function-bundle.ts) against dynalite
 * behind DynamoDB's read cap (read-capacity-proxy.ts). Each returns its figures and every answer,
 * checked against the harness's own computation (questions.ts). The deploy's load has a file of
 * its own (loader-deploys.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import type { Row } from '../core/benchmark';
import { LOADER_READ_UNITS } from '../lib/load-plan';
import { TABLE_MAX_READ_UNITS } from '../lib/tablebase-table';
import { manifestKey } from '../store/table-keys';
import { type Manifest, readManifest } from '../store/manifests';
import { type Answered, ask, coldContainer, inexact, loggedTrouble, quantile, troubleSaid } from './containers';
import type { Stage } from './stage';

const ms = (value: number | undefined) => (value === undefined ? '' : value.toFixed(0));
const share = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(0)}%`);
/** Statuses and failures counted: "20 x 200, 1 x 503". */
function statuses(answers: readonly Answered[]): string {
  const counts = new Map<string, number>();
  for (const answer of answers) {
    const key = answer.failure ?? String(answer.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${count} x ${key}`).join(', ');
}
const heuristics = (answers: readonly Answered[]) => [...new Set(answers.flatMap((answer) => (answer.heuristic ? [answer.heuristic] : [])))].join('; ');

// ---------------------------------------------------------------------------------------------
// a. A cold container's first question on each puzzle

export interface ColdStart {
  readonly puzzle: string;
  readonly initMs: number;
  readonly first: Answered;
  /** A searched puzzle's further questions (random boards), asked back to back after the first. */
  readonly rest: readonly Answered[];
  readonly units: number;
  readonly requests: number;
  readonly throttled: number;
  readonly peakMemoryMb: number | undefined;
  /** What Lambda would have failed: timeouts, the memory. */
  readonly failures: readonly string[];
  /** The share of a core the quota gave the container while it worked, measured here. */
  readonly givenShare: number | undefined;
}

export async function coldStarts(stage: Stage, options: { searchedMore?: number } = {}): Promise<ColdStart[]> {
  // A puzzle answered by search is asked more after its first question: random boards, by its estimates.
  const questions = new Map(stage.puzzles.map(({ name, questions: asked }) => [name, [asked.first(), ...(asked.answeredFrom === 'search' ? asked.more(options.searchedMore ?? 20) : [])]]));
  const results: ColdStart[] = [];
  for (const puzzle of questions.keys()) {
    // Each cold container meets a table whose read capacity is not spent: a second of it refilled.
    await sleep(1100);
    const label = `cold-${puzzle}`;
    const [first, ...rest] = questions.get(puzzle)!;
    const { fn, first: firstAnswer } = await coldContainer(stage.bundle, label, first, { cpuShare: 'lambda', tableName: stage.tableName, endpoint: await stage.proxy.endpointFor(label) });
    try {
      const answers = [await firstAnswer];
      for (const question of rest) answers.push(await ask(fn, question, label));
      const counts = stage.proxy.countsOf(label);
      results.push({ puzzle, initMs: fn.init.initMs, first: answers[0], rest: answers.slice(1), units: counts.units, requests: counts.requests, throttled: counts.throttled, peakMemoryMb: fn.peakMemoryMb(), failures: fn.failures(), givenShare: fn.cpu.givenShare() });
    } finally {
      await fn.close();
    }
  }
  return results;
}

export function coldStartRows(results: readonly ColdStart[]): Row[] {
  return results.flatMap((result) => {
    const row = (answers: readonly Answered[], what: string): Row => ({
      puzzle: result.puzzle,
      question: what,
      status: statuses(answers),
      source: [...new Set(answers.map((answer) => answer.source ?? ''))].join(', '),
      heuristic: heuristics(answers),
      'handler ms': answers.length === 1 ? ms(answers[0].handlerMs) : `p50 ${ms(quantile(answers.flatMap((a) => a.handlerMs ?? []), 0.5))}, max ${ms(quantile(answers.flatMap((a) => a.handlerMs ?? []), 1))}`,
      exact: `${answers.filter((answer) => answer.status === 200).length - inexact(answers).length}/${answers.filter((answer) => answer.status === 200).length}`,
      'read units': what === 'first' ? `${result.units} (${result.requests} reads, ${result.throttled} throttled)` : '',
      'init ms': what === 'first' ? ms(result.initMs) : '',
      'peak MB': what === 'first' ? ms(result.peakMemoryMb) : '',
      'CPU given': what === 'first' && result.givenShare !== undefined ? result.givenShare.toFixed(2) : '',
    });
    return [row([result.first], 'first'), ...(result.rest.length > 0 ? [row(result.rest, `then ${result.rest.length} random boards`)] : [])];
  });
}

// ---------------------------------------------------------------------------------------------
// b. Cold containers at once, under the cap

export interface CrowdResult {
  readonly containers: number;
  /** The puzzles answered from a table. */
  readonly lookedUp: ReadonlySet<string>;
  readonly cores: number;
  readonly answers: readonly Answered[];
  readonly units: number;
  /** The most read units one container read. */
  readonly mostUnits: number;
  readonly requests: number;
  readonly throttled: number;
  readonly peakUnitsPerSecond: number;
  readonly readMs: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly failures: readonly string[];
  readonly peakMemoryMb: number;
  /** What the containers logged as warnings and errors. */
  readonly trouble: string;
}

/**
 * `containers` cold containers started together, each asked two questions of every puzzle answered
 * from a table and `searchedEach` of every puzzle answered by search whose estimates come from the
 * table, back to back, frozen between them: what they read of the table, against its read cap.
 * With the machine's full CPU: 20 processes on 2 cores contend as 20 Lambda environments never do,
 * and a quota on top would only stretch each one further. A puzzle whose estimates come in the
 * package (the 15-puzzle's 7-8 set, 144 MB read and checked at its first question) reads nothing of
 * the table, and twenty such reads at once on two cores would measure this machine, not Lambda:
 * the cold scenario (a) times its first answer, at its own vCPU.
 */
export async function crowd(stage: Stage, options: { containers?: number; searchedEach?: number } = {}): Promise<CrowdResult> {
  const containers = options.containers ?? 20;
  const searchedEach = options.searchedEach ?? 2;
  const each = (asked: Stage['puzzles'][number]['questions']) => (asked.answeredFrom === 'table' ? 2 : searchedEach);
  const asked = stage.puzzles.filter(({ questions }) => questions.answeredFrom === 'table' || !questions.estimatesPackaged).map(({ questions }) => ({ each: each(questions), table: questions.answeredFrom === 'table', questions: questions.more(containers * each(questions), 7) }));
  stage.proxy.resetCounts();
  await sleep(1100); // the table's capacity of the second before refilled
  const runs = await Promise.all(
    Array.from({ length: containers }, async (_, i) => {
      const label = `crowd-${i}`;
      // A lookup of each table first, then the searches, then a second lookup of each.
      const mine = asked.map(({ each: count, table, questions }) => ({ table, questions: questions.slice(count * i, count * (i + 1)) }));
      const questions = [
        ...mine.flatMap(({ table, questions: some }) => (table ? some.slice(0, 1) : [])),
        ...mine.flatMap(({ table, questions: some }) => (table ? [] : some)),
        ...mine.flatMap(({ table, questions: some }) => (table ? some.slice(1) : [])),
      ];
      const { fn, first } = await coldContainer(stage.bundle, label, questions[0], { cpuShare: 'full', tableName: stage.tableName, endpoint: await stage.proxy.endpointFor(label) });
      try {
        const answers = [await first];
        for (const question of questions.slice(1)) answers.push(await ask(fn, question, label));
        return { answers, failures: fn.failures(), peak: fn.peakMemoryMb() ?? 0, trouble: loggedTrouble(fn.stdout()), units: stage.proxy.countsOf(label).units };
      } finally {
        await fn.close();
      }
    }),
  );
  const counts = stage.proxy.counts();
  return {
    containers,
    lookedUp: lookedUp(stage),
    cores: availableParallelism(),
    answers: runs.flatMap((run) => run.answers),
    units: counts.units,
    mostUnits: Math.max(...runs.map((run) => run.units)),
    requests: counts.requests,
    throttled: counts.throttled,
    peakUnitsPerSecond: counts.peakUnitsPerSecond,
    readMs: counts.readMs,
    failures: runs.flatMap((run) => run.failures),
    peakMemoryMb: Math.max(...runs.map((run) => run.peak)),
    trouble: troubleSaid(runs.map((run) => run.trouble)),
  };
}

/** Of the answers to puzzles answered from a table, those from the table. */
export function tableShare(answers: readonly Answered[], lookups: ReadonlySet<string>): { fromTable: number; lookups: number } {
  const looked = answers.filter((answer) => lookups.has(answer.question.puzzle));
  return { fromTable: looked.filter((answer) => answer.source === 'table').length, lookups: looked.length };
}

/** The puzzles of the stage answered from a table. */
export const lookedUp = (stage: Stage) => new Set(stage.puzzles.filter(({ questions }) => questions.answeredFrom === 'table').map(({ name }) => name));

export function crowdRows(result: CrowdResult): Row[] {
  const handler = result.answers.flatMap((answer) => answer.handlerMs ?? []);
  const { fromTable, lookups } = tableShare(result.answers, result.lookedUp);
  const searched = result.answers.filter((answer) => !result.lookedUp.has(answer.question.puzzle));
  const wrong = inexact(result.answers);
  const figure = (name: string, value: string): Row => ({ figure: name, value });
  return [
    figure('containers at once (CPU: the machine\'s, no quota)', `${result.containers} on ${result.cores} cores`),
    figure('answers', `${result.answers.length}: ${statuses(result.answers)}`),
    figure('exact (of those answered)', wrong.length === 0 ? 'all' : `not: ${wrong.map((answer) => answer.question.target).join(' ')}`),
    figure(`lookups from the table (${[...result.lookedUp].join(', ')})`, `${fromTable}/${lookups} (${share(fromTable, lookups)})`),
    figure('questions searched', `${statuses(searched)}; ${heuristics(searched)}`),
    figure('handler ms p50 / p99', `${ms(quantile(handler, 0.5))} / ${ms(quantile(handler, 0.99))}`),
    figure('read units (all containers; the most one read)', `${result.units} in ${result.requests} reads, ${result.throttled} throttled; ${result.mostUnits}`),
    figure('peak read units in a second (cap)', `${result.peakUnitsPerSecond} (${TABLE_MAX_READ_UNITS})`),
    figure('dynalite\'s time to answer a read, ms (p50 / p99 / max)', `${ms(result.readMs.p50)} / ${ms(result.readMs.p99)} / ${ms(result.readMs.max)}`),
    figure('peak memory of a container (memory)', `${ms(result.peakMemoryMb)} MB (1024)`),
    figure('Lambda failures', result.failures.length === 0 ? 'none' : result.failures.join('; ')),
    figure('the containers\' warnings', result.trouble),
  ];
}

// ---------------------------------------------------------------------------------------------
// c. A reload under traffic

export interface ReloadResult {
  readonly containers: number;
  /** The puzzle whose table was reloaded. */
  readonly reloaded: string;
  readonly answers: readonly Answered[];
  /** Answers asked while the reload ran. */
  readonly during: readonly Answered[];
  readonly reloadSeconds: number;
  /** Why the reload failed, if it did (its own last line). */
  readonly reloadFailure: string | undefined;
  readonly generations: readonly [number | undefined, number | undefined];
  readonly failures: readonly string[];
  /** What the containers logged as warnings and errors. */
  readonly trouble: string;
  /** The containers' reads and the reload's at the proxy: units, reads, throttled. */
  readonly containerReads: { units: number; requests: number; throttled: number };
  readonly reloadReads: { units: number; requests: number; throttled: number };
  /** dynalite's time to answer the containers' reads, in ms (p50, p99, max). */
  readonly readMs: { readonly p50: number; readonly p99: number; readonly max: number };
}

const PRECOMPUTE = fileURLToPath(new URL('../scripts/precompute.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Warm containers answering a stream of fresh questions of the first puzzle answered from a table
 * while `npm run precompute -- --tables <its table> --force` reloads that table through the proxy:
 * the new generation is written beside the old one, which answers until the manifest names the new
 * one (docs/loading.md).
 */
export async function reloadUnderTraffic(stage: Stage, options: { containers?: number } = {}): Promise<ReloadResult> {
  const containers = options.containers ?? 4;
  const reloaded = stage.puzzles.find(({ questions }) => questions.reload !== undefined);
  if (!reloaded) throw new Error('No puzzle of the registry names a table to reload under traffic (its rehearsal role\'s reload).');
  const { tables, table } = reloaded.questions.reload!;
  const questions = reloaded.questions.more(6000, 11);
  const generation = async () => {
    const item = (await stage.client.send(new GetItemCommand({ TableName: stage.tableName, Key: { pk: { S: manifestKey(table) } }, ConsistentRead: true }))).Item;
    return item ? (readManifest(item) as Manifest).generation : undefined;
  };
  const before = await generation();
  stage.proxy.resetCounts();
  let next = 0;
  const warm = await Promise.all(
    Array.from({ length: containers }, async (_, i) => {
      const label = `reload-${i}`;
      const { fn, first } = await coldContainer(stage.bundle, label, questions[next++], { cpuShare: 'full', tableName: stage.tableName, endpoint: await stage.proxy.endpointFor(label) });
      await first;
      return { fn, label };
    }),
  );
  const answers: Answered[] = [];
  const during: Answered[] = [];
  let reloading = true;
  let asking = true;
  const streams = warm.map(async ({ fn, label }) => {
    while (asking && next < questions.length) {
      const asked = reloading;
      const answer = await ask(fn, questions[next++], label);
      answers.push(answer);
      if (asked && reloading) during.push(answer);
      await sleep(20);
    }
  });
  const started = performance.now();
  let reloadFailure: string | undefined;
  try {
    // The deploy's loader runs in a Lambda environment of its own, not beside the API's: here, on one
    // thread pinned to the last core (when taskset is there), so that its build takes the API's
    // containers' CPU as little as a 2-core machine allows.
    // Its checks take at most what the deploy's loader lets them: half the table's cap on reads.
    const args = ['--import', 'tsx', PRECOMPUTE, '--endpoint', await stage.proxy.endpointFor('reload'), '--table', stage.tableName, '--tables', tables, '--force', '--workers', '1', '--read-units', String(LOADER_READ_UNITS)];
    const lastCore = String(availableParallelism() - 1);
    const pinned = spawnSync('taskset', ['-c', lastCore, 'true']).status === 0;
    const loader = pinned ? spawn('taskset', ['-c', lastCore, process.execPath, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] }) : spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let said = '';
    loader.stdout.on('data', (chunk) => (said += chunk));
    loader.stderr.on('data', (chunk) => (said += chunk));
    const code = await new Promise<number | null>((resolve) => loader.once('exit', resolve));
    // A reload refused at the read cap is a figure of the rehearsal, not its end.
    if (code !== 0) reloadFailure = `exit ${code}: ${said.trim().split('\n').at(-1)}`;
  } finally {
    reloading = false;
  }
  const reloadSeconds = (performance.now() - started) / 1000;
  await sleep(500);
  asking = false;
  await Promise.all(streams);
  const failures = warm.flatMap(({ fn }) => fn.failures());
  const trouble = troubleSaid(warm.map(({ fn }) => loggedTrouble(fn.stdout())));
  for (const { fn } of warm) await fn.close();
  return { containers, reloaded: reloaded.name, answers, during, reloadSeconds, reloadFailure, generations: [before, await generation()], failures, trouble, readMs: containersReadMs(stage, warm.map(({ label }) => label)), containerReads: added(warm.map(({ label }) => stage.proxy.countsOf(label))), reloadReads: added([stage.proxy.countsOf('reload')]) };
}

const added = (counts: readonly { units: number; requests: number; throttled: number }[]) =>
  counts.reduce((sum, one) => ({ units: sum.units + one.units, requests: sum.requests + one.requests, throttled: sum.throttled + one.throttled }), { units: 0, requests: 0, throttled: 0 });

/** The slowest of several callers' read times at the proxy. */
function containersReadMs(stage: Stage, labels: readonly string[]) {
  const each = labels.map((label) => stage.proxy.countsOf(label).readMs);
  return { p50: Math.max(...each.map((one) => one.p50)), p99: Math.max(...each.map((one) => one.p99)), max: Math.max(...each.map((one) => one.max)) };
}

export function reloadRows(result: ReloadResult): Row[] {
  const figure = (name: string, value: string): Row => ({ figure: name, value });
  const fromTable = result.during.filter((answer) => answer.source === 'table').length;
  const wrong = inexact(result.answers);
  return [
    figure(`warm containers asking fresh ${result.reloaded} questions`, String(result.containers)),
    figure('reload (--tables standard --force), seconds', `${result.reloadSeconds.toFixed(1)}${result.reloadFailure ? `, FAILED: ${result.reloadFailure}` : ''}`),
    figure('generation answering before / after', `${result.generations[0]} / ${result.generations[1]}`),
    figure('answers during the reload', `${result.during.length}: ${statuses(result.during)}`),
    figure('from the table during the reload', `${fromTable}/${result.during.length} (${share(fromTable, result.during.length)})`),
    figure('exact (all answers)', wrong.length === 0 ? `all ${result.answers.length}` : `not: ${wrong.map((answer) => answer.question.target).join(' ')}`),
    figure('Lambda failures', result.failures.length === 0 ? 'none' : result.failures.join('; ')),
    figure('the containers\' warnings', result.trouble),
    figure('the containers\' reads at the read cap', `${result.containerReads.units} units in ${result.containerReads.requests} reads, ${result.containerReads.throttled} throttled`),
    figure('the reload\'s reads (its verification) at the read cap', `${result.reloadReads.units} units in ${result.reloadReads.requests} reads, ${result.reloadReads.throttled} throttled`),
    figure('dynalite\'s time to answer their reads, ms (p50 / p99 / max; the function gives up at 800)', `${ms(result.readMs.p50)} / ${ms(result.readMs.p99)} / ${ms(result.readMs.max)}`),
  ];
}
