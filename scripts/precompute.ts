/**
 * `npm run precompute -- [options]`: BFS every table and load it into DynamoDB as pages of
 * positions, resumable and verified. AWS by default (standard credential chain); `--endpoint` for a
 * local DynamoDB-compatible server. Progress on stderr; one summary line per table on stdout.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { KNIGHTS_GOALS, type KnightsGoalName, isGoalName } from '../core/knights/goals';
import { createDynamoClient } from '../store/client';
import { DEFAULT_CONCURRENCY, type LoadResult, loadTable } from '../store/loader';
import { KNIGHTS_DEFAULT_DEPTH, KNIGHTS_MAX_DEPTH, type TableSpec, eightSpec, knightsSpec } from '../store/table-pages';
import { ensureTable } from '../store/table-admin';
import { DEFAULT_TABLE_NAME } from '../store/table-schema';
import { createProgressReporter } from './load-progress';

const EIGHT = 'eight';

export const USAGE = `usage: npm run precompute -- [options]
  --endpoint URL         a local DynamoDB-compatible server (default: AWS, standard credentials)
  --table NAME           table name (default: ${DEFAULT_TABLE_NAME}); created when missing
  --region REGION        AWS region (default: AWS_REGION, else us-east-1)
  --goals LIST           comma-separated: knights goal names (${[...KNIGHTS_GOALS.keys()].join(', ')}) and/or ${EIGHT} (default: all)
  --knights-depth N      knights positions up to N moves from the goal, 0..${KNIGHTS_MAX_DEPTH} (default: ${KNIGHTS_DEFAULT_DEPTH})
  --concurrency N        batches of 25 pages in flight, 1..256 (default: ${DEFAULT_CONCURRENCY})
  --force                reload tables whose manifest says they are loaded`;

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface PrecomputeOptions {
  readonly endpoint?: string;
  readonly table: string;
  readonly region?: string;
  readonly specs: TableSpec[];
  readonly concurrency: number;
  readonly force: boolean;
}

function integerOption(name: string, text: string | undefined, min: number, max: number, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}; got "${text}".`);
  }
  return Number(text);
}

export function parsePrecomputeOptions(argv: string[]): PrecomputeOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        endpoint: { type: 'string' },
        table: { type: 'string', default: DEFAULT_TABLE_NAME },
        region: { type: 'string' },
        goals: { type: 'string' },
        'knights-depth': { type: 'string' },
        concurrency: { type: 'string' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]);
  }
  const { values } = parsed;
  if (values.help) return 'help';
  if (values.endpoint !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(values.endpoint);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol)) throw new UsageError(`--endpoint must be an http(s) URL such as http://127.0.0.1:8000; got "${values.endpoint}".`);
  }
  if (!/^[A-Za-z0-9_.-]{3,255}$/.test(values.table)) {
    throw new UsageError(`--table must be 3 to 255 letters, digits, "_", "-" or "."; got "${values.table}".`);
  }
  if (values.region !== undefined && !/^[a-z]{2}(-[a-z]+)+-\d+$/.test(values.region)) {
    throw new UsageError(`--region must be an AWS region such as eu-west-1; got "${values.region}".`);
  }
  const depth = integerOption('knights-depth', values['knights-depth'], 0, KNIGHTS_MAX_DEPTH, KNIGHTS_DEFAULT_DEPTH);
  const concurrency = integerOption('concurrency', values.concurrency, 1, 256, DEFAULT_CONCURRENCY);
  const names = values.goals === undefined ? undefined : values.goals.split(',').map((name) => name.trim());
  return { endpoint: values.endpoint, table: values.table, region: values.region, specs: tableSpecs(names, depth), concurrency, force: values.force };
}

/** The tables to load: knights goals by name and/or `eight`; all of them by default. */
export function tableSpecs(names: readonly string[] = [...KNIGHTS_GOALS.keys(), EIGHT], knightsDepth = KNIGHTS_DEFAULT_DEPTH): TableSpec[] {
  return [...new Set(names)].map((name) => {
    if (name === EIGHT) return eightSpec();
    if (isGoalName(name)) return knightsSpec(name as KnightsGoalName, knightsDepth);
    throw new UsageError(`--goals: there is no table "${name}"; use ${[...KNIGHTS_GOALS.keys(), EIGHT].join(', ')}.`);
  });
}

export function summaryLine(result: LoadResult): string {
  const { manifest } = result;
  const size = `${manifest.pages} pages (${manifest.positions} positions, depth ${manifest.depth}, ${(manifest.bytes / 1e6).toFixed(1)} MB, ${manifest.writeUnits} write units)`;
  if (result.status === 'already-loaded') {
    return `${result.table}: already loaded: ${size}, completed ${manifest.completedAt}; nothing to do (--force reloads).`;
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

export async function precompute(options: PrecomputeOptions, onLoaded?: (result: LoadResult) => void): Promise<LoadResult[]> {
  const client = createDynamoClient({ endpoint: options.endpoint, region: options.region, maxSockets: options.concurrency + 8 });
  const progress = createProgressReporter();
  try {
    await ensureTable(client, options.table);
    const results: LoadResult[] = [];
    for (const spec of options.specs) {
      const result = await loadTable(client, spec, {
        tableName: options.table,
        concurrency: options.concurrency,
        force: options.force,
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let options;
  try {
    options = parsePrecomputeOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
  } else {
    try {
      await precompute(options);
    } catch (error) {
      process.stderr.write(`precompute failed: ${(error as Error).message}\n`);
      process.exit(1);
    }
  }
}
