/**
 * The deploy's load as `cdk deploy` runs it, rehearsed (npm run rehearse -- --only loader; the slow
 * suite's test/lib/loader-bundle.slow.test.ts on a smaller load): the loader's bundle as `cdk synth`
 * builds it, under Lambda's rules (emulator/function-bundle.ts) at the memory the load's plan gives
 * it (lib/load-plan.ts) and with its timeout cut short so that the load takes several runs, driven
 * as the custom resource's provider framework drives it (provider-loop.ts), against dynalite on
 * disk behind the table's read cap (read-capacity-proxy.ts). Every deploy that runs the loader has
 * a new version of it (its code, or its load in its environment), so each starts in a cold
 * environment, which its later runs reuse.
 *
 *   the load        a Create: runs until the loader says every table is done
 *   its answers     the API's bundle answers questions of every table, each against the puzzle's
 *                   own search (load-questions.ts)
 *   a redeploy      an Update to the loader's next version: writes nothing
 *   a kill          on a second table, loaded first with a smaller load: an Update to a larger one
 *                   whose environment is killed once a third of its pages are stored, which fails the
 *                   deploy with Lambda's sentence; CloudFormation's rollback (an Update back to the
 *                   old properties) writes nothing; the next deploy resumes where the killed run
 *                   stopped, completes, and the API answers from the table it made
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import type { Row } from '../core/benchmark';
import type { LoadAnswer } from '../lib/load-answer';
import { FUNCTION_MEMORY_MB, FUNCTION_TIMEOUT_SECONDS } from '../lib/function-defaults';
import { LOADER_QUERY_INTERVAL_SECONDS, LOADER_READ_UNITS, LOADER_STOP_BEFORE_SECONDS, LOADER_TIMEOUT_SECONDS, type LoadPlan, planDeployLoad } from '../lib/load-plan';
import { LOADER_MEMORY_MB } from '../lib/stack-settings';
import { TABLE_MAX_READ_UNITS } from '../lib/tablebase-table';
import { type Registry, parseLoadWords } from '../puzzles/registry';
import { PACKAGED_TABLES_FOLDER } from '../store/array-file';
import { createDynamoClient } from '../store/client';
import { startLocalDynamo } from '../store/local-dynamodb';
import { type Manifest, readManifest, readProgress } from '../store/manifests';
import { ensureTable } from '../store/table-admin';
import { manifestKey, progressKey } from '../store/table-keys';
import type { AnyTableSpec } from '../store/table-pages';
import { type BundledFunction, type FunctionBundle, buildFunctionBundle, startBundledFunction } from '../emulator/function-bundle';
import { event } from './containers';
import { LambdaEnvironments } from './lambda-environments';
import { type CheckedAnswer, type LoadQuestion, askLoadQuestions, loadQuestions } from './load-questions';
import { type CloudFormationRequest, type Properties, type ProviderOutcome, type ProviderRun, resourceRequest, runProviderLoop } from './provider-loop';
import { startReadCapacityProxy } from './read-capacity-proxy';
import { GB_SECOND_USD } from './solver';

/** The load docs/deploying.md features, as a puzzle's rehearsal role names it (two whole spaces of its largest table, with the other puzzles' default tables). */
export async function featuredLoad(registry: Registry): Promise<string> {
  const named = (await registry.withBenchmarks()).find(({ benchmarks }) => benchmarks.rehearsal?.featuredLoad !== undefined);
  if (!named) throw new Error("No puzzle of the registry names the deploy guide's featured load (its rehearsal role's featuredLoad).");
  return named.benchmarks.rehearsal!.featuredLoad!;
}

export interface LoaderDeploysOptions {
  /** The deploy's load, as the stack's `load` setting takes it (its words). */
  readonly load: string;
  /** The loader's memory in MB, as the stack's `loaderMemory` setting gives it; the load's plan's unless told. */
  readonly memoryMb?: number;
  /** Each invocation's timeout: cut short of the stack's so that the load takes several runs. */
  readonly timeoutSeconds: number;
  /** The loader's STOP_BEFORE_TIMEOUT_SECONDS at that timeout (the template's is for its own timeout). */
  readonly stopBeforeSeconds: number;
  /** The second table's loads: the one deployed first, then the one whose deploy is killed and deployed again (one table). */
  readonly killed: { readonly before: string; readonly after: string };
  /** Questions asked of each table (a fifth as many of the 15-puzzle's). */
  readonly questionsPerTable: number;
  /** What the provider loop waits between runs; the deploy's time counts the framework's own interval whatever this is. */
  readonly waitSeconds?: number;
  /** The loader's and the API's bundles, built as `cdk synth` builds them (buildFunctionBundle); built here unless given. */
  readonly bundles?: { readonly loader: FunctionBundle; readonly api: FunctionBundle };
  readonly log?: (line: string) => void;
}

