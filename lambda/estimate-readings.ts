/**
 * Each puzzle's estimate tables as this instance has them: being read, in use by its search, or not
 * usable (why, and when to try again: a table loaded later is read then). Those the function's
 * package carries are read from its disk at the puzzle's first question, synchronously and in
 * milliseconds; the others are read from DynamoDB in the background, and no question waits for
 * them (the solver's own search answers meanwhile).
 */
import { existsSync } from 'node:fs';
import { type Clock, systemClock } from '../core/clock';
import type { Puzzle } from '../puzzles/puzzle';
import type { Registry } from '../puzzles/registry';
import type { Answer } from '../puzzles/roles/answer';
import type { EstimatedSearch } from '../puzzles/roles/estimate-tables';
import { packagedArrayFile, readArrayFile } from '../store/array-file';
import { ArrayTableError, ArrayTableNotLoadedError } from '../store/array-reads';
import type { PageStore } from '../store/page-store';
import type { TableId } from '../store/table-keys';
import { describeFailure } from './store-guard';

type Estimates =
  | { readonly state: 'reading'; readonly done: Promise<void> }
  /** fromFiles: read from the puzzle's files-only tables, its strongest; name: the estimate they make. */
  | { readonly state: 'in use'; readonly search: EstimatedSearch<unknown, Answer>; readonly fromFiles?: boolean; readonly name?: string }
  | { readonly state: 'unusable'; readonly problem: string; readonly until: number };

export interface EstimateReadingsOptions {
  /** A table that could not be used is tried again after this long (the manifest period). */
  readonly retryMs: number;
  readonly clock?: Clock;
  /**
   * A folder of estimate tables carried in the function's own package (store/array-file.ts), read
   * from disk at a puzzle's first question instead of from DynamoDB; a table not there is read
   * from DynamoDB as before.
   */
  readonly packagedTables?: string;
  /** Told about a DynamoDB failure while reading. */
  readonly onStoreError?: (error: unknown) => void;
  /** Told about a damaged table, packaged or stored. */
  readonly onBadData?: (error: unknown) => void;
  /**
   * How a puzzle's search over the arrays read is made: in this thread by default (the puzzle's
   * searchWith); npm start runs it on threads of its own (emulator/search-threads.ts).
   */
  readonly searchWith?: (puzzle: Puzzle, arrays: ReadonlyMap<TableId, ReadonlyMap<string, Uint8Array>>) => EstimatedSearch<unknown, Answer>;
}

/** What a refusal of a puzzle's packaged tables is remembered by: its name and the tables. */
const refusal = (puzzle: Puzzle, tables: readonly TableId[]) => `${puzzle.name}|${tables.join(',')}`;

export class EstimateReadings {
  /** Each puzzle's estimate tables, by puzzle name, once asked for. */
  private readonly estimates = new Map<string, Estimates>();
  /** Puzzles whose packaged estimate tables were found damaged: DynamoDB's are read instead. */
  private readonly packageRefused = new Set<string>();
  /** The time spent reading the package's estimate tables, all told (a search does not pay for it). */
  private packageReadMs = 0;

  constructor(
    private readonly registry: Registry,
    private readonly store: PageStore | undefined,
    private readonly options: EstimateReadingsOptions,
  ) {}

  private now(): number {
    return (this.options.clock ?? systemClock).now();
  }

  /** The puzzle's search over `arrays`, made as the options say (this thread, or threads of its own). */
  private searchWith(puzzle: Puzzle, arrays: ReadonlyMap<TableId, ReadonlyMap<string, Uint8Array>>): EstimatedSearch<unknown, Answer> {
    return this.options.searchWith ? this.options.searchWith(puzzle, arrays) : (puzzle.estimates!.searchWith(arrays) as EstimatedSearch<unknown, Answer>);
  }

