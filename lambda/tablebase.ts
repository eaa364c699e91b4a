/**
 * The service's answers: from the precomputed tables when they can answer, else by bounded IDA*,
 * with a small in-memory LRU of recent answers. Every answer says which way it was found.
 *
 * The tables cannot answer when a table has no manifest of this schema version (not loaded, a
 * load in progress, or loaded by an older version), when the goal was never precomputed (a custom
 * goal board), when a knights limit goes past the loaded depth, or when DynamoDB fails or is slow.
 * A DynamoDB failure makes the service answer by search for a few seconds without asking again;
 * bad data (a malformed page, a missing page) is reported loudly and answered by search.
 */
import { LRUCache } from 'lru-cache';
import { type Clock, systemClock } from '../core/clock';
import { canonicalize } from '../core/eight/canonical';
import { type EightAnswer, type EightQuery, assertReachable } from '../core/eight/query';
import { eightMovesFromMask, eightMovesBySearch } from '../core/eight/move-values';
import { searchEight } from '../core/eight/search';
import { encodeEight } from '../core/eight/space';
import { BudgetExhaustedError } from '../core/errors';
import type { SearchBudget } from '../core/ida-star';
import { formatKnightsBoard } from '../core/knights/board';
import { KNIGHTS_GOALS } from '../core/knights/goals';
import { BEYOND_LIMIT, type KnightsAnswer, type KnightsQuery, MAX_LIMIT as KNIGHTS_DIAMETER } from '../core/knights/query';
import { knightsMovesBySearch, knightsMovesFromMask } from '../core/knights/move-values';
import { searchKnights } from '../core/knights/search';
import type { MoveValue } from '../core/move-values';
import { encodeKnights, knightsRank } from '../core/knights/space';
import { type PageStore, StoreUnavailableError, type TableState } from '../store/page-store';
import { eightLetters } from '../store/puzzle-formats';
import { EIGHT_TABLE_ID, type Manifest, SCHEMA_VERSION, type TableId, eightSection, knightsSection, knightsTableId } from '../store/table-schema';

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

export type KnightsResult = KnightsAnswer & Found & Valued;
export type EightResult = EightAnswer & Found & Valued;

export interface AnswerOptions {
  /** Value every legal move too (the table's answers carry them for free; a search answer searches once per move). */
  readonly moves?: boolean;
}

/** A table as /health reports it. */
export type TableHealth =
  | { readonly state: 'loaded'; readonly manifest: Manifest }
  | { readonly state: 'missing' }
  | { readonly state: 'outdated'; readonly schemaVersion: number; readonly message: string }
  | { readonly state: 'unknown' };

export interface Health {
  /** Whether DynamoDB answered the manifest reads. */
  readonly dynamodb: 'reachable' | 'unreachable' | 'not configured';
  readonly tables: Record<string, TableHealth>;
}

/** Answers kept per instance by default: the repeated questions of a busy minute. */
export const DEFAULT_ANSWER_CACHE_SIZE = 10_000;
/**
 * After a DynamoDB failure, how long every request is answered by search without asking again
 * by default: long enough that a failing DynamoDB is not asked by every request, short enough
 * that the table is back within seconds of DynamoDB.
 */
export const DEFAULT_STORE_BACKOFF_MS = 5000;

export interface TablebaseOptions {
  /** Answers kept in memory. */
  readonly cacheSize?: number;
  /** After a DynamoDB failure, answer by search without trying the table for this long. */
  readonly storeBackoffMs?: number;
  /** The clock the hold-off is measured on; the system's by default. */
  readonly clock?: Clock;
  /** Told about every DynamoDB failure that made the service fall back to search. */
  readonly onStoreError?: (error: unknown) => void;
  /** Told about data the tables should never hold (a malformed or missing page). */
  readonly onBadData?: (error: unknown) => void;
}

type Stored<T> = (T & { source: Source } & Valued) | undefined;