export interface Deploy {
  /** What the deploy is, in a few words. */
  readonly what: string;
  readonly tableName: string;
  readonly load: string;
  readonly memoryMb: number;
  readonly outcome: ProviderOutcome;
  /** Every environment's stdout: the loader's summary lines among its log lines. */
  readonly logs: string;
}

export interface KilledRun {
  /** Leading pages the killed run had surely stored (its progress item) when it was killed; undefined if its writes were never seen under way. */
  readonly storedWhenKilled: number | undefined;
  /** The generation the table's manifest named before the killed deploy, after it, after the rollback, and after the deploy that resumed. */
  readonly generations: readonly [number | undefined, number | undefined, number | undefined, number | undefined];
  /** The pages stored before that the resuming run found (its "resumed after N already stored"). */
  readonly resumedFrom: number | undefined;
  /** The manifest the resumed load wrote. */
  readonly manifest: Manifest | undefined;
}

export interface LoaderDeploysResult {
  readonly load: string;
  readonly specs: readonly AnyTableSpec[];
  readonly memoryMb: number;
  readonly cpu: string;
  readonly timeoutSeconds: number;
  readonly stopBeforeSeconds: number;
  /** The loader's environment as the template sets it (its STOP_BEFORE_TIMEOUT_SECONDS is overridden here). */
  readonly templateEnvironment: Readonly<Record<string, string>>;
  /** The plan the synth makes of the load, at the stack's own timeout. */
  readonly plan: LoadPlan;
  readonly loaded: Deploy;
  readonly redeploy: Deploy;
  readonly killedDeploy: Deploy;
  readonly rollback: Deploy;
  readonly resumed: Deploy;
  readonly killed: KilledRun;
  /** The manifests of the load's tables once it is done. */
  readonly manifests: Readonly<Record<string, Manifest | undefined>>;
  /** The API's answers from the loaded tables, and from the table the resumed deploy made. */
  readonly answers: readonly CheckedAnswer[];
  readonly resumedAnswers: readonly CheckedAnswer[];
}

/**
 * `npm run rehearse -- --only loader`'s cut of the loader's timeout: 360 s, stopping 30 s before
 * it. A run must hold the longest work one table cannot split: the second whole space built
 * again and checked, its checks reading both spaces (some 110,000 units at the deploy's 500 a
 * second, about 220 s; the run that finished it took 292 s here, its build and last writes
 * included). So runs of 330 s, and the featured load (20 minutes of work here) takes four. The 30 s
 * cover what a run does past its time to stop: the batches in flight and its place saved, or the
 * reads under way, and its answer (a table whose estimated build would end past it is not started).
 */
export const REHEARSED_TIMEOUT_SECONDS = 360;
export const REHEARSED_STOP_BEFORE_SECONDS = 30;

/** The largest load a puzzle's rehearsal role names (a whole space), as the deploy's `load` setting takes it. */
async function largestLoad(registry: Registry): Promise<string> {
  const named = (await registry.withBenchmarks()).find(({ benchmarks }) => benchmarks.rehearsal?.largestLoad !== undefined);
  if (!named) throw new Error('No puzzle of the registry names a largest load for the loader\'s rehearsal (its rehearsal role\'s largestLoad).');
  return named.benchmarks.rehearsal!.largestLoad!;
}

/**
 * The rehearsal of `npm run rehearse -- --only loader`: the featured load at the rehearsed timeout,
 * 30 questions of each table, and the kill on a default table reloaded as the largest load;
 * at the plan's memory, or at `memoryMb` (`--loader-memory`, as `-c loaderMemory` gives it).
 */
