/**
 * The service's answers, for any puzzle of its registry: from the precomputed tables when they can
 * answer, else by bounded IDA*, else (for a puzzle whose hardest questions are solved in the
 * background) the answer a solve kept or where its solve stands. Every answer says which way it
 * was found. Its parts: the answers kept (answer-cache.ts), the store read on the request's
 * deadline and held off after a failure (store-guard.ts), the estimate tables
 * (estimate-readings.ts), and what /health says (health-report.ts).
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
import { type Clock, systemClock } from '../core/clock';
import { BudgetExhaustedError, MovesUnvaluedError } from '../core/errors';
import { type SearchBudget, extendedBudget } from '../core/ida-star';
import type { MoveValue } from '../core/move-values';
import type { Puzzle } from '../puzzles/puzzle';
import type { Registry } from '../puzzles/registry';
import type { Answer, Result, Source, Stored } from '../puzzles/roles/answer';
import type { Location, StoredTables, TableStanding } from '../puzzles/roles/stored-tables';
import type { PageStore } from '../store/page-store';
import type { TableId } from '../store/table-keys';
import type { Manifest } from '../store/manifests';
import { AnswerCache, DEFAULT_ANSWER_CACHE_SIZE } from './answer-cache';
import { type BackgroundSolves, SolveUnavailableError, type SolveStanding, SolvingInBackgroundError } from './background-solves';
import { EstimateReadings, type EstimateReadingsOptions } from './estimate-readings';
import { type Health, healthReport } from './health-report';
import { StoreGuard } from './store-guard';

export interface AnswerOptions {
  /** Value every legal move too (the table's answers carry them for free; a search answer searches once per move). */
  readonly moves?: boolean;
  /**
   * For a puzzle whose hardest questions are solved in the background: 'start' reads the answer
   * kept by an earlier solve (or where its solve stands) before searching, and a search that gives
   * up starts a solve and says so (SolvingInBackgroundError) rather than failing; 'read'
   * reads, and never starts one (a batch's query: the batch's one deadline, once spent, would send
   * every query after it, however easy, to the solver).
   */
  readonly background?: 'start' | 'read';
}

/** When a background solve cannot be started because DynamoDB failed, the client is told to ask again after this long. */
const STORE_RETRY_AFTER_S = 60;
/**
 * How long a question of a puzzle solved in the background is searched before its kept answer is
 * read: with the 15-puzzle's 7-8 databases Korf's boards take 3 ms at the median and 31 ms at most,
 * so nearly every question is answered without the read.
 */
export const SEARCH_BEFORE_KEPT_MS = 250;

/** How often a client is told to ask again while its question is solved in the background. */
export const SOLVING_RETRY_AFTER_S = 5;

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
  /** How the searches over estimate tables are made (EstimateReadingsOptions). */
  readonly searchWith?: EstimateReadingsOptions['searchWith'];
  /** Where questions past a request's search are solved and their answers kept; none: such a question gets a 503. */
  readonly solves?: BackgroundSolves;
}

export class AnswerService {
  private readonly cache: AnswerCache;
  /** The page store, read on each request's deadline and held off after a failure; and the catalogue of loaded tables. */
  readonly guard: StoreGuard;
  /** The puzzles' estimate tables, and the searches over them. */
  readonly estimates: EstimateReadings;
  /** Tables a load is writing now (npm start's): /health says they are being loaded, rather than advising a load. */
  private beingLoaded: ReadonlySet<TableId> = new Set();
  /** Stronger estimates being built now (npm start's), per puzzle: how far along, in a sentence. */
  private beingBuilt: ReadonlyMap<string, string> = new Map();

