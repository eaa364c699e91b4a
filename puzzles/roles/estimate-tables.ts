/**
 * The estimate-tables role, for a puzzle whose search reads precomputed estimates (tables of byte
 * arrays, store/array-pages.ts) rather than answers: which tables, and the search that uses them
 * once they are read. The service reads them once per container and hands them over; until then,
 * or when a table cannot be read, the solver's own search answers (slower, never wrong).
 */
import type { SearchBudget } from '../../core/ida-star';
import type { MoveValue } from '../../core/move-values';
import type { TableId } from '../../store/table-keys';
import type { Answer } from './answer';
import type { TableFacts } from './stored-tables';

export interface EstimateTables<Query, A extends Answer> {
  /** The tables of arrays it reads. */
  readonly tables: readonly TableId[];
  /**
   * Tables of stronger estimates kept only as files of arrays, never in DynamoDB (too large to
   * read page by page at a cold start): the function's package carries them, npm start builds them
   * into its data folder. When their files are there they are read in place of `tables`, even
   * after `tables` were (a build that ends while the service runs).
   */
  readonly filesOnly?: readonly TableId[];
  /** What /health and /stats say of a table of its own (spacePositions: its entries; loadOptions: what loads it). */
  describeTable(table: TableId): TableFacts;
  /**
   * The search that uses the arrays read (each table's arrays by name, checked against its manifest
   * already); throws when they are not what it expects, and the solver's own search goes on.
   */
  searchWith(arrays: ReadonlyMap<TableId, ReadonlyMap<string, Uint8Array>>): EstimatedSearch<Query, A>;
  /** The estimate the solver's own search makes, without any table, in a few words (/health). */
  readonly withoutTables?: string;
  /** Which estimate the arrays read make, in a few words (/health, and every answer found with them). */
  nameOf?(arrays: ReadonlyMap<TableId, ReadonlyMap<string, Uint8Array>>): string;
  /** What the arrays read say of a question, a line each (npm run lookup): the values its estimate is made of. */
  describeQuery?(query: Query, arrays: ReadonlyMap<TableId, ReadonlyMap<string, Uint8Array>>): string[];
}

/**
 * The search over the estimates read: in the function's own thread (searchWith), or, under npm
 * start, on a thread of its own that holds the same arrays (a search of seconds then holds up no
 * other request, as on Lambda, where each request has a container of its own): hence a result or
 * its promise.
 */
export interface EstimatedSearch<Query, A extends Answer> {
  search(query: Query, budget: SearchBudget): A | Promise<A>;
  /** Every legal move's value by searches over the same estimates (as the solver's valueMoves, faster). */
  valueMoves?(query: Query, answer: A, budget: SearchBudget): readonly MoveValue[] | Promise<readonly MoveValue[]>;
  /** Makes ready what its first search would (npm start's search threads call it as they start, so that no question pays for it). */
  warmUp?(): void;
}