export async function featuredLoadRehearsal(registry: Registry, log: (line: string) => void, memoryMb?: number): Promise<LoaderDeploysResult> {
  return loaderDeploys(registry, {
    load: await featuredLoad(registry),
    memoryMb,
    timeoutSeconds: REHEARSED_TIMEOUT_SECONDS,
    stopBeforeSeconds: REHEARSED_STOP_BEFORE_SECONDS,
    killed: { before: '--tables standard', after: await largestLoad(registry) },
    questionsPerTable: 30,
    log,
  });
}

const FEATURED_TABLE = 'tablebase-rehearsal-featured';
const KILLED_TABLE = 'tablebase-rehearsal-killed';

/** The seconds a run is billed: the handler's time when it answered or threw, else until Lambda ended it. */
const billedSeconds = (run: ProviderRun) => (run.figures.handlerMs === undefined ? run.figures.seconds : run.figures.handlerMs / 1000);
const answerOf = (run: ProviderRun) => run.answer as LoadAnswer | undefined;

export async function loaderDeploys(registry: Registry, options: LoaderDeploysOptions): Promise<LoaderDeploysResult> {
  const log = options.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), 'tablebase-rehearsal-deploys-'));
  const dynamo = await startLocalDynamo({ port: 0, path: join(dir, 'data'), childProcess: true });
  const client = createDynamoClient({ endpoint: dynamo.endpoint });
  const proxy = await startReadCapacityProxy(dynamo.endpoint, TABLE_MAX_READ_UNITS);
  const closing: (() => Promise<void>)[] = [];
  try {
    if (!options.bundles) log('building the loader\'s and the API\'s bundles as cdk synth builds them');
    const loaderBundle = options.bundles?.loader ?? (await buildFunctionBundle(registry, join(dir, 'loader'), (stack) => stack.loader!.loader.function));
    const apiBundle = withoutPackagedTables(options.bundles?.api ?? (await buildFunctionBundle(registry, join(dir, 'api'))), join(dir, 'api-reading-tables'));
    const choices = await registry.loadChoices();
    const specsOf = (load: string) => parseLoadWords(choices, load.split(/\s+/).filter(Boolean)).specs;
    const planOf = (load: string) => planDeployLoad(specsOf(load).map((spec) => spec.estimate?.()), { memoryMb: options.memoryMb, baseMemoryMb: LOADER_MEMORY_MB, readUnitsPerSecond: LOADER_READ_UNITS });
    const plan = planOf(options.load);
    const loaderEndpoint = await proxy.endpointFor('loader');
    const meter = () => {
      const counts = proxy.countsOf('loader');
      return { readUnits: counts.units, writes: counts.writes };
    };
    let cpu = '';

    /** One deploy that runs the loader: a new version of it, on `load`, driven through `request`; `alongside` runs meanwhile (a kill). */
    const deploy = async (what: string, tableName: string, load: string, request: CloudFormationRequest, alongside?: (environments: LambdaEnvironments, done: Promise<unknown>) => Promise<void>): Promise<Deploy> => {
      const { memoryMb } = planOf(load);
      const environments = new LambdaEnvironments(() =>
        startBundledFunction(loaderBundle, {
          environment: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: loaderEndpoint, LOAD_OPTIONS: load, STOP_BEFORE_TIMEOUT_SECONDS: String(options.stopBeforeSeconds) },
          memoryMb,
          cpuShare: 'lambda',
          timeoutSeconds: options.timeoutSeconds,
        }),
      );
      closing.push(() => environments.close());
      log(`${what}: ${request.RequestType}, LOAD_OPTIONS ${load}, ${memoryMb} MB`);
      const loop = runProviderLoop(environments, request, {
        waitSeconds: options.waitSeconds ?? 0,
        meter,
        onRun: (run) => {
          cpu ||= cpuOf(environments.warm);
          log(`  ${runLine(run)}`);
        },
      });
      await alongside?.(environments, loop);
      const outcome = await loop;
      log(`  ${outcome.status}${outcome.reason ? `: ${outcome.reason.split('\n')[0]}` : ''} (${outcome.runs.length} runs, ${outcome.wallSeconds.toFixed(0)} s)`);
      const logs = environments.logs();
      await environments.close();
      return { what, tableName, load, memoryMb, outcome, logs };
    };
    const standing = (done: Deploy, properties: Properties) => ({ physicalResourceId: done.outcome.physicalResourceId, properties });

    // The load, from a Create to its response.
    await ensureTable(client, FEATURED_TABLE);
    const first: Properties = { Loader: '1', Load: options.load, Table: FEATURED_TABLE };
    const loaded = await deploy('the load', FEATURED_TABLE, options.load, resourceRequest('Create', first));
    const specs = specsOf(options.load);
    const manifests = Object.fromEntries(await Promise.all(specs.map(async (spec) => [spec.table, await manifestOf(client, FEATURED_TABLE, spec.table)] as const)));

    // Its tables, asked of the API.
    const answers = await askApi(apiBundle, FEATURED_TABLE, await proxy.endpointFor('api'), await loadQuestions(registry, specs, options.questionsPerTable), await estimatesFromTables(registry), closing, log);

    // A redeploy: the loader's next version, the same load.
    const second: Properties = { ...first, Loader: '2' };
    const redeploy = await deploy('a redeploy (the loader\'s next version)', FEATURED_TABLE, options.load, resourceRequest('Update', second, standing(loaded, first)));

    // A second table: loaded, then a larger load killed mid-write, rolled back, and deployed again.
    await ensureTable(client, KILLED_TABLE);
    const { before, after } = options.killed;
    const [killedSpec] = specsOf(after);
    const generation = async () => (await manifestOf(client, KILLED_TABLE, killedSpec.table))?.generation;
    const small: Properties = { Loader: '1', Load: before, Table: KILLED_TABLE };
    const smallLoad = await deploy('a second table\'s first load', KILLED_TABLE, before, resourceRequest('Create', small));
    const generationBefore = await generation();
    const large: Properties = { Loader: '2', Load: after, Table: KILLED_TABLE };
    let storedWhenKilled: number | undefined;
    const killedDeploy = await deploy('a larger load, killed mid-write', KILLED_TABLE, after, resourceRequest('Update', large, standing(smallLoad, small)), async (environments, done) => {
      storedWhenKilled = await killOnceWriting(client, KILLED_TABLE, killedSpec.table, generationBefore, environments, done);
    });
    const generationAfterKill = await generation();
    // CloudFormation rolls the failed update back: the old properties, the old version of the loader.
    const rollbackRequest = resourceRequest('Update', small, standing(smallLoad, large));
    const rollback = await deploy('its rollback', KILLED_TABLE, before, rollbackRequest);
    const generationAfterRollback = await generation();
    const third: Properties = { ...large, Loader: '3' };
    const resumed = await deploy('the larger load deployed again', KILLED_TABLE, after, resourceRequest('Update', third, standing(rollback, small)));
    const resumedFrom = resumedFromIn(resumed.logs, killedSpec.table);
    const resumedAnswers = await askApi(apiBundle, KILLED_TABLE, await proxy.endpointFor('api-killed'), await loadQuestions(registry, [killedSpec], options.questionsPerTable, 23), await estimatesFromTables(registry), closing, log);

    return {
      load: options.load,
      specs,
      memoryMb: plan.memoryMb,
      cpu,
      timeoutSeconds: options.timeoutSeconds,
      stopBeforeSeconds: options.stopBeforeSeconds,
      templateEnvironment: loaderBundle.environment,
      plan,
      loaded,
      redeploy,
      killedDeploy,
      rollback,
      resumed,
      killed: { storedWhenKilled, generations: [generationBefore, generationAfterKill, generationAfterRollback, await generation()], resumedFrom, manifest: await manifestOf(client, KILLED_TABLE, killedSpec.table) },
      manifests,
      answers,
      resumedAnswers,
    };
  } finally {
    for (const close of closing.reverse()) await close();
    client.destroy();
    await proxy.close();
    await dynamo.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The API's bundle with its packaged estimate tables left out (a copy): a search over estimates
 * reads the table's from DynamoDB, as it would without a package of its own, so that its
 * answers say whether the loaded databases are right. Tables of positions are looked up in the
 * table either way.
 */
function withoutPackagedTables(bundle: FunctionBundle, dir: string): FunctionBundle {
  const packaged = join(dirname(bundle.file), PACKAGED_TABLES_FOLDER);
  cpSync(dirname(bundle.file), dir, { recursive: true, filter: (path) => path !== packaged && !path.startsWith(`${packaged}/`) });
  return { ...bundle, file: join(dir, basename(bundle.file)) };
}

/** The estimates the puzzles' searches read from the table, as /health names them once read, and a question that starts each read. */
async function estimatesFromTables(registry: Registry): Promise<{ readonly inUse: string; readonly target: string }[]> {
  return (await registry.withBenchmarks()).flatMap(({ benchmarks }) => (benchmarks.rehearsal?.estimatesFromTable ? [benchmarks.rehearsal.estimatesFromTable] : []));
}

/** Asks `questions` of a warm API container on `tableName`; those searched over estimates read from the table only once /health says they are read. */
async function askApi(
  bundle: FunctionBundle,
  tableName: string,
  endpoint: string,
  questions: readonly LoadQuestion[],
  estimates: readonly { readonly inUse: string; readonly target: string }[],
  closing: (() => Promise<void>)[],
  log: (line: string) => void,
): Promise<CheckedAnswer[]> {
  const api = await startBundledFunction(bundle, { environment: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: endpoint }, memoryMb: FUNCTION_MEMORY_MB, timeoutSeconds: FUNCTION_TIMEOUT_SECONDS });
  closing.push(() => api.close());
  try {
    for (const estimate of estimates) if (questions.some((question) => 'heuristic' in question.from && question.from.heuristic === estimate.inUse)) await readEstimates(api, estimate);
    const answers = await askLoadQuestions(api, questions);
    log(`the API's answers from ${tableName}: ${answers.filter((answer) => answer.exact && answer.fromTable).length} of ${answers.length} exact and from the table`);
    return answers;
  } finally {
    await api.close();
  }
}

