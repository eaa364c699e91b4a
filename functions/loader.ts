/**
 * The load as a Lambda function: the stack's custom resource runs it once the table exists, as
 * many times as the load takes (lib/tablebase-loader.ts), so that `cdk deploy` ends with the
 * tables loaded and verified. It runs the loader of `npm run precompute`, on the settings the stack
 * gives it in its environment. A load already complete is a no-op that writes nothing (a redeploy
 * whose loader or load changed runs it again); a failure throws its sentence, which the provider
 * framework hands CloudFormation as the deploy's failure message.
 */
import { InvalidInputError } from '../core/errors';
import { reachThreadJobsBy } from '../core/threads';
import { registry } from '../puzzles/registered';
import { parseLoadWords } from '../puzzles/registry';
import { UsageError, loadSettingsFrom, loadTables } from '../load/load-tables';
import type { LoadAnswer, LoadRequest } from '../lib/load-answer';
import { LAMBDA_CORE_SLOWDOWN, LOADER_STOP_BEFORE_SECONDS, wholeVcpusAt } from '../lib/load-plan';
import type { AnyTableSpec } from '../store/table-pages';

// The load's threads run this bundle; the jobs of a table's build (measuring its records, its
// databases' groups) are in the puzzles' offline roles, which it imports lazily.
reachThreadJobsBy(() => registry.withOfflineRoles());

/** What the stack sets (lib/tablebase-loader.ts). */
export interface LoaderEnvironment {
  readonly TABLE_NAME?: string;
  /** The load's options, as `npm run precompute` takes them (its words, joined by spaces). */
  readonly LOAD_OPTIONS?: string;
  /** A DynamoDB-compatible server instead of AWS (rehearsals on this machine only). */
  readonly DYNAMODB_ENDPOINT?: string;
  /** Read units a second the load's checks may take, leaving the rest of the table's cap to the API (set by the stack). */
  readonly READ_UNITS_PER_SECOND?: string;
  /** Set by Lambda: the function's memory in MB, which gives its CPU. */
  readonly AWS_LAMBDA_FUNCTION_MEMORY_SIZE?: string;
  /** Seconds before its timeout a run stops (set by the stack; a rehearsal cuts it short with the timeout). */
  readonly STOP_BEFORE_TIMEOUT_SECONDS?: string;
}

/**
 * The threads a load gets from the function's memory: the whole vCPUs' worth of time Lambda gives
 * it (the cores the function sees may be more than it is given time on). Whole, not rounded up:
 * the load's plan sizes the memory for one table at a time, and a second thread (a second table,
 * or a second copy of the bundle measuring records) would need memory the plan did not give.
 */
export function workersOf(memoryMb: string | undefined): string | undefined {
  const mb = Number(memoryMb);
  return Number.isInteger(mb) && mb > 0 ? String(wholeVcpusAt(mb)) : undefined;
}

export async function loaderSettings(environment: LoaderEnvironment) {
  if (!environment.TABLE_NAME) throw new UsageError('TABLE_NAME is not set: the stack sets it to the table to load.');
  const choices = await registry.loadChoices();
  let parsed;
  try {
    parsed = parseLoadWords(choices, (environment.LOAD_OPTIONS ?? '').split(/\s+/).filter(Boolean));
  } catch (error) {
    if (error instanceof InvalidInputError) throw new UsageError(`LOAD_OPTIONS: ${error.message}`);
    throw error;
  }
  return loadSettingsFrom(
    {
      workers: workersOf(environment.AWS_LAMBDA_FUNCTION_MEMORY_SIZE),
      'read-units': environment.READ_UNITS_PER_SECOND || undefined,
      ...parsed.values,
      tables: parsed.tables,
      table: environment.TABLE_NAME,
      endpoint: environment.DYNAMODB_ENDPOINT || undefined,
    },
    choices,
  );
}

/** What Lambda's context gives the loader: its time left. */
export interface LoaderContext {
  getRemainingTimeInMillis(): number;
}

/**
 * One run of the deploy's load: the tables loaded until done, or until shortly before Lambda's
 * timeout, their place kept for the next run, which the provider framework makes until the
 * answer says the load is complete. Each table's build is started only when it would be done in
 * time (its estimate, at a Lambda vCPU's pace), or when the run has started nothing yet.
 * Deleting the resource leaves the table as it is (the table's own removal policy decides).
 */
export async function handler(request: LoadRequest | undefined, context?: LoaderContext): Promise<LoadAnswer> {
  const environment = process.env as LoaderEnvironment;
  const resource = request?.PhysicalResourceId ?? `tables in ${environment.TABLE_NAME ?? 'the stack\'s table'}`;
  if (request?.RequestType === 'Delete') return { PhysicalResourceId: resource, IsComplete: true, tables: [], unfinished: [] };
  const stopBefore = Number(environment.STOP_BEFORE_TIMEOUT_SECONDS ?? LOADER_STOP_BEFORE_SECONDS) * 1000;
  const deadline = context
    ? { stopAt: Date.now() + context.getRemainingTimeInMillis() - stopBefore, buildMs: (spec: AnyTableSpec) => (spec.estimate?.().buildSeconds ?? 0) * LAMBDA_CORE_SLOWDOWN * 1000 }
    : undefined;
  const { loaded, unfinished } = await loadTables(await loaderSettings(environment), undefined, deadline);
  return {
    PhysicalResourceId: resource,
    IsComplete: unfinished.length === 0,
    tables: loaded.map(({ table, status, manifest, written, seconds }) => ({
      table,
      status,
      pages: manifest.pages,
      positions: manifest.positions,
      depth: manifest.depth,
      written,
      seconds: Math.round(seconds * 10) / 10,
    })),
    unfinished,
  };
}
