/**
 * The stored-tables role, for a puzzle whose answers can be precomputed and read from DynamoDB
 * pages: which tables it has, where a question's record is stored, and what that record answers.
 * A puzzle without tables leaves it out and is answered by search alone.
 *
 * A page stores what the page codec can code, and no more (packing/page-codec-limits.ts,
 * PAGE_CODEC_LIMITS): the hole stands on at most 32 cells (numbered from 0), has at most 8 moves
 * from any cell, every move has the move straight back, every move changes the distance by
 * exactly one (checked as the hole's cells falling into two colours, every move changing the
 * colour), and no record is more than 63 moves from its goal. A puzzle's `format` and
 * `greatestDistance` are checked against them when it registers (storedTablesProblems), and a
 * table's positions again when it is built.
 */
import type { PositionRecord } from '../../packing/page-codec';
import { pageCodecProblems } from '../../packing/page-codec-limits';
import type { PagedPuzzle } from '../../packing/paged-puzzle';
import type { TableId } from '../../store/table-keys';
import type { Catalog, CatalogEntry } from '../../store/catalog';
import type { Manifest } from '../../store/manifests';
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
export interface LoadedTables {
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
  /** The farthest from its goal any position of its tables can be: the most moves a record of it holds. */
  readonly greatestDistance: number;
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

/**
 * Why the pages cannot hold a puzzle's tables as it declares them, a sentence for each limit it
 * breaks (naming the limit and the puzzle's value); none for a puzzle that keeps to them all or has
 * no tables.
 */
export function storedTablesProblems(puzzle: { readonly name: string; readonly tables?: Pick<StoredTables<never, Answer>, 'format' | 'greatestDistance'> }): string[] {
  if (!puzzle.tables) return [];
  const { format, greatestDistance } = puzzle.tables;
  return pageCodecProblems(format, greatestDistance).map((problem) => `The ${puzzle.name} puzzle's stored tables do not fit a page: ${problem}`);
}