  constructor(
    private readonly registry: Registry,
    store: PageStore | undefined,
    private readonly options: AnswerServiceOptions = {},
  ) {
    const clock = options.clock ?? systemClock;
    this.cache = new AnswerCache(options.cacheSize ?? DEFAULT_ANSWER_CACHE_SIZE, clock);
    this.guard = new StoreGuard(store, { backoffMs: options.storeBackoffMs, clock, onStoreError: options.onStoreError, onBadData: options.onBadData });
    this.estimates = new EstimateReadings(registry, store, {
      retryMs: options.searchAnswerTtlMs ?? DEFAULT_SEARCH_ANSWER_TTL_MS,
      clock,
      packagedTables: options.packagedTables,
      searchWith: options.searchWith,
      onStoreError: options.onStoreError,
      onBadData: options.onBadData,
    });
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
          return where && tables ? await this.fromTable(tables, query, where, budget) : undefined;
        },
        async () => {
          const search = this.estimates.searchGiving(puzzle, (spent) => (budget = extendedBudget(budget, spent))) ?? puzzle.solver;
          if (!solves) return search.search(query, budget);
          // A question solved in the background: searched a moment first, since nearly every one needs
          // no more (a read of its record saved); past that, its kept answer, or where its solve
          // stands, is read before the search goes on for the rest of the request's time.
          const probe = { ...budget, deadline: Math.min(budget.deadline, (budget.clock ?? systemClock).now() + SEARCH_BEFORE_KEPT_MS) };
          try {
            return await search.search(query, probe);
          } catch (error) {
            if (!(error instanceof BudgetExhaustedError) || probe.deadline >= budget.deadline) throw error;
          }
          const standing = await this.solveStandingNow(solves, puzzle.name, question, budget);
          if (standing) return this.fromSolve(key, puzzle, query, standing) as unknown as A;
          return search.search(query, budget);
        },
        options.moves
          ? (answer) => {
              const estimated = this.estimates.searchOf(puzzle);
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
          `${error.message} It is solved in the background, but the background solver cannot be reached now (${this.guard.lastFailure ?? 'DynamoDB did not answer'}); ask again in a minute.`,
          STORE_RETRY_AFTER_S,
        );
      }
      const advice = tables ? await this.adviceWhenSearchGaveUp(tables, query, located()) : (puzzle.solver.adviceWhenSearchGaveUp?.(query) ?? 'Try again shortly.');
      throw new BudgetExhaustedError(`${error.message} ${advice}`);
    }
  }

  /** Where the question's background solve stands, by one read; undefined when it has none, or DynamoDB does not answer (the search is tried). */
  private async solveStandingNow(solves: BackgroundSolves, puzzle: string, question: string, budget: SearchBudget): Promise<SolveStanding | undefined> {
    if (budget.deadline <= this.now() || this.guard.holdOffLeft() > 0) return undefined;
    try {
      return await solves.standing(puzzle, question);
    } catch (error) {
      this.guard.report(error);
      return undefined;
    }
  }

  /** The background solve of a question the search gave up on, as it stands (started now if need be); undefined when DynamoDB cannot say. */
  private async solveStanding(solves: BackgroundSolves, puzzle: string, question: string, query: unknown): Promise<SolveStanding | undefined> {
    try {
      return await solves.begin(puzzle, question, query);
    } catch (error) {
      this.guard.report(error);
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
        this.cache.keep(key, answer);
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

  /** Tells which tables a load is writing now, behind the service (npm start's); none when no load runs. */
  loadsUnderWay(tables: readonly TableId[]): void {
    this.beingLoaded = new Set(tables);
  }

  /** Tells how far a build of a puzzle's stronger estimates has come (npm start's), in a sentence; undefined once it has ended. */
  estimatesUnderWay(puzzle: string, progress: string | undefined): void {
    const next = new Map(this.beingBuilt);
    if (progress === undefined) next.delete(puzzle);
    else next.set(puzzle, progress);
    this.beingBuilt = next;
  }

  /** What a person can do when the search gave up: how deep the table is, and how to load it deeper. */
  private async adviceWhenSearchGaveUp<Q, A extends Answer>(tables: StoredTables<Q, A> | undefined, query: Q, location: Location | undefined): Promise<string> {
    const advice = (standing: TableStanding, manifest?: Manifest) => tables?.adviceWhenSearchGaveUp?.(query, standing, manifest) ?? 'Try again shortly.';
    const { store } = this.guard;
    if (!location || !store) return advice('none');
    try {
      const state = await store.table(location.table);
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
    search: () => A | Promise<A>,
    valueMoves?: (answer: A) => readonly MoveValue[] | Promise<readonly MoveValue[]>,
  ): Promise<Result<A>> {
    const cached = this.cache.get<A>(key);
    // a search may give the answer its background solve kept, which says so in its own source
    let answer = (cached ? { ...cached, cached: true } : { ...((await fromTable()) ?? { source: 'search' as Source, ...(await search()) }), cached: false }) as Result<A>;
    if (valueMoves && !answer.moves) {
      try {
        answer = { ...answer, moves: await valueMoves(answer), movesUnvalued: undefined };
      } catch (error) {
        if (!(error instanceof MovesUnvaluedError)) throw error;
        answer = { ...answer, movesUnvalued: error.message };
      }
    }
    if (!cached || answer.moves !== cached.moves) {
      const until = answer.source === 'search' && tabled() ? this.now() + (this.options.searchAnswerTtlMs ?? DEFAULT_SEARCH_ANSWER_TTL_MS) : Number.POSITIVE_INFINITY;
      this.cache.keep(key, { ...answer, cached: false }, until);
    }
    return answer;
  }

  /**
   * A load just completed: read the manifests again on the next request, and forget the answers
   * found by search meanwhile, so that the table answers them from now on.
   */
  tablesChanged(): void {
    this.guard.store?.forgetManifests();
    this.cache.clear();
    // estimate tables that could not be used are read again now (npm start's load of them just ended)
    this.estimates.retryUnusable();
  }

  /** Every table's state, and whether the tables can answer now (health-report.ts); DynamoDB asked afresh unless `fresh` is false. */
  health(options: { readonly fresh?: boolean } = { fresh: true }): Promise<Health> {
    return healthReport({ registry: this.registry, guard: this.guard, estimates: this.estimates, beingLoaded: this.beingLoaded, beingBuilt: this.beingBuilt }, options.fresh ?? false);
  }

  /** Reads the record at `location` when its table is loaded for the location's goal. */
  private fromTable<Q, A extends Answer>(tables: StoredTables<Q, A>, query: Q, location: Location, budget: SearchBudget): Promise<Stored<A> | undefined> {
    return this.guard.read(location.table, budget, async (store, manifest) => {
      if (manifest.goal !== location.goal) return undefined; // loaded for another goal
      const record = await store.lookup(tables.format, manifest, location.section, location.rank);
      return tables.fromRecord(query, manifest, record);
    });
  }
}
