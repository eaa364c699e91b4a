/**
 * The service's answers, for any puzzle (puzzles/): from the precomputed tables when they can
 * answer, else by bounded IDA*, with a small in-memory LRU of recent answers. Every answer says
 * which way it was found.
 *
 * The tables cannot answer when a table has no manifest of this schema version (not loaded, a
 * load in progress, or loaded by an older version), when the goal has no table (a goal board of
 * the client's own), when a question asks past the loaded depth, or when DynamoDB fails or
 * is slow. A DynamoDB failure makes the service answer by search for a few seconds without asking
 * again; bad data (a malformed page, a missing page) is reported loudly and answered by search.
 *
 * Which tables there are comes from the puzzles and the catalogue of loaded tables, read at most
 * once per manifest period: a goal loaded while the service runs answers from its table soon after.
 */
import { LRUCache } from 'lru-cache';
import { type Clock, systemClock } from '../core/clock';
import { BudgetExhaustedError, MovesUnvaluedError } from '../core/errors';
import { type SearchBudget, extendedBudget } from '../core/ida-star';
import type { MoveValue } from '../core/move-values';
import type { Puzzle } from '../puzzles/puzzle';
import type { Answer, Result, Source, Stored } from '../puzzles/roles/answer';
import type { EstimatedSearch } from '../puzzles/roles/estimate-tables';
import type { LoadedGoals, Location, StoredTables, TableFacts, TableStanding } from '../puzzles/roles/stored-tables';
import { PUZZLES, tablesOf } from '../puzzles/registry';
import { existsSync } from 'node:fs';
import { packagedArrayFile, readArrayFile } from '../store/array-file';
import { ArrayTableError, ArrayTableNotLoadedError } from '../store/array-reads';
import { type PageStore, StoreUnavailableError, type TableState } from '../store/page-store';
import type { TableId } from '../store/table-keys';
import type { Catalog } from '../store/catalog';
import { type Manifest, SCHEMA_VERSION } from '../store/manifests';
import type { BackgroundSolves, SolveStanding } from './background-solves';
import { SolveUnavailableError, SolvingInBackgroundError } from './errors';

export interface AnswerOptions {
  /** Value every legal move too (the table's answers carry them for free; a search answer searches once per move). */
  readonly moves?: boolean;
  /**
   * For a puzzle whose hardest questions are solved in the background: 'start' reads the answer
   * kept by an earlier solve (or where its solve stands) before searching, and a search that gives
   * up starts a solve and says so (SolvingInBackgroundError, a 202) rather than failing; 'read'
   * reads, and never starts one (a batch's query: the batch's one deadline, once spent, would send
   * every query after it, however easy, to the solver).
   */
  readonly background?: 'start' | 'read';
}

/** When a background solve cannot be started because DynamoDB failed, the client is told to ask again after this long. */
const STORE_RETRY_AFTER_S = 60;
/** How often a client is told to ask again while its question is solved in the background. */
export const SOLVING_RETRY_AFTER_S = 5;

/** A table as /health reports it, with what its puzzle says of it. */
export type TableHealth = { readonly facts: TableFacts } & (
  | { readonly state: 'loaded'; readonly manifest: Manifest }
  | { readonly state: 'missing' }
  | { readonly state: 'outdated'; readonly schemaVersion: number; readonly message: string }
  | { readonly state: 'unknown' }
);

export interface Health {
  /** Whether DynamoDB answered the manifest reads. */
  readonly dynamodb: 'reachable' | 'unreachable' | 'not configured';
  readonly tables: Record<string, TableHealth>;
  /** Why the tables cannot answer now, in a sentence; undefined when they can. */
  readonly degraded: string | undefined;
}

/** Answers kept per instance by default: the repeated questions of a busy minute. */
export const DEFAULT_ANSWER_CACHE_SIZE = 10_000;
/**
 * After a DynamoDB failure, how long every request is answered by search without asking again
 * by default: long enough that a failing DynamoDB is not asked by every request, short enough
 * that the table is back within seconds of DynamoDB.
 */
export const DEFAULT_STORE_BACKOFF_MS = 5000;
/** How long a search answer that a table could hold is kept by default: a manifest period. */
export const DEFAULT_SEARCH_ANSWER_TTL_MS = 60_000;