export const TABLE_IDS: readonly TableId[] = [...[...KNIGHTS_GOALS.keys()].map(knightsTableId), EIGHT_TABLE_ID];

export class Tablebase {
  private readonly cache: LRUCache<string, KnightsResult | EightResult>;
  /** While DynamoDB is failing, requests do not each wait for it to fail again. */
  private storeDownUntil = 0;

  constructor(
    private readonly store: PageStore | undefined,
    private readonly options: TablebaseOptions = {},
  ) {
    this.cache = new LRUCache({ max: options.cacheSize ?? DEFAULT_ANSWER_CACHE_SIZE });
  }

  private now(): number {
    return (this.options.clock ?? systemClock).now();
  }

  async knights(query: KnightsQuery, budget: SearchBudget, options: AnswerOptions = {}): Promise<KnightsResult> {
    const key = `knights|${query.goal.board}|${query.board}|${query.limit}`;
    try {
      return await this.answer(
        key,
        () => this.knightsFromTable(query, budget),
        () => searchKnights(query, budget),
        options.moves ? (answer) => knightsMovesBySearch(query, answer, budget) : undefined,
      );
    } catch (error) {
      if (!(error instanceof BudgetExhaustedError)) throw error;
      throw new BudgetExhaustedError(`${error.message} ${await this.knightsTableAdvice(query)}`);
    }
  }

  /** What a person can do when the search gave up: how deep the table is, and how to load it deeper. */
  private async knightsTableAdvice(query: KnightsQuery): Promise<string> {
    const name = query.goal.name;
    if (name === undefined) return 'Goals given as boards are always searched; ask with a lower limit, or about a registered goal.';
    const deeper = `To answer up to ${query.limit} moves from the table, load it deeper: npm run precompute -- --knights-depth ${KNIGHTS_DIAMETER} (locally: npm start -- --knights-depth ${KNIGHTS_DIAMETER}).`;
    if (!this.store) return `No knights table is configured here. ${deeper}`;
    try {
      const state = await this.store.table(knightsTableId(name));
      if (state.state === 'loaded') return `The ${name} knights table is loaded to depth ${state.manifest.depth}, so a limit of ${query.limit} needs the search. ${deeper}`;
      if (state.state === 'outdated') return `The ${name} knights table was loaded by an older version and must be reloaded. ${deeper}`;
      return `The ${name} knights table is not loaded. ${deeper}`;
    } catch {
      return 'The tables cannot be read now either; try again later.';
    }
  }

  eight(query: EightQuery, budget: SearchBudget, options: AnswerOptions = {}): Promise<EightResult> {
    assertReachable(query);
    const { goalIndex, from } = canonicalize(query.from, query.to);
    const key = `eight|${goalIndex}|${from.join('')}`;
    return this.answer(
      key,
      () => this.eightFromTable(query, goalIndex, encodeEight(from), budget),
      () => searchEight(query, budget),
      options.moves ? (answer) => eightMovesBySearch(query, answer, budget) : undefined,
    );
  }

  /**
   * The cached answer, else the table's, else the search's; with its moves valued when
   * `valueMoves` is given and the answer has none yet. Remembered for next time.
   */
  private async answer<T extends KnightsAnswer | EightAnswer>(
    key: string,
    fromTable: () => Promise<Stored<T>>,
    search: () => T,
    valueMoves?: (answer: T) => readonly MoveValue[],
  ): Promise<T & Found & Valued> {
    const cached = this.cache.get(key) as (T & Found & Valued) | undefined;
    let answer = (cached ? { ...cached, cached: true } : { ...((await fromTable()) ?? { ...search(), source: 'search' as const }), cached: false }) as T & Found & Valued;
    if (valueMoves && !answer.moves) answer = { ...answer, moves: valueMoves(answer) };
    if (!cached || answer.moves !== cached.moves) this.cache.set(key, { ...answer, cached: false });
    return answer;
  }

