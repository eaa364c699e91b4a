/**
 * The load as a Lambda function: the stack's trigger invokes it once the table exists, so that
 * `cdk deploy` ends with the tables loaded and verified. It runs the loader of `npm run
 * precompute`, on the settings the stack gives it in its environment; the trigger's Invoke carries
 * no payload. A load already complete is a no-op that writes nothing (every redeploy re-runs it);
 * a failure throws its sentence, which the trigger turns into the deploy's failure message.
 */
import { InvalidInputError } from '../core/errors';
import { MB_PER_VCPU } from '../lib/function-defaults';
import { registry } from '../puzzles/registered';
import { parseLoadWords } from '../puzzles/registry';
import { UsageError, loadSettingsFrom, loadTables } from '../scripts/load-tables';

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
}

/**
 * The threads a load gets from the function's memory: the vCPUs' worth of time Lambda gives it,
 * rounded (the cores the function sees may be more than it is given time on).
 */
export function workersOf(memoryMb: string | undefined): string | undefined {
  const mb = Number(memoryMb);
  return Number.isInteger(mb) && mb > 0 ? String(Math.max(1, Math.round(mb / MB_PER_VCPU))) : undefined;
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

export interface LoadSummary {
  readonly table: string;
  readonly status: 'already-loaded' | 'restored' | 'loaded';
  readonly pages: number;
  readonly positions: number;
  readonly depth: number;
  readonly written: number;
  readonly seconds: number;
}

export async function handler(): Promise<{ readonly tables: LoadSummary[] }> {
  const results = await loadTables(await loaderSettings(process.env as LoaderEnvironment));
  return {
    tables: results.map(({ table, status, manifest, written, seconds }) => ({
      table,
      status,
      pages: manifest.pages,
      positions: manifest.positions,
      depth: manifest.depth,
      written,
      seconds: Math.round(seconds * 10) / 10,
    })),
  };
}