  /**
   * The search that uses the puzzle's estimate tables once they are read, or undefined (the
   * solver's own search answers meanwhile). The first call starts the read and never waits for it:
   * no question, of this puzzle or another, waits for a few thousand pages.
   */
  searchOf<Q, A extends Answer>(puzzle: Puzzle<Q, A>): EstimatedSearch<Q, A> | undefined {
    const estimates = puzzle.estimates;
    if (!estimates) return undefined;
    const known = this.estimates.get(puzzle.name);
    if (known?.state === 'in use' && known.fromFiles) return known.search as EstimatedSearch<Q, A>;
    const strongest = this.packagedSearchOrNone(puzzle, estimates.filesOnly ?? []);
    if (strongest) return strongest;
    if (known?.state === 'in use') return known.search as EstimatedSearch<Q, A>;
    const packaged = this.packagedSearchOrNone(puzzle, estimates.tables);
    if (packaged) return packaged;
    if (!this.store) return undefined;
    if (known?.state === 'reading' || (known?.state === 'unusable' && known.until > this.now())) return undefined;
    const store = this.store;
    const done = (async () => {
      try {
        const read = new Map(await Promise.all(estimates.tables.map(async (table) => [table, (await store.readArrays(table)).arrays] as const)));
        // files-only tables read meanwhile (a package's, at a question) are not replaced by weaker ones
        if (this.estimates.get(puzzle.name)?.state === 'in use') return;
        this.estimates.set(puzzle.name, { state: 'in use', search: this.searchWith(puzzle, read), name: estimates.nameOf?.(read) });
      } catch (error) {
        // files-only tables read meanwhile are kept whatever became of the read of the others
        if (this.estimates.get(puzzle.name)?.state === 'in use') return;
        // The reader's own sentence says what is wrong with the table; anything else is named.
        const reason = (error instanceof ArrayTableError ? error.message : describeFailure(error)).replace(/\.$/, '');
        const problem = `The estimates of ${puzzle.name} cannot be used: ${reason}; so ${puzzle.name} questions are searched without them (slower, the same answers): load them with npm run precompute -- ${estimates.tables.flatMap((table) => estimates.describeTable(table).loadOptions).join(' ')}`;
        this.estimates.set(puzzle.name, { state: 'unusable', problem, until: this.now() + this.options.retryMs });
        // Not loaded is a state /health tells, not a fault; DynamoDB failing is the store's; only damage is bad data.
        if (error instanceof ArrayTableNotLoadedError) return;
        if (error instanceof ArrayTableError) this.options.onBadData?.(error);
        else this.options.onStoreError?.(error);
      }
    })();
    this.estimates.set(puzzle.name, { state: 'reading', done });
    return undefined;
  }

  /**
   * searchOf, telling `spent` how long reading the package's tables took when this call read
   * them: a container's start-up, which the question's search does not pay for out of its own
   * time (its deadline moves on by as much, within the invocation's).
   */
  searchGiving<Q, A extends Answer>(puzzle: Puzzle<Q, A>, spent: (milliseconds: number) => void): EstimatedSearch<Q, A> | undefined {
    const before = this.packageReadMs;
    const search = this.searchOf(puzzle);
    if (this.packageReadMs > before) spent(this.packageReadMs - before);
    return search;
  }

