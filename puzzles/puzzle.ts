/**
 * A puzzle, as every layer above the core sees it: one object per puzzle (puzzles/knights,
 * puzzles/eight) owns everything that is that puzzle's, so that the service, the scripts and the
 * benchmarks hold a `Puzzle` and never ask which one it is.
 *
 *   - its tables: which there are (built in, and those the catalogue lists), their sections and
 *     key width (`format`), and how a load of each is computed (`specs`);
 *   - how a query finds its section and rank (`locate`), and how the record stored there, or its
 *     absence, becomes an answer with every move's value (`fromRecord`);
 *   - its search, its request parsing (JSON fields, judge input, command lines) and the shape of
 *     its answers (`respond`) and their text for a person (`text`).
 */
import type { Engine } from '../core/engine';
import type { SearchBudget } from '../core/ida-star';
import type { MoveValue } from '../core/move-values';
import type { PositionRecord } from '../store/page-codec';
import type { PagedPuzzle } from '../store/paged-puzzle';
import type { TableSpec } from '../store/table-pages';
import type { Catalog, CatalogEntry, Manifest, TableId } from '../store/table-schema';
import type { PuzzleName, TableIdentity } from '../lambda/api';

export type Source = 'table' | 'search';

export interface Found {
  readonly source: Source;
  /** True when the answer came from this instance's cache of recent answers. */
  readonly cached: boolean;
}

export interface Valued {
  /** Every legal move's value; present when asked for (JSON answers), and on every table answer. */
  readonly moves?: readonly MoveValue[];
}

/** Whatever a puzzle answers: a number of moves, and the line. */
export interface Answer {
  readonly steps: number;
}

export type Result<A extends Answer> = A & Found & Valued;

/** An answer read from a table. */
export type Stored<A extends Answer> = A & { readonly source: 'table' } & Valued;

/** Where a table holds a query's answer. */
export interface Location {
  readonly table: TableId;
  /** The goal the table's manifest must name: a table loaded for another goal cannot answer. */
  readonly goal: string;
  readonly section: string;
  readonly rank: number;
}

/** The tables a request can be answered from: the catalogue, and whether it could be read now. */
export interface LoadedGoals {
  readonly catalog: Catalog;
  /** False when DynamoDB did not answer: only the built-in goals are known. */
  readonly known: boolean;
}

/** A table as the puzzle describes it for /health and /stats, loaded or not. */
export interface TableFacts {
  readonly identity: TableIdentity;
  /** Positions in the whole space around the table's goals. */
  readonly spacePositions: number;
  /** The options of `npm run precompute` that load it. */
  readonly loadOptions: readonly string[];
}

/** What `npm run precompute` and `npm start` were asked to load, as parseArgs gives it. */
export type LoadValues = Readonly<Record<string, string | boolean | string[] | undefined>>;

export interface Puzzle<Query = unknown, A extends Answer = Answer> {
  /** Its path (/knights) and its word on the command line. */
  readonly name: PuzzleName;
  /** A JSON query, for error messages. */
  readonly example: string;
  readonly format: PagedPuzzle;

  /** Readies its search while the function initialises (tables the search needs), not in its first request. */
  prepare?(): void;

  /** Its tables: the built-in ones, and those the catalogue lists. */
  tables(catalog: Catalog): TableId[];
  /** What /health and /stats say of a table of its own, with its catalogue entry when listed. */
  describeTable(table: TableId, entry: CatalogEntry | undefined): TableFacts;

  /** A JSON query (a GET's query string, a POST body, an item of a batch), against the loaded goals. */
  queryOf(fields: unknown, goals: LoadedGoals): Query;
  /** The queries of judge input (text/plain). */
  judgeQueries(input: string): Query[];
  judgeOutput(answers: readonly A[]): string;
  /** What turns judge input into judge output here (npm run solve); `limit` as the command line gave it, checked now. */
  judgeSolver(engine: Engine, limit: string | undefined): (input: string) => string;

  /** Identifies the question for the answer cache; refuses (UnreachableError) a query that has no answer at all. */
  cacheKey(query: Query): string;
  /** Where a table holds the answer, or undefined when no table can (a goal never loaded). */
  locate(query: Query): Location | undefined;
  /** The answer from the record at the location (undefined: the table holds none), or undefined when the table cannot tell. */
  fromRecord(query: Query, manifest: Manifest, record: PositionRecord | undefined): Stored<A> | undefined;
  search(query: Query, budget: SearchBudget): A;
  valueMoves(query: Query, answer: A, budget: SearchBudget): readonly MoveValue[];
  /** What a person can do when the search gave up; `table` is its table's state, when it has one. */
  adviceWhenSearchGaveUp(query: Query, table: 'loaded' | 'missing' | 'outdated' | 'unreadable' | 'none', manifest?: Manifest): string;
  /** The API's JSON answer. */
  respond(query: Query, result: Result<A>): unknown;

  /** The queries a command line names (`npm run ask`, `npm run lookup`): positionals, and --goal/--limit. */
  commandQuery(args: readonly string[], options: { readonly goal?: string; readonly limit?: string }): Record<string, string>;
  /** The usage of its command line words. */
  readonly commandUsage: string;
  /** The API's answer as a person reads it. */
  answerText(answer: unknown): string;
  /** A table's farthest position as a line of text. */
  farthestText(position: { board: string; goal: string; path: readonly number[] | string }): string;
  /** A stored record, as `npm run lookup` shows it: its moves and its line. */
  recordText(location: Location, record: PositionRecord): { moves: string; line: string };
  /** The position a location is of, as `npm run lookup` shows it. */
  positionText(query: Query, location: Location): string;

  /** The names --goals selects it by. */
  readonly tableNames: readonly string[];
  /** The options of a load only this puzzle takes, as parseArgs takes them, and their usage. */
  readonly loadOptions: Readonly<Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>>;
  readonly loadUsage: string;
  /** The loads asked for: `names` those of its tableNames that --goals selected (all of them without --goals). */
  specs(names: readonly string[], values: LoadValues): TableSpec[];
}
