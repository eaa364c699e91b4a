/**
 * The stored-tables role, for a puzzle whose answers can be precomputed and read from DynamoDB
 * pages: which tables it has, where a question's record is stored, and what that record answers.
 * A puzzle without tables leaves it out and is answered by search alone.
 */
import type { PositionRecord } from '../../store/page-codec';
import type { PagedPuzzle } from '../../store/paged-puzzle';
import type { Catalog, CatalogEntry, Manifest, TableId } from '../../store/table-schema';
import type { TableIdentity } from '../../api/shapes';
import type { Answer, Stored } from './answer';

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

/** How a table stands when a search gave up: what a person can do about it depends on it. */
export type TableStanding = 'loaded' | 'missing' | 'outdated' | 'unreadable' | 'none';

export interface StoredTables<Query, A extends Answer> {
  /** How its positions are paged: ranks, page numbers, where the hole stands and how it moves. */
  readonly format: PagedPuzzle;
  /** Its tables: the built-in ones, and those the catalogue lists. */
  tables(catalog: Catalog): TableId[];
  /** What /health and /stats say of a table of its own, with its catalogue entry when listed. */
  describeTable(table: TableId, entry: CatalogEntry | undefined): TableFacts;
  /** Where a table holds the answer, or undefined when no table can (a goal never loaded). */
  locate(query: Query): Location | undefined;
  /** The answer from the record at the location (undefined: the table holds none), or undefined when the table cannot tell. */
  fromRecord(query: Query, manifest: Manifest, record: PositionRecord | undefined): Stored<A> | undefined;
  /** What a person can do when the search gave up, given its table's standing; "try again shortly" when left out. */
  adviceWhenSearchGaveUp?(query: Query, table: TableStanding, manifest?: Manifest): string;
}
