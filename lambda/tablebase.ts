/**
 * The service's answers: from the precomputed table when it can answer, else by bounded IDA*,
 * with a small in-memory LRU of recent answers. Every answer says which way it was found.
 *
 * The table cannot answer when it has no manifest (not loaded, or a load in progress), when the
 * goal was never precomputed (a custom goal board), when a knights limit goes past the loaded
 * depth, when an item is unexpectedly missing, or when DynamoDB fails or is slow.
 */
import { LRUCache } from 'lru-cache';
import { canonicalize } from '../core/eight/canonical';
import { type EightAnswer, type EightQuery, assertReachable } from '../core/eight/query';
import { searchEight } from '../core/eight/search';
import type { SearchBudget } from '../core/ida-star';
import { formatKnightsBoard } from '../core/knights/board';
import { KNIGHTS_GOALS } from '../core/knights/goals';
import { BEYOND_LIMIT, type KnightsAnswer, type KnightsQuery } from '../core/knights/query';
import { searchKnights } from '../core/knights/search';
import {
  EIGHT_TABLE_ID,
  type Manifest,
  type TableId,
  eightKey,
  knightsKey,
  knightsPathFromText,
  knightsTableId,
} from '../store/table-schema';
import type { PositionStore } from './position-store';

export type Source = 'table' | 'search';

export interface Found {
  readonly source: Source;
  /** True when the answer came from this instance's cache of recent answers. */
  readonly cached: boolean;
}

export type KnightsResult = KnightsAnswer & Found;
export type EightResult = EightAnswer & Found;

export interface Health {
  /** Whether DynamoDB answered the manifest reads. */
  readonly dynamodb: 'reachable' | 'unreachable' | 'not configured';
  /** Each table's manifest, or null when it is not loaded. */
  readonly tables: Record<string, Manifest | null>;
}

export interface TablebaseOptions {
  /** Answers kept in memory. */
  readonly cacheSize?: number;
  /** After a DynamoDB failure, answer by search without trying the table for this long. */
  readonly storeBackoffMs?: number;
  readonly now?: () => number;
  /** Told about every DynamoDB failure that made the service fall back to search. */
  readonly onStoreError?: (error: unknown) => void;
}

type Stored<T> = (T & { source: Source }) | undefined;

export class Tablebase {
  private readonly cache: LRUCache<string, KnightsResult | EightResult>;
  /** While DynamoDB is failing, requests do not each wait for it to fail again. */
  private storeDownUntil = 0;

  constructor(
    private readonly store: PositionStore | undefined,
    private readonly options: TablebaseOptions = {},
  ) {
    this.cache = new LRUCache({ max: options.cacheSize ?? 10_000 });
  }

  knights(query: KnightsQuery, budget: SearchBudget): Promise<KnightsResult> {
    const key = `knights|${query.goal.board}|${query.board}|${query.limit}`;
    return this.answer(key, () => this.knightsFromTable(query), () => searchKnights(query, budget));
  }

  eight(query: EightQuery, budget: SearchBudget): Promise<EightResult> {
    assertReachable(query);
    const { goalIndex, from } = canonicalize(query.from, query.to);
    const key = eightKey(goalIndex, from);
    return this.answer(key, () => this.eightFromTable(key), () => searchEight(query, budget));
  }

  /** The cached answer, else the table's, else the search's; remembered for next time. */
  private async answer<T extends KnightsAnswer | EightAnswer>(key: string, fromTable: () => Promise<Stored<T>>, search: () => T): Promise<T & Found> {
    const cached = this.cache.get(key) as (T & Found) | undefined;
    if (cached) return { ...cached, cached: true };
    const answer = { ...((await fromTable()) ?? { ...search(), source: 'search' as const }), cached: false } as T & Found;
    this.cache.set(key, answer);
    return answer;
  }

  async health(): Promise<Health> {
    const ids: TableId[] = [...[...KNIGHTS_GOALS.keys()].map(knightsTableId), EIGHT_TABLE_ID];
    if (!this.store) return { dynamodb: 'not configured', tables: Object.fromEntries(ids.map((id) => [id, null])) };
    try {
      const manifests = await Promise.all(ids.map((id) => this.store!.manifest(id)));
      return { dynamodb: 'reachable', tables: Object.fromEntries(ids.map((id, i) => [id, manifests[i] ?? null])) };
    } catch (error) {
      this.options.onStoreError?.(error);
      return { dynamodb: 'unreachable', tables: Object.fromEntries(ids.map((id) => [id, null])) };
    }
  }

  private async knightsFromTable(query: KnightsQuery): Promise<Stored<KnightsAnswer>> {
    const name = query.goal.name;
    if (!this.store || name === undefined) return undefined; // a goal board of the client's own
    return this.fromStore(async (store) => {
      const manifest = await store.manifest(knightsTableId(name));
      if (!manifest || manifest.goal !== formatKnightsBoard(query.goal.board)) return undefined;
      const record = await store.position(knightsKey(name, query.board));
      if (record) {
        return record.steps <= query.limit
          ? { steps: record.steps, path: knightsPathFromText(record.path), source: 'table' }
          : { ...BEYOND_LIMIT, source: 'table' };
      }
      // The manifest vouches that every position within its depth is stored.
      return query.limit <= manifest.depth ? { ...BEYOND_LIMIT, source: 'table' } : undefined;
    });
  }

  private async eightFromTable(key: string): Promise<Stored<EightAnswer>> {
    return this.fromStore(async (store) => {
      if (!(await store.manifest(EIGHT_TABLE_ID))) return undefined;
      const record = await store.position(key);
      return record ? { steps: record.steps, path: record.path, source: 'table' } : undefined;
    });
  }

  /** Runs a table read; any DynamoDB failure means "the table cannot answer now". */
  private async fromStore<T>(read: (store: PositionStore) => Promise<Stored<T>>): Promise<Stored<T>> {
    const now = this.options.now ?? Date.now;
    if (!this.store || now() < this.storeDownUntil) return undefined;
    try {
      return await read(this.store);
    } catch (error) {
      this.storeDownUntil = now() + (this.options.storeBackoffMs ?? 5000);
      this.options.onStoreError?.(error);
      return undefined;
    }
  }
}