export interface AnswerServiceOptions {
  /** Answers kept in memory. */
  readonly cacheSize?: number;
  /** After a DynamoDB failure, answer by search without trying the table for this long. */
  readonly storeBackoffMs?: number;
  /**
   * How long an answer found by search is kept when a table could hold it (a table loaded since
   * then answers it afterwards); the manifest period by default. Other answers are kept until the
   * cache lets them go.
   */
  readonly searchAnswerTtlMs?: number;
  /** The clock the hold-off is measured on; the system's by default. */
  readonly clock?: Clock;
  /** Told about every DynamoDB failure that made the service fall back to search. */
  readonly onStoreError?: (error: unknown) => void;
  /** Told about data the tables should never hold (a malformed or missing page). */
  readonly onBadData?: (error: unknown) => void;
  /**
   * A folder of estimate tables carried in the function's own package (store/array-file.ts), read
   * from disk at a puzzle's first question instead of from DynamoDB; a table not there is read
   * from DynamoDB as before.
   */
  readonly packagedTables?: string;
  /** Where questions past a request's search are solved and their answers kept; none: such a question gets a 503. */
  readonly solves?: BackgroundSolves;
}

const NO_GOALS: LoadedGoals = { catalog: new Map(), known: true };

/**
 * A puzzle's estimate tables as this instance has them: being read, in use by its search, or not
 * usable (why, and when to try again: a table loaded later is read then).
 */
type Estimates =
  | { readonly state: 'reading'; readonly done: Promise<void> }
  | { readonly state: 'in use'; readonly search: EstimatedSearch<unknown, Answer> }
  | { readonly state: 'unusable'; readonly problem: string; readonly until: number };

export class AnswerService {
  private readonly cache: LRUCache<string, { readonly answer: Result<Answer>; readonly until: number }>;
  /** The last catalogue read, kept for the requests of a DynamoDB failure's hold-off. */
  private lastGoals: LoadedGoals | undefined;
  /** The store's current catalogue read, and the goals the requests that asked during it got. */
  private goalsRead: { readonly catalog: Promise<Catalog>; readonly goals: Promise<LoadedGoals> } | undefined;
  /** While DynamoDB is failing, requests do not each wait for it to fail again. */
  private storeDownUntil = 0;
  /** The last DynamoDB failure, for /health. */
  private lastFailure: string | undefined;
  /** Each puzzle's estimate tables, by puzzle name, once asked for. */
  private readonly estimates = new Map<string, Estimates>();
  /** Puzzles whose packaged estimate tables were found damaged: DynamoDB's are read instead. */
  private readonly packageRefused = new Set<string>();
  /** Tables a load is writing now (npm start's): /health says they are being loaded, rather than advising a load. */
  private beingLoaded = new Set<TableId>();
  /** The time spent reading the package's estimate tables, all told (a search does not pay for it). */
  private packageReadMs = 0;

  constructor(
    private readonly store: PageStore | undefined,
    private readonly options: AnswerServiceOptions = {},
  ) {
    this.cache = new LRUCache({ max: options.cacheSize ?? DEFAULT_ANSWER_CACHE_SIZE });
  }

  private now(): number {
    return (this.options.clock ?? systemClock).now();
  }

