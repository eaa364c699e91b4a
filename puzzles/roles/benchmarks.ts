/**
 * The benchmarks role (`npm run bench`): the rows a puzzle adds to the named benchmarks, and what
 * the service's own benchmarks (query, init, full-load) need of it. Loaded only by the benchmarks,
 * never by the function or the loader.
 */
import type { Row } from '../../core/benchmark';
import type { AnyTableSpec, TableSpec } from '../../store/table-pages';

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
  /** The loads its tables' estimates are read between, as `npm run precompute` takes them (npm run bench -- --only estimates measures them again); its default tables when absent. */
  readonly estimatedLoads?: readonly string[];
  /** What the rehearsal of Lambda's rules asks of it (npm run rehearse). */
  readonly rehearsal?: RehearsalQuestions;
  /** Its questions through the local URL (the url benchmark, bench/through-url.ts). */
  readonly throughUrl?: AskedThroughUrl;
  /** Its cold starts with its estimate tables in the function's package and in DynamoDB (the init benchmark). */
  readonly estimatesColdStart?: EstimatesColdStart;
}

/** What the url benchmark asks of a puzzle: npm start serving its tables, and seeded questions. */
export interface AskedThroughUrl {
  /** The tables npm start loads for it (its --tables), each waited for until in use. */
  readonly tables: readonly string[];
  /** The questions, in a few words ("seeded uniform random solvable boards"). */
  readonly described: string;
  /** `count` seeded requests (path and query). */
  targets(count: number): string[];
  /** A first request, untimed. */
  readonly warmUp: string;
  /** The estimate the questions are to be asked with: /health must say it is in use first (npm start may build it behind the service). */
  readonly estimate?: string;
  /** Its hardest questions, asked one at a time after the others, each its own row: the first ask's status and time. */
  readonly hardest?: { readonly described: string; readonly targets: readonly string[] };
  /**
   * The same questions answered in this process with no deadline, over the tables read from the
   * service's DynamoDB, timed part by part (each part's milliseconds per question, in order), and
   * whether the lines are those the service gave (`paths`).
   */
  whereTheTimeGoes?(
    store: { readonly endpoint: string; readonly tableName: string },
    targets: readonly string[],
    paths: readonly (string | undefined)[],
  ): Promise<{ readonly same: boolean; readonly parts: readonly { readonly label: string; readonly ms: readonly number[] }[] }>;
}

/** What the init benchmark asks of a puzzle whose search reads estimate tables: them, and questions asked at once. */
export interface EstimatesColdStart {
  /** Its estimate table, loaded into DynamoDB for the cold starts that read it from there. */
  spec(): AnyTableSpec;
  /** The table's name and size, as the rows tell it ("the fifteen table in DynamoDB (11.5 MB)"). */
  readonly tableText: string;
  /** The estimate its search uses without the tables (answers by it are counted apart). */
  readonly weakEstimate: { readonly heuristic: string; readonly name: string };
  /** Requests asked in turn of each cold container, each with what it is. */
  readonly questions: readonly { readonly target: string; readonly described: string }[];
}

/** A question the rehearsal asks: a request, and its answer computed without the function's tables. */
export interface RehearsalQuestion {
  readonly puzzle: string;
  /** The Function URL's path and query string. */
  readonly target: string;
  /** The answer (its distance and line) by the puzzle's own search with no budget, computed once. */
  expected(): { readonly steps: number; readonly path: unknown };
}

export interface RehearsalQuestions {
  /** The puzzle's own example: a cold container's first question. */
  first(): RehearsalQuestion;
  /** `count` more, seeded (the same for the same seed). */
  more(count: number, seed?: number): RehearsalQuestion[];
  /** How the function answers them: looked up in a table of the default load, or searched over its estimates. */
  readonly answeredFrom: 'table' | 'search';
  /** For a puzzle answered by search: its estimates come in the function's package, read at its first question (none from the table). */
  readonly estimatesPackaged?: boolean;
  /** For a puzzle answered from a table: what a reload under traffic reloads (its --tables name, and the table). */
  readonly reload?: { readonly tables: string; readonly table: string };
  /** Its largest load as the deploy's `load` setting takes it (its words), which the rehearsal runs on the loader's bundle. */
  readonly largestLoad?: string;
  /** Questions past one request's search, which the background solver answers (the rehearsal times it at several memory sizes). */
  pastOneRequest?(): RehearsalQuestion[];
  /** Sets of questions searched at several memory sizes to choose the API's (npm run rehearse -- --only api): each set's words and its requests (path and query). */
  memorySets?(): readonly { readonly set: string; readonly targets: readonly string[] }[];
  /** The load the deploy guide features, as the deploy's `load` setting takes it (npm run rehearse -- --only loader runs it across the loader's runs). */
  readonly featuredLoad?: string;
  /**
   * Questions of a loaded table of this puzzle, at any goal and depth, each with its own search's
   * answer and where the answer must come from; undefined for a table not its own. The rehearsal
   * of the deploy's load asks them of the API's bundle.
   */
  loadedTable?(spec: AnyTableSpec, count: number, seed: number): LoadedTableQuestion[] | undefined;
  /** For a puzzle whose estimates a table holds: what /health names as in use once the function has read them, and a question that starts the read. */
  readonly estimatesFromTable?: { readonly inUse: string; readonly target: string };
}

/** A question of a loaded table, and where its answer must come from: the table itself, or a search over estimates read from it. */
export interface LoadedTableQuestion {
  readonly table: string;
  /** The Function URL's path and query string. */
  readonly target: string;
  expected(): { readonly steps: number; readonly path: unknown };
  readonly from: { readonly source: 'table' } | { readonly heuristic: string };
}
