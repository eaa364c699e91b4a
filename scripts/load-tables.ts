/**
 * Loading tables, shared by `npm run precompute` and `npm start`: the options both take and the
 * one set of rules that checks them, and the orchestration of a load (credentials first, the table
 * created when missing, each logical table loaded in turn with progress on stderr and a summary
 * line on stdout).
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { InvalidInputError } from '../core/errors';
import { type LoadChoices, loadChoices, tableSpecs } from '../puzzles/registry';
import type { LoadOption, LoadValues } from '../puzzles/roles/table-loads';
import { createDynamoClient, endpointProblem } from '../store/client';
import { DEFAULT_CONCURRENCY, type LoadResult, loadTable } from '../store/loader';
import { ensureTable } from '../store/table-admin';
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
  goals: { type: 'string' },
  concurrency: { type: 'string' },
  force: { type: 'boolean' },
} as const;

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

export async function loadCommand(): Promise<LoadCommand> {
  const choices = await loadChoices();
  return {
    choices,
    options: { ...COMMON_LOAD_OPTIONS, ...choices.options },
    puzzleOptions: choices.options,
    puzzleUsage: choices.usage,
    usage: `  --endpoint URL         a local DynamoDB-compatible server (default: AWS, standard credentials)
  --table NAME           table name (default: ${DEFAULT_TABLE_NAME}); created when missing
  --region REGION        AWS region (default: AWS_REGION, else us-east-1); any name with --endpoint
  --goals LIST           comma-separated tables: ${choices.names.join(', ')} (default: all of them)
${choices.usage}
  --concurrency N        batches of 25 pages in flight, 1..${MAX_CONCURRENCY} (default: ${DEFAULT_CONCURRENCY})
  --force                reload tables whose manifest says they are loaded, that an older version wrote,
                         or that hold another goal under the same name`,
  };
}

export interface LoadSettings {
  readonly endpoint?: string;
  readonly table: string;
  readonly region?: string;
  readonly specs: AnyTableSpec[];
  readonly concurrency: number;
  readonly force: boolean;
}

/** The options' values as parseArgs gives them: these, and each puzzle's own. */
export interface LoadOptionValues extends LoadValues {
  readonly endpoint?: string;
  readonly table?: string;
  readonly region?: string;
  readonly goals?: string;
  readonly concurrency?: string;
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
  // A local server takes any region name (it only names the data); AWS has a fixed set of forms.
  if (region !== undefined && endpoint === undefined && !/^[a-z]{2}(-[a-z]+)+-\d+$/.test(region)) {
    throw new UsageError(`--region must be an AWS region such as eu-west-1; got "${region}".`);
  }
  if (region !== undefined && !/^[A-Za-z0-9-]{1,64}$/.test(region)) {
    throw new UsageError(`--region must be a region name of letters, digits and "-"; got "${region}".`);
  }
  const concurrency = integerOption('concurrency', values.concurrency, 1, MAX_CONCURRENCY, DEFAULT_CONCURRENCY);
  let specs: AnyTableSpec[];
  try {
    specs = tableSpecs(choices, values.goals, values);
  } catch (error) {
    if (error instanceof InvalidInputError) throw new UsageError(error.message);
    throw error;
  }
  return { endpoint, table, region, specs, concurrency, force: values.force ?? false };
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

/** Loads every table of the settings, in turn; `onLoaded` hears of each as soon as it is complete. */
export async function loadTables(settings: LoadSettings, onLoaded?: (result: LoadResult) => void): Promise<LoadResult[]> {
  const client = createDynamoClient({ endpoint: settings.endpoint, region: settings.region, maxSockets: settings.concurrency + SPARE_SOCKETS });
  const progress = createProgressReporter();
  try {
    if (settings.endpoint === undefined) await checkCredentials(client);
    await ensureTable(client, settings.table);
    const results: LoadResult[] = [];
    for (const spec of settings.specs) {
      const result = await loadTable(client, spec, {
        tableName: settings.table,
        concurrency: settings.concurrency,
        force: settings.force,
        onProgress: (p) => progress.update(p),
      });
      progress.stop();
      process.stdout.write(`${summaryLine(result)}\n`);
      results.push(result);
      onLoaded?.(result);
    }
    return results;
  } finally {
    progress.stop();
    client.destroy();
  }
}