/** A question starts the read of the table's estimates in the background; /health says when the search uses them. */
async function readEstimates(api: BundledFunction, estimate: { readonly inUse: string; readonly target: string }): Promise<void> {
  await api.invoke(event(estimate.target));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const health = JSON.parse(String((await api.invoke(event('/health'))).result.body)) as { estimates?: Record<string, { inUse?: string }> };
    if (Object.values(health.estimates ?? {}).some((entry) => entry.inUse === estimate.inUse)) return;
    await sleep(250);
  }
  // Not read: the questions are asked all the same, and their answers say which estimate they used.
}

/**
 * Watches the table's progress item until the run's writes are well under way (a checkpoint of
 * the new generation with a third of its pages stored), then kills the environment mid-invocation;
 * the pages it had stored, or undefined if the deploy ended first.
 */
async function killOnceWriting(client: DynamoDBClient, tableName: string, table: string, generationBefore: number | undefined, environments: LambdaEnvironments, done: Promise<unknown>): Promise<number | undefined> {
  let ended = false;
  const end = () => (ended = true);
  done.then(end, end);
  while (!ended) {
    const item = (await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: progressKey(table) } }, ConsistentRead: true }))).Item;
    const progress = item && readProgress(item);
    if (progress && progress.generation !== generationBefore && progress.written >= progress.pages / 3) {
      await environments.kill();
      return progress.written;
    }
    await sleep(50);
  }
  return undefined;
}

