/**
 * Loading tables, shared by `npm run precompute`, `npm start` and the deploy's loader: the options
 * they take and the one set of rules that checks them, and the orchestration of a load
 * (credentials first, the table created when missing, then the logical tables with progress on
 * stderr and a summary line on stdout as each is loaded).
 *
 * The tables are loaded on as many threads as the load is given (--workers, the machine's cores
 * by default): several tables at once, each on a thread of its own, in the order given (the first
 * asked for is started first), or one table alone built on all of them (its pages encoded, or its
 * arrays built, at once). This module is that thread's entry too, and so is a bundle that holds it
 * (the deploy's loader).
 */
import { availableParallelism } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { InvalidInputError } from '../core/errors';
import { startThread, threadJob } from '../core/threads';
import { type LoadChoices, type Registry, tableSpecs, tablesAsked } from '../puzzles/registry';
import type { LoadOption, LoadValues } from '../puzzles/roles/table-loads';
import { createDynamoClient, endpointProblem } from '../store/client';
import { DEFAULT_CONCURRENCY, type LoadProgress, type LoadResult, loadTable } from '../store/loader';
import { LoadStopped } from '../store/load-deadline';
import { ensureTable } from '../store/table-admin';
// The page-encoding job, defined as this module loads: a thread running a bundle that holds this
// module (the deploy's loader) finds it at once, without reaching the puzzles' lazily imported roles.
import '../packing/page-encoding';
import type { AnyTableSpec } from '../store/table-pages';
import { DEFAULT_TABLE_NAME, tableNameProblem } from '../store/table-schema';
import { createProgressReporter } from './load-progress';
/** Batches in flight at most: beyond this a local server only queues them. */
const MAX_CONCURRENCY = 256;
/**
 * Sockets beyond the batches in flight: the checkpoint writes, the manifest reads and the
 * verification's parallel scan segments go alongside the batches without waiting for a socket.
 */
const SPARE_SOCKETS = 8;

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The options every load takes, as `node:util` parseArgs takes them; each puzzle with tables adds its own. */
export const COMMON_LOAD_OPTIONS = {
  endpoint: { type: 'string' },
  table: { type: 'string' },
  region: { type: 'string' },
  tables: { type: 'string' },
  // the same option under the contract's name
  goals: { type: 'string' },
  concurrency: { type: 'string' },
  workers: { type: 'string' },
  'read-units': { type: 'string' },
  force: { type: 'boolean' },
} as const;

/** Threads a load may use at most. */
const MAX_WORKERS = 64;
/** The most --read-units takes (a bound that catches a slip of the keyboard, far above any table's cap here). */
const MAX_READ_UNITS = 1_000_000;

/** A load as the commands take it: the options (common and the puzzles' own), their usage, and the one set of rules that checks them. */
export interface LoadCommand {
  readonly choices: LoadChoices;
  readonly options: typeof COMMON_LOAD_OPTIONS & Readonly<Record<string, LoadOption>>;
  readonly usage: string;
  /** The options only the puzzles take, as parseArgs takes them. */
  readonly puzzleOptions: Readonly<Record<string, LoadOption>>;
  /** Their usage lines. */
  readonly puzzleUsage: string;
}

export async function loadCommand(registry: Registry): Promise<LoadCommand> {
  const choices = await registry.loadChoices();
  return {
    choices,
    options: { ...COMMON_LOAD_OPTIONS, ...choices.options },
    puzzleOptions: choices.options,
    puzzleUsage: choices.usage,
    usage: `  --endpoint URL         a local DynamoDB-compatible server (default: AWS, standard credentials)
  --table NAME           table name (default: ${DEFAULT_TABLE_NAME}); created when missing
  --region REGION        AWS region (default: AWS_REGION, else us-east-1); any name with --endpoint
  --tables LIST          comma-separated tables: ${choices.names.join(', ')} (default: all of them); --goals LIST is the same
${choices.usage}
  --concurrency N        batches of 25 pages in flight, 1..${MAX_CONCURRENCY} (default: ${DEFAULT_CONCURRENCY})
  --workers N            threads that build tables (several at once) and a table's records, pages or arrays, 1..${MAX_WORKERS}
                         (default: the machine's cores, ${availableParallelism()} here)
  --read-units N         read units a second the load's checks may take from the table, all tables
                         together (default: as fast as the table allows); on a table that answers
                         while it is reloaded, leave the function the rest of its cap on reads
  --force                reload tables whose manifest says they are loaded, that an older version wrote,
                         or that hold another goal under the same name (or other parts of it)`,
  };
}

