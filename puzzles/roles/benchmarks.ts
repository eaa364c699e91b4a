/**
 * The benchmarks role (`npm run bench`): the rows a puzzle adds to the named benchmarks, and what
 * the service's own benchmarks (query, init, full-load) need of it. Loaded only by the benchmarks,
 * never by the function or the loader.
 */
import type { Row } from '../../core/benchmark';
import type { TableSpec } from '../../store/table-pages';

export interface PuzzleBenchmarks {
  /** Its rows of a named benchmark (precompute, search, full, ...), each a function run in the benchmark's process. */
  readonly rows: Readonly<Record<string, () => Row[] | Promise<Row[]>>>;
  /**
   * A table that loads in seconds, and requests each answered from it: the local URL's table hits
   * (query) and the function's first answers (init).
   */
  readonly served?: {
    spec(): TableSpec;
    /** The options of npm start that serve that table and load nothing more. */
    readonly startOptions: readonly string[];
    /** Requests (path and query), each answered from the table, in a fixed order. */
    paths(): string[];
  };
  /** Requests the search answers, its served table loaded or not (past the table's depth, or with no table of this puzzle). */
  searchedPaths?(): string[];
  /** Its largest load (full-load). */
  largestLoad?(): TableSpec[];
}