async function manifestOf(client: DynamoDBClient, tableName: string, table: string): Promise<Manifest | undefined> {
  const item = (await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: manifestKey(table) } }, ConsistentRead: true }))).Item;
  const manifest = item && readManifest(item);
  return manifest && 'generation' in manifest ? manifest : undefined;
}

/** The loader's summary line for `table` says how many pages an earlier run had stored: "resumed after N already stored". */
export function resumedFromIn(logs: string, table: string): number | undefined {
  const escaped = table.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const said = new RegExp(`^${escaped}: loaded .*, resumed after (\\d+) already stored`, 'm').exec(logs);
  return said ? Number(said[1]) : undefined;
}

function cpuOf(fn: BundledFunction | undefined): string {
  if (!fn) return '';
  const { share, pinnedCores, note } = fn.cpu;
  return `${share.toFixed(2)} vCPU, ${pinnedCores !== undefined ? `pinned to ${pinnedCores} core(s)` : (note ?? 'not held')}`;
}

/** A run in a line, as the rehearsal logs it while it goes. */
function runLine(run: ProviderRun): string {
  const answer = answerOf(run);
  const what = run.failure ? `FAILED: ${run.failure.errorMessage.split('\n')[0]}` : `done: ${doneOf(answer)}; left: ${answer?.unfinished.length ?? 0}`;
  return `${run.handler} ${run.figures.cold ? 'cold' : 'warm'} ${run.figures.seconds.toFixed(0)} s, ${what}, peak ${run.figures.peakMemoryMb?.toFixed(0) ?? '?'} MB, ${run.readUnits ?? 0} read units, ${run.writes ?? 0} writes`;
}

