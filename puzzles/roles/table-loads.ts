/**
 * The table-loads role, for a puzzle with stored tables: which tables a load computes (npm run
 * precompute, npm start, the deploy's loader), and the load options only this puzzle takes. Only
 * the loads read it, never the function.
 */
import type { AnyTableSpec } from '../../store/table-pages';

/** What a load was asked for, as parseArgs gives it. */
export type LoadValues = Readonly<Record<string, string | boolean | string[] | undefined>>;

export interface LoadOption {
  readonly type: 'string' | 'boolean';
  readonly multiple?: boolean;
}

export interface TableLoads {
  /** The names --tables selects its tables by. */
  readonly names: readonly string[];
  /** The options of a load only this puzzle takes, as parseArgs takes them, and their usage. */
  readonly options?: Readonly<Record<string, LoadOption>>;
  readonly usage?: string;
  /** The loads asked for: `names` those of its names that --tables selected (all of them without --tables). */
  specs(names: readonly string[], values: LoadValues): AnyTableSpec[];
}
