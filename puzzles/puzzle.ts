/**
 * A puzzle, as every layer above the puzzles sees it: its name and the roles it has, each a few
 * members in a file of its own (puzzles/roles/). A puzzle that has no tables, or no judge format,
 * leaves that role out; nothing is stubbed. Everything about one puzzle lives in its folder
 * (puzzles/<name>/), and puzzles/registered.ts lists the folders.
 *
 * The roles the function calls are here at once; those only the commands use (their text, the
 * loads that build tables, the benchmarks) are behind `offline`, which the function never loads
 * and its bundle leaves out.
 */
import type { TableId } from '../store/table-keys';
import type { Answer } from './roles/answer';
import type { BackgroundSolve } from './roles/background-solve';
import type { PuzzleBenchmarks } from './roles/benchmarks';
import type { CommandLine } from './roles/command-line';
import type { EstimateTables } from './roles/estimate-tables';
import type { HttpShape } from './roles/http-shape';
import type { JudgeFormat } from './roles/judge-format';
import type { Solver } from './roles/solver';
import type { StoredTables } from './roles/stored-tables';
import type { TableLoads } from './roles/table-loads';

export interface Puzzle<Query = unknown, A extends Answer = Answer> {
  /** Its path (/knights) and its word on the command line. */
  readonly name: string;
  /** What it is, in a line (the API description, the commands' help). */
  readonly title: string;
  readonly solver: Solver<Query, A>;
  readonly http: HttpShape<Query, A>;
  readonly tables?: StoredTables<Query, A>;
  readonly judge?: JudgeFormat<Query, A>;
  /** Tables of estimates its search reads once per container (the 15-puzzle's pattern databases). */
  readonly estimates?: EstimateTables<Query, A>;
  /** Its questions past one request's search are solved in the background and kept (the 15-puzzle's hardest boards). */
  readonly backgroundSolve?: BackgroundSolve<Query, A>;
  /** Its panel on the web page, if it has one. */
  readonly webPage?: WebPagePanelSource;
  /** The roles only the commands use, loaded when one asks (an import the function's bundle leaves out). */
  offline(): Promise<OfflineRoles<Query>>;
  /** Its benchmarks (npm run bench), loaded by them alone: both functions' bundles leave this import out. */
  benchmarks?(): Promise<PuzzleBenchmarks>;
}

/**
 * Where a puzzle's page panel is, for scripts/build-web-page.ts (the browser's bundle cannot import
 * the registry, so the build reads it and generates the page's entry). The module exports a
 * `panel` (widgets/panel.ts); its markup and style lie beside it, the same name ending in .html
 * and .css, and go into the page in the registry's order.
 */
export interface WebPagePanelSource {
  /** The panel's module, relative to the puzzle's folder (puzzles/<name>/). */
  readonly module: string;
  /** Words the build writes into the panel's markup in place of each key: what only the server side knows. */
  readonly markup?: Readonly<Record<string, string>>;
}

/** How every puzzle's index.ts imports its offline roles (`offline: () => import('./offline')`): the function's bundle leaves this import out. */
export const OFFLINE_IMPORT = './offline';
/** How a puzzle's index.ts imports its benchmarks (`benchmarks: () => import('./bench')`): no function's bundle holds them. */
export const BENCHMARKS_IMPORT = './bench';

/** What a puzzle's `offline/` folder gives: its command-line text, and its loads when it has tables. */
export interface OfflineRoles<Query = unknown> {
  readonly commandLine: CommandLine<Query>;
  readonly loads?: TableLoads;
  /**
   * The files of its files-only estimate tables (EstimateTables.filesOnly), each found where it is
   * kept or built there first (saying so on `log`): the function's package copies them, npm start
   * serves from them. `progress` hears the share of a build done so far, 0 to 1.
   */
  estimateFile?(table: TableId, log: (line: string) => void, progress?: (share: number) => void): Promise<string>;
}