const doneOf = (answer: LoadAnswer | undefined) => (answer?.tables ?? []).map((table) => `${table.table} ${table.status}${table.status === 'loaded' ? ` in ${table.seconds} s` : ''}`).join(', ') || 'none';

// ---------------------------------------------------------------------------------------------
// What the rehearsal prints

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const deploysOf = (result: LoaderDeploysResult) => [result.loaded, result.redeploy, result.killedDeploy, result.rollback, result.resumed];
const gbSeconds = (deploy: Deploy) => (deploy.memoryMb / 1024) * sum(deploy.outcome.runs.map(billedSeconds));

/** Every run of every deploy: its time, what it finished and what it left, its peak memory, reads and writes. */
export function loaderRunRows(result: LoaderDeploysResult): Row[] {
  return deploysOf(result).flatMap((deploy) =>
    deploy.outcome.runs.map((run, index): Row => {
      const answer = answerOf(run);
      return {
        deploy: index === 0 ? deploy.what : '',
        run: `${index + 1} ${run.handler} (${run.requestType})`,
        environment: run.figures.cold ? 'cold' : 'warm',
        seconds: run.figures.seconds.toFixed(0),
        'tables done': run.failure ? '' : doneOf(answer),
        'left for the next run': run.failure ? `FAILED: ${run.failure.errorMessage}` : (answer?.unfinished ?? []).map((left) => left.said).join(' ') || '',
        'peak MB': run.figures.peakMemoryMb?.toFixed(0) ?? '',
        'read units': String(run.readUnits ?? ''),
        writes: String(run.writes ?? ''),
      };
    }),
  );
}

/** Each deploy in a line: its outcome, runs, time, GB-seconds, reads and writes. */
export function loaderDeployRows(result: LoaderDeploysResult): Row[] {
  return deploysOf(result).map((deploy): Row => ({
    deploy: deploy.what,
    load: deploy.load,
    outcome: deploy.outcome.status + (deploy.outcome.reason ? `: ${deploy.outcome.reason.split('\n')[0]}` : ''),
    runs: deploy.outcome.runs.length,
    environments: deploy.outcome.runs.filter((run) => run.figures.cold).length,
    'wall s': deploy.outcome.wallSeconds.toFixed(0),
    [`deploy s (${LOADER_QUERY_INTERVAL_SECONDS} s waits counted)`]: deploy.outcome.deploySeconds.toFixed(0),
    'GB-s': gbSeconds(deploy).toFixed(0),
    'read units': sum(deploy.outcome.runs.map((run) => run.readUnits ?? 0)),
    writes: sum(deploy.outcome.runs.map((run) => run.writes ?? 0)),
  }));
}