  /**
   * A load just completed: read the manifests again on the next request, and forget the answers
   * found by search meanwhile, so that the table answers them from now on.
   */
  tablesChanged(): void {
    this.store?.forgetManifests();
    this.cache.clear();
  }

  async health(): Promise<Health> {
    if (!this.store) return { dynamodb: 'not configured', tables: Object.fromEntries(TABLE_IDS.map((id) => [id, { state: 'missing' }])) };
    try {
      const states = await Promise.all(TABLE_IDS.map((id) => this.store!.table(id)));
      return { dynamodb: 'reachable', tables: Object.fromEntries(TABLE_IDS.map((id, i) => [id, healthOf(id, states[i])])) };
    } catch (error) {
      this.reportFailure(error);
      return { dynamodb: 'unreachable', tables: Object.fromEntries(TABLE_IDS.map((id) => [id, { state: 'unknown' }])) };
    }
  }

  private knightsFromTable(query: KnightsQuery, budget: SearchBudget): Promise<Stored<KnightsAnswer>> {
    const name = query.goal.name;
    if (name === undefined) return Promise.resolve(undefined); // a goal board of the client's own
    return this.fromStore(knightsTableId(name), budget, async (store, manifest) => {
      if (manifest.goal !== formatKnightsBoard(query.goal.board)) return undefined;
      const record = await store.lookup(manifest, knightsSection(name), knightsRank(encodeKnights(query.board)));
      if (record) {
        const moves = knightsMovesFromMask(query, record.distance, record.optimal);
        return record.distance <= query.limit ? { steps: record.distance, path: record.line, moves, source: 'table' } : { ...BEYOND_LIMIT, moves, source: 'table' };
      }
      // The manifest vouches that every position within its depth is stored. Farther than the
      // depth, every move leads past it too; when the depth is the limit itself, a move may lead
      // to a position exactly at the limit, which only the search (or more reads) can tell.
      if (query.limit > manifest.depth) return undefined;
      const moves = query.limit < manifest.depth ? knightsMovesFromMask(query, Number.POSITIVE_INFINITY, 0) : undefined;
      return { ...BEYOND_LIMIT, moves, source: 'table' };
    });
  }

  private eightFromTable(query: EightQuery, goalIndex: number, rank: number, budget: SearchBudget): Promise<Stored<EightAnswer>> {
    return this.fromStore(EIGHT_TABLE_ID, budget, async (store, manifest) => {
      const record = await store.lookup(manifest, eightSection(goalIndex), rank);
      if (!record) return undefined;
      // Relabelling the tiles moves no blank: the canonical position's moves and mask are the query's.
      const moves = eightMovesFromMask(query, record.distance, record.optimal);
      return { steps: record.distance, path: eightLetters(query.from.indexOf(0), record.line), moves, source: 'table' };
    });
  }

  /**
   * Runs a table read when the table is loaded; any failure means "the table cannot answer now".
   * The read shares the request's deadline: when it is not back in time, the request goes on to
   * the search (a failure that comes later is still reported).
   */
  private async fromStore<T>(table: TableId, budget: SearchBudget, read: (store: PageStore, manifest: Manifest) => Promise<Stored<T>>): Promise<Stored<T>> {
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
    return result === failed ? undefined : (result as Stored<T>);
  }

  private reportFailure(error: unknown): void {
    if (error instanceof StoreUnavailableError) {
      this.storeDownUntil = this.now() + (this.options.storeBackoffMs ?? DEFAULT_STORE_BACKOFF_MS);
      this.options.onStoreError?.(error);
    } else {
      this.options.onBadData?.(error);
    }
  }
}

function healthOf(table: TableId, state: TableState): TableHealth {
  if (state.state !== 'outdated') return state;
  return {
    state: 'outdated',
    schemaVersion: state.found.schemaVersion,
    message: `${table} was loaded by schema version ${state.found.schemaVersion}; this function reads version ${SCHEMA_VERSION} only, so it answers by search until the table is reloaded (npm run precompute -- --force).`,
  };
}