  /**
   * The search over `tables` (the puzzle's estimate tables, or its files-only ones) read from the
   * function's package now, synchronously (from the package's disk: 0.1 s for 6-6-3's 11.5 MB,
   * 0.4 s for 7-8's 144 MB on this machine): a cold container's first question of the puzzle is
   * answered with them, whatever the event loop or a freeze would do to a read in the background.
   * Undefined when the package lacks one of them, or when they were found damaged before; throws
   * what is wrong with a damaged one.
   */
  private packagedSearch<Q, A extends Answer>(puzzle: Puzzle<Q, A>, tables: readonly TableId[]): EstimatedSearch<Q, A> | undefined {
    const folder = this.options.packagedTables;
    const estimates = puzzle.estimates;
    if (folder === undefined || !estimates || tables.length === 0 || this.packageRefused.has(refusal(puzzle, tables))) return undefined;
    const files = tables.map((table) => [table, packagedArrayFile(folder, table)] as const);
    if (!files.every(([, file]) => existsSync(file))) return undefined;
    const started = this.now();
    try {
      const arrays = new Map(files.map(([table, file]) => [table, readArrayFile(file, table).arrays] as const));
      const search = this.searchWith(puzzle, arrays);
      this.estimates.set(puzzle.name, { state: 'in use', search, fromFiles: tables === estimates.filesOnly, name: estimates.nameOf?.(arrays) });
      return search as EstimatedSearch<Q, A>;
    } finally {
      this.packageReadMs += this.now() - started;
    }
  }

  /** Reads the package's tables (packagedSearch); damaged ones are reported once and the next best read instead. */
  private packagedSearchOrNone<Q, A extends Answer>(puzzle: Puzzle<Q, A>, tables: readonly TableId[]): EstimatedSearch<Q, A> | undefined {
    try {
      return this.packagedSearch(puzzle, tables);
    } catch (error) {
      this.packageRefused.add(refusal(puzzle, tables));
      this.options.onBadData?.(error);
      return undefined;
    }
  }

  /** Which estimate each puzzle's search uses now, in a few words (/health), for the puzzles asked about so far. */
  inUse(): Record<string, string> {
    return Object.fromEntries([...this.estimates].flatMap(([name, estimates]) => (estimates.state === 'in use' && estimates.name ? [[name, estimates.name]] : [])));
  }

  /** Whether the function's package holds every estimate table of `puzzle`, or every files-only one (read at its first question, not before). */
  private packaged(puzzle: Puzzle): boolean {
    const folder = this.options.packagedTables;
    const holds = (tables: readonly TableId[] | undefined) =>
      tables !== undefined && tables.length > 0 && !this.packageRefused.has(refusal(puzzle, tables)) && tables.every((table) => existsSync(packagedArrayFile(folder!, table)));
    return folder !== undefined && (holds(puzzle.estimates?.tables) || holds(puzzle.estimates?.filesOnly));
  }

  /**
   * Starts reading every puzzle's estimate tables not read yet from DynamoDB (while the function
   * initialises); waits for none. Those in the function's package are read at their puzzle's first
   * question instead: a container asked no such question never pays for them.
   */
  readAll(): void {
    for (const puzzle of this.registry.PUZZLES) if (!this.packaged(puzzle)) this.searchOf(puzzle);
  }

  /** Forgets the tables that could not be used, and reads them again (a load of them just ended). */
  retryUnusable(): void {
    for (const [name, estimates] of this.estimates) if (estimates.state === 'unusable') this.estimates.delete(name);
    this.readAll();
  }

  /** Settles when the estimate tables asked for so far are read or found unusable (tests, the bench, /health). */
  async settled(): Promise<void> {
    for (const estimates of this.estimates.values()) if (estimates.state === 'reading') await estimates.done;
  }

  /** Why some puzzle's search goes without its estimate tables, in a sentence; undefined when none does. */
  problem(beingLoaded: ReadonlySet<TableId>): string | undefined {
    const problems = [...this.estimates.entries()].flatMap(([name, estimates]) => {
      if (estimates.state !== 'unusable') return [];
      // a load of them under way (npm start's, behind the service): said so, not advised
      const tables = this.registry.puzzleNamed(name)?.estimates?.tables ?? [];
      if (tables.length > 0 && tables.every((table) => beingLoaded.has(table))) {
        return [`The estimates of ${name} are being loaded now, so ${name} questions are searched without them until they are (slower, the same answers)`];
      }
      return [estimates.problem];
    });
    return problems.length === 0 ? undefined : `${problems.join('; ')}.`;
  }
}