export interface LoadSettings {
  readonly endpoint?: string;
  readonly table: string;
  readonly region?: string;
  readonly specs: AnyTableSpec[];
  readonly concurrency: number;
  /** Threads: tables built at once, or the threads that build one table (its pages, or its arrays). */
  readonly workers: number;
  readonly force: boolean;
  /** Read units a second the load's own reads may take, all its tables together; undefined: unpaced. */
  readonly readUnits: number | undefined;
  /** The options these came from, checked: what a thread of its own makes its table's spec from again. */
  readonly values: LoadOptionValues;
  /** Where the threads find the registry these settings were made with (LoadChoices' `registryModule`). */
  readonly registryModule?: string;
}

/** The options' values as parseArgs gives them: these, and each puzzle's own. */
export interface LoadOptionValues extends LoadValues {
  readonly endpoint?: string;
  readonly table?: string;
  readonly region?: string;
  readonly tables?: string;
  readonly goals?: string;
  readonly concurrency?: string;
  readonly workers?: string;
  readonly 'read-units'?: string;
  readonly force?: boolean;
}

function integerOption(name: string, text: string | undefined, min: number, max: number, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}; got "${text}".`);
  }
  return Number(text);
}

/** The one set of rules for a load's options. */
export function loadSettingsFrom(values: LoadOptionValues, choices: LoadChoices): LoadSettings {
  const { endpoint, region } = values;
  const table = values.table ?? DEFAULT_TABLE_NAME;
  const endpointWrong = endpoint === undefined ? undefined : endpointProblem(endpoint);
  if (endpointWrong) throw new UsageError(`--endpoint ${endpointWrong}.`);
  const tableWrong = tableNameProblem(table);
  if (tableWrong) throw new UsageError(`--table ${tableWrong}.`);
  // --table names the DynamoDB table, --tables what goes into it: one letter apart, so a slip is caught
  if (choices.names.includes(table)) throw new UsageError(`--table ${table} would load into a DynamoDB table named ${table}; to load the ${table} table, give --tables ${table}.`);
  // A local server takes any region name (it only names the data); AWS has a fixed set of forms.
  if (region !== undefined && endpoint === undefined && !/^[a-z]{2}(-[a-z]+)+-\d+$/.test(region)) {
    throw new UsageError(`--region must be an AWS region such as eu-west-1; got "${region}".`);
  }
  if (region !== undefined && !/^[A-Za-z0-9-]{1,64}$/.test(region)) {
    throw new UsageError(`--region must be a region name of letters, digits and "-"; got "${region}".`);
  }
  const concurrency = integerOption('concurrency', values.concurrency, 1, MAX_CONCURRENCY, DEFAULT_CONCURRENCY);
  const workers = integerOption('workers', values.workers, 1, MAX_WORKERS, availableParallelism());
  const readUnits = values['read-units'] === undefined ? undefined : integerOption('read-units', values['read-units'], 1, MAX_READ_UNITS, 0);
  let specs: AnyTableSpec[];
  try {
    specs = tableSpecs(choices, tablesAsked(values), values);
  } catch (error) {
    if (error instanceof InvalidInputError) throw new UsageError(error.message);
    throw error;
  }
  return { endpoint, table, region, specs, concurrency, workers, force: values.force ?? false, readUnits, values, registryModule: choices.registryModule };
}

/** The options as a command line again (npm start hands its load to npm run precompute). */
export function loadArguments(values: LoadOptionValues): string[] {
  return Object.entries(values).flatMap(([name, value]) => {
    if (value === undefined || value === false) return [];
    if (value === true) return [`--${name}`];
    return (Array.isArray(value) ? value : [value]).flatMap((one) => [`--${name}`, one]);
  });
}

export function summaryLine(result: LoadResult): string {
  const { manifest } = result;
  // a table of arrays has entries, not positions at a depth
  const held = manifest.kind === 'arrays' ? `${manifest.positions} entries in ${manifest.arrays?.length ?? 0} arrays` : `${manifest.positions} positions, depth ${manifest.depth}`;
  const size = `${manifest.pages} pages (${held}, ${(manifest.bytes / 1e6).toFixed(1)} MB, ${manifest.writeUnits} write units)`;
  if (result.status === 'already-loaded') {
    return `${result.table}: already loaded: ${size}, completed ${manifest.completedAt}; nothing to do (--force reloads).`;
  }
  if (result.status === 'restored') {
    return `${result.table}: restored the previous load, kept for this: ${size}, completed ${manifest.completedAt}; no page written${result.removed > 0 ? `, ${result.removed} stale items removed` : ''}.`;
  }
  const rate = Math.round(result.written / Math.max(result.seconds, 1e-3));
  const retries = result.stats.unprocessedRetries + result.stats.errorRetries;
  return (
    `${result.table}: loaded ${size} in ${result.seconds.toFixed(1)} s, ` +
    `${result.written} pages written by this run (${rate} pages/s)` +
    (result.resumedFrom > 0 ? `, resumed after ${result.resumedFrom} already stored` : '') +
    (result.removed > 0 ? `, ${result.removed} stale items removed` : '') +
    `, ${retries} retries (${result.stats.throttles} throttled); verified; manifest ${manifest.checksum.slice(0, 19)}…`
  );
}

/** No AWS credentials could be found: said before any work, with what was tried and what to do. */
export class MissingCredentialsError extends Error {
  override readonly name = 'MissingCredentialsError';
}

async function checkCredentials(client: DynamoDBClient): Promise<void> {
  try {
    await client.config.credentials();
  } catch (error) {
    throw new MissingCredentialsError(
      'No AWS credentials were found. The AWS SDK looked, in order, at: the environment (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY), ' +
        `the SSO session, web identity token and profiles of ~/.aws/config and ~/.aws/credentials (profile ${process.env.AWS_PROFILE ?? 'default'}), ` +
        'a credential_process, and the ECS and EC2 metadata services. Configure one of them (for example `aws configure` or `aws sso login`), ' +
        `or load a local DynamoDB-compatible server instead with --endpoint URL (npm start runs one itself). (${(error as Error).message})`,
    );
  }
}

/**
 * A time for a load to stop by (the deploy's loader, which Lambda stops at its timeout): tables
 * not loaded by then are left where they stopped, for the next run to resume (store/load-deadline.ts).
 */
export interface LoadDeadline {
  /** Date.now() to stop by. */
  readonly stopAt: number;
  /**
   * How long a table's build is expected to take, in ms. A build cannot be stopped half-way, so a
   * table is started only when its build would be done in time, or when its lane has started
   * nothing yet (so that every run makes progress).
   */
  buildMs(spec: AnyTableSpec): number;
}

/** What a load did: the tables loaded, in the order given, and those it left for the next run. */
export interface TablesLoaded {
  readonly loaded: LoadResult[];
  /** Tables stopped for time, or not started: each with its sentence. */
  readonly unfinished: { readonly table: string; readonly said: string }[];
}

/**
 * Loads every table of the settings; `onLoaded` hears of each as soon as it is complete. Tables
 * are started in the order given: with one thread, each in turn on this one; with more, as many
 * at once as there are threads, each on a thread of its own, and a table loaded alone is built on
 * all of them. With a deadline, what is not done by then is left for the next run.
 */
export async function loadTables(settings: LoadSettings, onLoaded?: (result: LoadResult) => void, deadline?: LoadDeadline): Promise<TablesLoaded> {
  const client = createDynamoClient({ endpoint: settings.endpoint, region: settings.region, maxSockets: settings.concurrency + SPARE_SOCKETS });
  const progress = createProgressReporter();
  try {
    if (settings.endpoint === undefined) await checkCredentials(client);
    await ensureTable(client, settings.table);
    const lanes = Math.min(settings.workers, settings.specs.length);
    // Threads left over for each table's build once every lane has a table of its own.
    const threads = Math.max(1, Math.floor(settings.workers / lanes));
    const results: (LoadResult | undefined)[] = new Array(settings.specs.length);
    const unfinished: TablesLoaded['unfinished'] = [];
    // Several tables: each on a thread of its own, even one after another, whose memory goes with
    // it. On one thread, the next table's build came before the collector had freed the last one's:
    // the two largest tables in turn peaked at 3.0 GB where one alone takes 1.8 GB.
    const loadOne = (spec: AnyTableSpec) =>
      settings.specs.length === 1
        ? loadTable(client, spec, { ...loadOptions(settings, threads, 1), stopAt: deadline?.stopAt, onProgress: (p) => progress.update(p) })
        : loadOnThread(settings, spec.table, threads, lanes, (p) => progress.update(p), deadline?.stopAt);
    let next = 0;
    let stopped = false;
    const lane = async () => {
      for (let index = next++, first = true; index < settings.specs.length; index = next++, first = false) {
        const spec = settings.specs[index];
        if (deadline && (stopped || (!first && Date.now() + deadline.buildMs(spec) > deadline.stopAt))) {
          // not begun: its build would run past the time to stop by
          stopped = true;
          unfinished.push({ table: spec.table, said: `${spec.table}: not started, its build would not be done in time; the next run starts it.` });
          continue;
        }
        try {
          const result = await loadOne(spec);
          progress.done(result.table);
          process.stdout.write(`${summaryLine(result)}\n`);
          results[index] = result;
          onLoaded?.(result);
        } catch (error) {
          if (!(error instanceof LoadStopped)) throw error;
          stopped = true;
          progress.done(spec.table);
          process.stdout.write(`${error.message}\n`);
          unfinished.push({ table: spec.table, said: error.message });
        }
      }
    };
    const outcomes = await Promise.allSettled(Array.from({ length: Math.max(lanes, 1) }, lane));
    const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    return { loaded: results.filter((result): result is LoadResult => result !== undefined), unfinished };
  } finally {
    progress.stop();
    client.destroy();
  }
}

/** A table's load options; `lanes` tables loading at once share the load's read units a second. */
function loadOptions(settings: LoadSettings, threads: number, lanes: number) {
  const readUnitsPerSecond = settings.readUnits === undefined ? undefined : settings.readUnits / lanes;
  return { tableName: settings.table, concurrency: settings.concurrency, force: settings.force, threads, readUnitsPerSecond };
}

/** What a table's thread is given: the load's checked options, and its table. */
interface TableThreadData {
  readonly values: LoadOptionValues;
  readonly table: string;
  readonly threads: number;
  /** Tables loading at once, sharing the load's read units. */
  readonly lanes: number;
  /** The module whose `registry` the load serves (Registry's `module`); absent, the service's own. */
  readonly registryModule?: string;
  /** The time to stop by (LoadOptions.stopAt), if any. */
  readonly stopAt?: number;
}

/** What a table's thread tells: its progress, then its result or why it failed. */
type TableThreadMessage =
  | { readonly progress: LoadProgress }
  | { readonly result: LoadResult }
  | { readonly stopped: Pick<LoadStopped, 'table' | 'stored' | 'total' | 'phase'> }
  | { readonly failed: { readonly name: string; readonly message: string } };


// A table's thread serves the service's own puzzles, unless the load's registry names its module.
const registered = () => import('../puzzles/registered').then(({ registry }) => registry);
const registryIn = async (module: string): Promise<Registry> => ((await import(module)) as { registry: Registry }).registry;
const LOAD_TABLE = threadJob<TableThreadData>(import.meta.url, 'load a table', async (data) => loadOwnTable(await (data.registryModule === undefined ? registered() : registryIn(data.registryModule)), data));

/** Loads one table of the settings on a thread of its own, with a client of its own. */
function loadOnThread(settings: LoadSettings, table: string, threads: number, lanes: number, onProgress: (progress: LoadProgress) => void, stopAt?: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = startThread(LOAD_TABLE, { values: settings.values, table, threads, lanes, registryModule: settings.registryModule, stopAt });
    let settled = false;
    // Settled by the thread's word, and the thread then ended: nothing it still holds (an idle
    // socket, a timer) keeps the load waiting for it to exit.
    const settle = (outcome: { result: LoadResult } | { error: Error }) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      if ('result' in outcome) resolve(outcome.result);
      else reject(outcome.error);
    };
    worker.on('message', (message: TableThreadMessage) => {
      if ('progress' in message) onProgress(message.progress);
      else if ('result' in message) settle({ result: message.result });
      else if ('stopped' in message) settle({ error: new LoadStopped(message.stopped.table, message.stopped.stored, message.stopped.total, message.stopped.phase) });
      else settle({ error: Object.assign(new Error(message.failed.message), { name: message.failed.name }) });
    });
    worker.once('error', (error) => settle({ error }));
    worker.once('exit', (code) => settle({ error: new Error(`the thread loading ${table} stopped with code ${code} before it was done`) }));
  });
}

/** A table's thread: its spec made again from the load's options, loaded, and the result told. */
async function loadOwnTable(registry: Registry, { values, table, threads, lanes, stopAt }: TableThreadData): Promise<void> {
  const tell = (message: TableThreadMessage) => parentPort!.postMessage(message);
  try {
    const settings = loadSettingsFrom(values, await registry.loadChoices());
    const spec = settings.specs.find((one) => one.table === table);
    if (!spec) throw new Error(`the load's options make no table ${table}`);
    const client = createDynamoClient({ endpoint: settings.endpoint, region: settings.region, maxSockets: settings.concurrency + SPARE_SOCKETS });
    try {
      tell({ result: await loadTable(client, spec, { ...loadOptions(settings, threads, lanes), stopAt, onProgress: (progress) => tell({ progress }) }) });
    } finally {
      client.destroy();
    }
  } catch (error) {
    if (error instanceof LoadStopped) tell({ stopped: { table: error.table, stored: error.stored, total: error.total, phase: error.phase } });
    else tell({ failed: { name: (error as Error).name, message: (error as Error).message } });
  }
}
