/**
 * The load as a Lambda function: the stack's trigger invokes it once the table exists, so that
 * `cdk deploy` ends with the tables loaded and verified. It runs the loader of `npm run
 * precompute`, on the settings the stack gives it in its environment; the trigger's Invoke carries
 * no payload. A load already complete is a no-op that writes nothing (every redeploy re-runs it);
 * a failure throws its sentence, which the trigger turns into the deploy's failure message.
 */
import { InvalidInputError } from '../core/errors';
import { loadChoices, parseLoadWords } from '../puzzles/registry';
import { UsageError, loadSettingsFrom, loadTables } from './load-tables';

/** What the stack sets (lib/tablebase-loader.ts). */
export interface LoaderEnvironment {
  readonly TABLE_NAME?: string;
  /** The load's options, as `npm run precompute` takes them (its words, joined by spaces). */
  readonly LOAD_OPTIONS?: string;
  /** A DynamoDB-compatible server instead of AWS (rehearsals on this machine only). */
  readonly DYNAMODB_ENDPOINT?: string;
}

export async function loaderSettings(environment: LoaderEnvironment) {
  if (!environment.TABLE_NAME) throw new UsageError('TABLE_NAME is not set: the stack sets it to the table to load.');
  const choices = await loadChoices();
  let parsed;
  try {
    parsed = parseLoadWords(choices, (environment.LOAD_OPTIONS ?? '').split(/\s+/).filter(Boolean));
  } catch (error) {
    if (error instanceof InvalidInputError) throw new UsageError(`LOAD_OPTIONS: ${error.message}`);
    throw error;
  }
  return loadSettingsFrom({ ...parsed.values, goals: parsed.goals, table: environment.TABLE_NAME, endpoint: environment.DYNAMODB_ENDPOINT || undefined }, choices);
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