  /** The answer to one query of `puzzle`. */
  async answer<Q, A extends Answer>(puzzle: Puzzle<Q, A>, query: Q, budget: SearchBudget, options: AnswerOptions = {}): Promise<Result<A>> {
    const question = puzzle.solver.cacheKey(query);
    const key = `${puzzle.name}|${question}`;
    // Where a table holds it, worked out only when the cache does not answer.
    let location: Location | undefined | null = null;
    const tables = puzzle.tables;
    const located = () => (location === null ? (location = tables?.locate(query)) : location);
    const solves = options.background && puzzle.backgroundSolve ? this.options.solves : undefined;
    try {
      return await this.cachedOrFound(
        key,
        () => located() !== undefined,
        async () => {
          const where = located();
          const stored = where && tables ? await this.fromTable(tables, query, where, budget) : undefined;
          if (stored || !solves) return stored;
          // a question solved in the background: its kept answer, or where its solve stands, before any search
          const standing = await this.solveStandingNow(solves, puzzle.name, question, budget);
          return standing ? (this.fromSolve(key, puzzle, query, standing) as unknown as Stored<A>) : undefined;
        },
        () => (this.estimatedSearchGiving(puzzle, (spent) => (budget = extendedBudget(budget, spent))) ?? puzzle.solver).search(query, budget),
        options.moves
          ? (answer) => {
              const estimated = this.estimatedSearch(puzzle);
              return estimated?.valueMoves ? estimated.valueMoves(query, answer, budget) : puzzle.solver.valueMoves(query, answer, budget);
            }
          : undefined,
      );
    } catch (error) {
      if (!(error instanceof BudgetExhaustedError)) throw error;
      if (solves && puzzle.backgroundSolve && options.background === 'read') {
        throw new BudgetExhaustedError(`${error.message} Asked alone (GET /${puzzle.name}?${puzzle.backgroundSolve.urlQuery(query)}), it is solved in the background and kept.`);
      }
      if (solves && puzzle.backgroundSolve) {
        const standing = await this.solveStanding(solves, puzzle.name, question, query);
        if (standing) return this.fromSolve(key, puzzle, query, standing);
        throw new SolveUnavailableError(
          `${error.message} It is solved in the background, but the background solver cannot be reached now (${this.lastFailure ?? 'DynamoDB did not answer'}); ask again in a minute.`,
          STORE_RETRY_AFTER_S,
        );
      }
      const advice = tables ? await this.adviceWhenSearchGaveUp(tables, query, located()) : (puzzle.solver.adviceWhenSearchGaveUp?.(query) ?? 'Try again shortly.');
      throw new BudgetExhaustedError(`${error.message} ${advice}`);
    }
  }

  /** Where the question's background solve stands, by one read; undefined when it has none, or DynamoDB does not answer (the search is tried). */
  private async solveStandingNow(solves: BackgroundSolves, puzzle: string, question: string, budget: SearchBudget): Promise<SolveStanding | undefined> {
    if (budget.deadline <= this.now() || this.now() < this.storeDownUntil) return undefined;
    try {
      return await solves.standing(puzzle, question);
    } catch (error) {
      this.reportFailure(error);
      return undefined;
    }
  }

  /** The background solve of a question the search gave up on, as it stands (started now if need be); undefined when DynamoDB cannot say. */
  private async solveStanding(solves: BackgroundSolves, puzzle: string, question: string, query: unknown): Promise<SolveStanding | undefined> {
    try {
      return await solves.begin(puzzle, question, query);
    } catch (error) {
      this.reportFailure(error);
      return undefined;
    }
  }

  /** The question part of a cache key (`puzzle|question`). */
  private questionOf(key: string): string {
    return key.slice(key.indexOf('|') + 1);
  }

  /** The answer a solve kept (remembered, as a table's is), or the error saying where its solve stands. */
  private fromSolve<Q, A extends Answer>(key: string, puzzle: Puzzle<Q, A>, query: Q, standing: SolveStanding): Result<A> {
    switch (standing.state) {
      case 'solved': {
        // checked again as it is served: an answer kept is served for ever, and other roles may write the solves' items
        const problem = puzzle.backgroundSolve!.problemWith(query, standing.answer as A);
        if (problem) {
          this.options.onBadData?.(new Error(`the answer kept for ${puzzle.name} ${this.questionOf(key)} fails its check: ${problem}`));
          throw new SolveUnavailableError('The answer kept for this question fails its check, so it is not served; the service\'s operators have been told.', STORE_RETRY_AFTER_S);
        }
        const answer = { ...(standing.answer as A), source: 'kept', cached: false } as Result<A>;
        this.cache.set(key, { answer, until: Number.POSITIVE_INFINITY });
        return answer;
      }
      case 'solving': {
        throw new SolvingInBackgroundError(
          `This question needs more search than one request may spend, so it is being solved in the background (for ${standing.seconds} s so far); ask again at the same URL in a few seconds: once solved, its answer is kept and given at once.`,
          standing.since,
          standing.seconds,
          `/${puzzle.name}?${puzzle.backgroundSolve!.urlQuery(query)}`,
          SOLVING_RETRY_AFTER_S,
        );
      }
      case 'failed':
        throw new SolveUnavailableError(`This question's background solve failed (${standing.reason.replace(/\.$/, '')}); it can be tried again in ${standing.wait} s.`, standing.wait);
      case 'busy':
        throw new SolveUnavailableError(`This question needs more search than one request may spend, and every background solver is busy with another; ask again in ${standing.wait} s.`, standing.wait);
    }
  }