/** The load as measured beside the plan's estimate of it (made for the stack's own timeout). */
export function loaderPlanRows(result: LoaderDeploysResult): Row[] {
  const { plan, loaded } = result;
  const runs = loaded.outcome.runs;
  const planBilled = plan.seconds - (plan.invocations - 1) * LOADER_QUERY_INTERVAL_SECONDS;
  const loadedIn = new Map(runs.flatMap((run) => (answerOf(run)?.tables ?? []).filter((table) => table.status === 'loaded').map((table) => [table.table, table] as const)));
  const figure = (name: string, measured: string, estimated: string): Row => ({ figure: name, measured, 'the plan\'s estimate': estimated });
  return [
    ...(plan.refusal ? [figure('the synth\'s refusal at this memory', '', plan.refusal)] : []),
    figure('the loader', `${result.memoryMb.toLocaleString('en-US')} MB (${result.cpu}), timeout ${result.timeoutSeconds} s, stops ${result.stopBeforeSeconds} s before`, `${plan.memoryMb.toLocaleString('en-US')} MB, timeout ${LOADER_TIMEOUT_SECONDS} s, stops ${LOADER_STOP_BEFORE_SECONDS} s before; ${plan.lanes} table(s) at once`),
    figure('runs', `${runs.length} (${runs.filter((run) => run.figures.cold).length} cold)`, String(plan.invocations)),
    figure('seconds, first run to the last one\'s end', `${loaded.outcome.deploySeconds.toFixed(0)} (${loaded.outcome.wallSeconds.toFixed(0)} without the framework's waits)`, plan.seconds.toFixed(0)),
    figure('the loader\'s billed seconds, GB-seconds, $', `${sum(runs.map(billedSeconds)).toFixed(0)}, ${gbSeconds(loaded).toFixed(0)}, $${(gbSeconds(loaded) * GB_SECOND_USD).toFixed(4)}`, `${planBilled.toFixed(0)}, ${((plan.memoryMb / 1024) * planBilled).toFixed(0)}, $${plan.cost.loader.toFixed(4)}`),
    figure('read units (the checks, all runs)', String(sum(runs.map((run) => run.readUnits ?? 0))), String(sum(plan.tables.map((table) => table.checkReadUnits)))),
    ...plan.tables.map((planned) => {
      const done = loadedIn.get(planned.estimate.table);
      return figure(
        `${planned.estimate.table}: seconds in the run that finished it (build + writes + checks)`,
        done ? `${done.seconds} (${done.pages.toLocaleString('en-US')} pages, ${done.written.toLocaleString('en-US')} written by that run)` : 'not loaded',
        `${(planned.buildSeconds + planned.writeSeconds + planned.checkSeconds).toFixed(0)} (${planned.buildSeconds.toFixed(0)} + ${planned.writeSeconds.toFixed(0)} + ${planned.checkSeconds.toFixed(0)}; ${planned.estimate.pages.toLocaleString('en-US')} pages)`,
      );
    }),
  ];
}

/** What the rehearsal checks, each in a line. */
export function loaderCheckRows(result: LoaderDeploysResult): Row[] {
  const figure = (check: string, outcome: string): Row => ({ check, outcome });
  const byTable = (answers: readonly CheckedAnswer[]) =>
    [...new Set(answers.map((answer) => answer.question.table))].map((table) => {
      const mine = answers.filter((answer) => answer.question.table === table);
      const steps = mine.flatMap((answer) => (answer.steps === undefined ? [] : [answer.steps]));
      const range = steps.length === 0 ? 'no steps' : `steps ${Math.min(...steps)} to ${Math.max(...steps)}`;
      return `${table} ${mine.filter((answer) => answer.exact).length}/${mine.length} exact, ${mine.filter((answer) => answer.fromTable).length} from the table (${range})`;
    }).join('; ');
  const last = answerOf(result.loaded.outcome.runs.at(-1)!);
  const redeployTables = result.redeploy.outcome.runs.flatMap((run) => answerOf(run)?.tables ?? []);
  const { killed } = result;
  return [
    figure('every table loaded (the last run\'s answer)', last ? `${last.tables.map((table) => `${table.table} ${table.status}`).join(', ')}; ${last.unfinished.length} left` : 'no answer'),
    figure('the API\'s answers (each against the puzzle\'s own search)', byTable(result.answers)),
    figure('the redeploy', `${result.redeploy.outcome.status}; ${sum(result.redeploy.outcome.runs.map((run) => run.writes ?? 0))} write requests; ${redeployTables.filter((table) => table.status === 'already-loaded' && table.written === 0).length} of ${redeployTables.length} table answers already loaded, nothing written`),
    figure('the killed deploy', `${result.killedDeploy.outcome.status}, killed with ${killed.storedWhenKilled ?? '?'} pages stored; CloudFormation's reason: ${JSON.stringify(result.killedDeploy.outcome.reason?.slice(0, 120))}`),
    figure('the manifest\'s generation: before, after the kill, after the rollback, after the next deploy', killed.generations.map(String).join(', ')),
    figure('the rollback', `${result.rollback.outcome.status}; ${sum(result.rollback.outcome.runs.map((run) => run.writes ?? 0))} write requests`),
    figure('the next deploy', `${result.resumed.outcome.status} in ${result.resumed.outcome.runs.length} runs; resumed after ${killed.resumedFrom ?? 'none'} already stored; depth ${killed.manifest?.depth}, ${killed.manifest?.pages.toLocaleString('en-US')} pages`),
    figure('the API\'s answers from it', byTable(result.resumedAnswers)),
    figure('the template\'s loader environment (STOP_BEFORE_TIMEOUT_SECONDS overridden here)', JSON.stringify(result.templateEnvironment)),
  ];
}