  /**
   * The search that uses the puzzle's estimate tables once they are read, or undefined (the
   * solver's own search answers meanwhile). The first call starts the read and never waits for it:
   * no question, of this puzzle or another, waits for a few thousand pages. A table that could not
   * be used is tried again after the manifest period.
   */
  estimatedSearch<Q, A extends Answer>(puzzle: Puzzle<Q, A>): EstimatedSearch<Q, A> | undefined {
    const estimates = puzzle.estimates;
    if (!estimates) return undefined;
    const known = this.estimates.get(puzzle.name);
    if (known?.state === 'in use') return known.search as EstimatedSearch<Q, A>;
    const packaged = this.packagedSearchOrNone(puzzle);
    if (packaged) return packaged;
    if (!this.store) return undefined;
    if (known?.state === 'reading' || (known?.state === 'unusable' && known.until > this.now())) return undefined;
    const store = this.store;
    const done = (async () => {
      try {
        const read = await Promise.all(estimates.tables.map(async (table) => [table, (await store.readArrays(table)).arrays] as const));
        this.estimates.set(puzzle.name, { state: 'in use', search: estimates.searchWith(new Map(read)) as EstimatedSearch<unknown, Answer> });
      } catch (error) {
        // The reader's own sentence says what is wrong with the table; anything else is named.
        const reason = (error instanceof ArrayTableError ? error.message : describeFailure(error)).replace(/\.$/, '');
        const problem = `The estimates of ${puzzle.name} cannot be used: ${reason}; so ${puzzle.name} questions are searched without them (slower, the same answers): load them with npm run precompute -- ${estimates.tables.flatMap((table) => estimates.describeTable(table).loadOptions).join(' ')}`;
        this.estimates.set(puzzle.name, { state: 'unusable', problem, until: this.now() + (this.options.searchAnswerTtlMs ?? DEFAULT_SEARCH_ANSWER_TTL_MS) });
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
   * estimatedSearch, telling `spent` how long reading the package's tables took when this call
   * read them: a container's start-up, which the question's search does not pay for out of its own
   * time (its deadline moves on by as much, within the invocation's).
   */
  private estimatedSearchGiving<Q, A extends Answer>(puzzle: Puzzle<Q, A>, spent: (milliseconds: number) => void): EstimatedSearch<Q, A> | undefined {
    const before = this.packageReadMs;
    const search = this.estimatedSearch(puzzle);
    if (this.packageReadMs > before) spent(this.packageReadMs - before);
    return search;
  }

  /**
   * The search over the estimate tables the function's package carries, read now, synchronously
   * (milliseconds from the package's disk): a cold container's first question of the puzzle is
   * answered with them, whatever the event loop or a freeze would do to a read in the background.
   * Undefined when the package lacks one of them, or when it was found damaged before; throws what
   * is wrong with a damaged one.
   */
  private packagedSearch<Q, A extends Answer>(puzzle: Puzzle<Q, A>): EstimatedSearch<Q, A> | undefined {
    const folder = this.options.packagedTables;
    const estimates = puzzle.estimates;
    if (folder === undefined || !estimates || this.packageRefused.has(puzzle.name)) return undefined;
    const files = estimates.tables.map((table) => [table, packagedArrayFile(folder, table)] as const);
    if (!files.every(([, file]) => existsSync(file))) return undefined;
    const started = this.now();
    try {
      const arrays = new Map(files.map(([table, file]) => [table, readArrayFile(file, table).arrays] as const));
      const search = estimates.searchWith(arrays) as EstimatedSearch<unknown, Answer>;
      this.estimates.set(puzzle.name, { state: 'in use', search });
      return search as EstimatedSearch<Q, A>;
    } finally {
      this.packageReadMs += this.now() - started;
    }
  }

  /** Reads the package's tables (packagedSearch); a damaged one is reported once and DynamoDB's read instead. */
  private packagedSearchOrNone<Q, A extends Answer>(puzzle: Puzzle<Q, A>): EstimatedSearch<Q, A> | undefined {
    try {
      return this.packagedSearch(puzzle);
    } catch (error) {
      this.packageRefused.add(puzzle.name);
      this.options.onBadData?.(error);
      return undefined;
    }
  }

  /** Whether every estimate table of `puzzle` is in the function's package (read at its first question, not before). */
  private packaged(puzzle: Puzzle): boolean {
    const folder = this.options.packagedTables;
    return folder !== undefined && !this.packageRefused.has(puzzle.name) && (puzzle.estimates?.tables.every((table) => existsSync(packagedArrayFile(folder, table))) ?? false);
  }

  /** Settles when the estimate tables asked for so far are read or found unusable (tests, the bench). */
  async estimatesSettled(): Promise<void> {
    for (const estimates of this.estimates.values()) if (estimates.state === 'reading') await estimates.done;
  }

  /** Why some puzzle's search goes without its estimate tables, in a sentence; undefined when none does. */
  private estimatesProblem(): string | undefined {
    const problems = [...this.estimates.entries()].flatMap(([name, estimates]) => {
      if (estimates.state !== 'unusable') return [];
      // a load of them under way (npm start's, behind the service): said so, not advised
      const tables = PUZZLES.find((puzzle) => puzzle.name === name)?.estimates?.tables ?? [];
      if (tables.length > 0 && tables.every((table) => this.beingLoaded.has(table))) {
        return [`The estimates of ${name} are being loaded now, so ${name} questions are searched without them until they are (slower, the same answers)`];
      }
      return [estimates.problem];
    });
    return problems.length === 0 ? undefined : `${problems.join('; ')}.`;
  }

  /** Tells which tables a load is writing now, behind the service (npm start's); none when no load runs. */
  loadsUnderWay(tables: readonly TableId[]): void {
    this.beingLoaded = new Set(tables);
  }

  /**
   * The loaded tables the queries of this request may name (one read of the catalogue per manifest
   * period). The requests of one period share one answer, made when its read came back: most
   * requests ask, and each would otherwise wait for and wrap the same catalogue.
   */
  goals(): Promise<LoadedGoals> {
    if (!this.store) return Promise.resolve(NO_GOALS);
    // While DynamoDB fails, the goals last read still name their tables (and are searched).
    if (this.now() < this.storeDownUntil) return Promise.resolve(this.goalsOrUnknown());
    const read = this.store.catalog();
    if (this.goalsRead?.catalog === read) return this.goalsRead.goals;
    const goals = read.then(
      (catalog): LoadedGoals => (this.lastGoals = { catalog, known: true }),
      (error: unknown) => {
        this.reportFailure(error);
        return this.goalsOrUnknown();
      },
    );
    this.goalsRead = { catalog: read, goals };
    return goals;
  }

  /** The goals last read, or none known: what a request may name while the catalogue cannot be read. */
  private goalsOrUnknown(): LoadedGoals {
    return this.lastGoals ?? { catalog: new Map(), known: false };
  }

  /** What a person can do when the search gave up: how deep the table is, and how to load it deeper. */
  private async adviceWhenSearchGaveUp<Q, A extends Answer>(tables: StoredTables<Q, A> | undefined, query: Q, location: Location | undefined): Promise<string> {
    const advice = (standing: TableStanding, manifest?: Manifest) => tables?.adviceWhenSearchGaveUp?.(query, standing, manifest) ?? 'Try again shortly.';
    if (!location || !this.store) return advice('none');
    try {
      const state = await this.store.table(location.table);
      return advice(state.state, state.state === 'loaded' ? state.manifest : undefined);
    } catch {
      return advice('unreadable');
    }
  }

  /**
   * The cached answer, else the table's, else the search's; with its moves valued when
   * `valueMoves` is given and the answer has none yet. Remembered for next time.
   */
  private async cachedOrFound<A extends Answer>(
    key: string,
    tabled: () => boolean,
    fromTable: () => Promise<Stored<A> | undefined>,
    search: () => A,
    valueMoves?: (answer: A) => readonly MoveValue[],
  ): Promise<Result<A>> {
    const entry = this.cache.get(key);
    const cached = entry && entry.until > this.now() ? (entry.answer as Result<A>) : undefined;
    let answer = (cached ? { ...cached, cached: true } : { ...((await fromTable()) ?? { ...search(), source: 'search' as Source }), cached: false }) as Result<A>;
    if (valueMoves && !answer.moves) {
      try {
        answer = { ...answer, moves: valueMoves(answer), movesUnvalued: undefined };
      } catch (error) {
        if (!(error instanceof MovesUnvaluedError)) throw error;
        answer = { ...answer, movesUnvalued: error.message };
      }
    }
    if (!cached || answer.moves !== cached.moves) {
      const until = answer.source === 'search' && tabled() ? this.now() + (this.options.searchAnswerTtlMs ?? DEFAULT_SEARCH_ANSWER_TTL_MS) : Number.POSITIVE_INFINITY;
      this.cache.set(key, { answer: { ...answer, cached: false }, until });
    }
    return answer;
  }

  /**
   * A load just completed: read the manifests again on the next request, and forget the answers
   * found by search meanwhile, so that the table answers them from now on.
   */
  tablesChanged(): void {
    this.store?.forgetManifests();
    this.cache.clear();
    // estimate tables that could not be used are read again now (npm start's load of them just ended)
    for (const [name, estimates] of this.estimates) if (estimates.state === 'unusable') this.estimates.delete(name);
    this.readEstimates();
  }

  /**
   * Starts reading every puzzle's estimate tables not read yet from DynamoDB (while the function
   * initialises); waits for none. Those in the function's package are read at their puzzle's first
   * question instead: a container asked no such question never pays for them.
   */
  readEstimates(): void {
    for (const puzzle of PUZZLES) if (!this.packaged(puzzle)) this.estimatedSearch(puzzle);
  }

  /**
   * Every table's state (each puzzle's built-in tables and those the catalogue lists), and whether
   * the tables can answer now. DynamoDB is asked afresh (the catalogue, bypassing its cache), so
   * that no cached manifest hides a store that is failing; and while requests hold off a store
   * that just failed, the tables cannot answer either.
   */
  /** DynamoDB is known to be back (npm start restarted its server): try the tables again at once. */
  storeBack(): void {
    this.storeDownUntil = 0;
    this.store?.forgetManifests();
  }

  async health(options: { readonly fresh?: boolean } = { fresh: true }): Promise<Health> {
    if (!this.store) {
      const tables = tablesOf(new Map()).map(({ table, facts }) => [table, { facts, state: 'missing' }] as const);
      return { dynamodb: 'not configured', tables: Object.fromEntries(tables), degraded: 'No table is configured (TABLE_NAME is not set), so every answer is found by search.' };
    }
    const store = this.store;
    let catalog: Catalog | undefined;
    try {
      catalog = await store.catalog({ fresh: options.fresh });
      const tables = tablesOf(catalog);
      const states = await Promise.all(tables.map(({ table }) => store.table(table)));
      // Estimate tables being read (a cold start's first seconds) are waited for, so that /health says whether they are usable.
      await this.estimatesSettled();
      const health = Object.fromEntries(tables.map(({ table, facts }, i) => [table, healthOf(table, facts, states[i])]));
      // A table of estimates that cannot be used is told of by the estimates' own sentence, which says why.
      const answering = Object.fromEntries(tables.flatMap(({ table, estimates }) => (estimates ? [] : [[table, health[table]]])));
      const degraded = [this.degradedBy(answering), this.estimatesProblem()].filter((problem) => problem !== undefined);
      return { dynamodb: 'reachable', tables: health, degraded: degraded.length === 0 ? undefined : degraded.join(' ') };
    } catch (error) {
      this.reportFailure(error);
      const tables = tablesOf(catalog ?? new Map()).map(({ table, facts }) => [table, { facts, state: 'unknown' }] as const);
      return {
        dynamodb: 'unreachable',
        tables: Object.fromEntries(tables),
        degraded: `DynamoDB cannot be read now (${describeFailure(error)}), so answers are found by search.`,
      };
    }
  }

  /** Why tables that DynamoDB just answered for still cannot answer, if they cannot. */
  private degradedBy(tables: Record<string, TableHealth>): string | undefined {
    const left = this.storeDownUntil - this.now();
    if (left > 0) {
      return `Table reads failed a moment ago (${this.lastFailure ?? 'DynamoDB did not answer'}); answers are found by search for ${Math.ceil(left / 1000)} s more before the tables are tried again.`;
    }
    const absent = Object.entries(tables).filter(([, table]) => table.state === 'missing').map(([id]) => id);
    const loading = absent.filter((id) => this.beingLoaded.has(id));
    const missing = absent.filter((id) => !this.beingLoaded.has(id));
    const outdated = Object.entries(tables).filter(([, table]) => table.state === 'outdated').map(([id]) => id);
    const problems = [
      ...(missing.length > 0 ? [`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not loaded`] : []),
      ...(outdated.length > 0 ? [`${outdated.join(', ')} ${outdated.length === 1 ? 'was' : 'were'} loaded by an older version`] : []),
    ];
    const underWay = loading.length > 0 ? `${loading.join(', ')} ${loading.length === 1 ? 'is' : 'are'} being loaded now, so ${loading.length === 1 ? 'its' : 'their'} questions are found by search until ${loading.length === 1 ? 'it is' : 'they are'}.` : undefined;
    if (problems.length === 0) return underWay;
    const advice = `${problems.join(', and ')}, so ${missing.length + outdated.length === 1 ? 'its' : 'their'} questions are found by search; load with npm run precompute (locally, npm start loads them).`;
    return underWay ? `${underWay} ${advice}` : advice;
  }

  /** Reads the record at `location` when its table is loaded for the location's goal. */
  private fromTable<Q, A extends Answer>(tables: StoredTables<Q, A>, query: Q, location: Location, budget: SearchBudget): Promise<Stored<A> | undefined> {
    return this.fromStore(location.table, budget, async (store, manifest) => {
      if (manifest.goal !== location.goal) return undefined; // loaded for another goal
      const record = await store.lookup(tables.format, manifest, location.section, location.rank);
      return tables.fromRecord(query, manifest, record);
    });
  }

  /**
   * Runs a table read when the table is loaded; any failure means "the table cannot answer now".
   * The read shares the request's deadline: when it is not back in time, the request goes on to
   * the search (a failure that comes later is still reported).
   */
  private async fromStore<T>(table: TableId, budget: SearchBudget, read: (store: PageStore, manifest: Manifest) => Promise<T | undefined>): Promise<T | undefined> {
    const left = budget.deadline - this.now();
    if (!this.store || this.now() < this.storeDownUntil || left <= 0) return undefined;
    const store = this.store;
    const reading = (async () => {
      const state = await store.table(table);
      return state.state === 'loaded' ? await read(store, state.manifest) : undefined;
    })();
    const failed = Symbol('failed');
    const settled = reading.catch((error: unknown) => {
      this.reportFailure(error);
      return failed;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), left);
    });
    const result = await Promise.race([settled, late]);
    clearTimeout(timer);
    return result === failed ? undefined : (result as T | undefined);
  }

  private reportFailure(error: unknown): void {
    this.lastFailure = describeFailure(error);
    if (error instanceof StoreUnavailableError) {
      this.storeDownUntil = this.now() + (this.options.storeBackoffMs ?? DEFAULT_STORE_BACKOFF_MS);
      this.options.onStoreError?.(error);
    } else {
      this.options.onBadData?.(error);
    }
  }
}

function healthOf(table: TableId, facts: TableFacts, state: TableState): TableHealth {
  if (state.state !== 'outdated') return { facts, ...state };
  return {
    facts,
    state: 'outdated',
    schemaVersion: state.found.schemaVersion,
    message: `${table} was loaded by schema version ${state.found.schemaVersion}; this function reads version ${SCHEMA_VERSION} only, so it answers by search until the table is reloaded (npm run precompute -- --force).`,
  };
}

/** A failure in a clause: the underlying error's own words, without the wrapper's. */
function describeFailure(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return (cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)).slice(0, 200);
}
