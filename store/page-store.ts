/**
 * The read side of the tables, for the service: a table's state from its manifest, and any
 * position's record from its page, with one GetItem per page (BatchGetItem when several pages are
 * wanted at once) and a cache of decoded pages bounded in bytes, so that queries landing on the
 * same page share one read and one decode.
 *
 * It trusts only a manifest of its own schema version: a table loaded by another version reads as
 * "outdated" and is never decoded. Failures come in two kinds, kept apart because the service
 * treats them differently: StoreUnavailableError (DynamoDB or the network failed: try again
 * later) and bad data (a malformed item, a page the manifest promises but the table lacks: a bug
 * or a broken load, to be reported loudly).
 */
import { type DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../core/clock';
import { type ArrayTable, readArrayTable } from './array-reads';
import { type DecodedPage, type PositionRecord, decodePage } from '../packing/page-codec';
import { pageSlotOf } from '../packing/page-layout';
import { readPages } from './page-reads';
import type { PagedPuzzle } from '../packing/paged-puzzle';
import type { RetryPolicy } from './retry';
import { type DynamoItem, PARTITION_KEY } from './table-schema';
import { type TableId, manifestKey, pageKey } from './table-keys';
import { generationKey } from './generations';
import { CATALOG_KEY, type Catalog, readCatalog } from './catalog';
import { pageBytesOf } from './page-items';
import { type ForeignManifest, type Manifest, isCurrent, readManifest } from './manifests';

/** One call of a whole-table read (100 pages, 400 KB) may take longer than a request's page read. */
const ARRAY_CALL_TIMEOUT_MS = 10_000;

export type TableState =
  | { readonly state: 'loaded'; readonly manifest: Manifest }
  | { readonly state: 'missing' }
  | { readonly state: 'outdated'; readonly found: ForeignManifest };

/** DynamoDB or the network failed: the tables cannot be read now. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}

/** A page the manifest promises is not in the table: the load was damaged after it completed. */
export class PageMissingError extends Error {
  override readonly name = 'PageMissingError';
}

export interface PageStoreOptions {
  /** Longest wait for one DynamoDB call. */
  readonly timeoutMs: number;
  /** How long a manifest (or its absence) is trusted before it is read again. */
  readonly manifestTtlMs: number;
  /** Memory for decoded pages. */
  readonly cacheBytes: number;
  /** Retries of keys BatchGetItem leaves unprocessed. */
  readonly retry: RetryPolicy;
  readonly clock: Clock;
}

export class PageStore {
  private readonly states = new Map<TableId, { value: Promise<TableState>; until: number }>();
  private catalogRead: { value: Promise<Catalog>; until: number } | undefined;
  private readonly pages: LRUCache<string, DecodedPage>;
  /** Pages being fetched, so that concurrent lookups of one page share the read. */
  private readonly fetching = new Map<string, Promise<DecodedPage>>();
  /** Page keys asked for since the last flush, with their waiters. */
  private waiting = new Map<string, { resolve(item: DynamoItem | undefined): void; reject(error: unknown): void }[]>();

  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
    private readonly options: PageStoreOptions,
  ) {
    this.pages = new LRUCache({ maxSize: options.cacheBytes, sizeCalculation: (page) => page.byteSize });
  }

  /** The table's state, from its manifest (cached for manifestTtlMs). */
  table(table: TableId): Promise<TableState> {
    const now = this.options.clock.now();
    const cached = this.states.get(table);
    if (cached && cached.until > now) return cached.value;
    const value = this.readState(table);
    this.states.set(table, { value, until: now + this.options.manifestTtlMs });
    value.catch(() => this.states.delete(table)); // a failed read is not remembered
    return value;
  }

  /**
   * The loaded tables, as the catalogue lists them: one GetItem per manifestTtlMs at most, however
   * many requests ask (a failed read is not remembered, so the next request asks again); `fresh`
   * asks DynamoDB now (/health), and keeps what it says for the requests that follow.
   */
  catalog(options: { readonly fresh?: boolean } = {}): Promise<Catalog> {
    const now = this.options.clock.now();
    if (!options.fresh && this.catalogRead && this.catalogRead.until > now) return this.catalogRead.value;
    const value = this.guard(() => this.getItem(CATALOG_KEY)).then(readCatalog);
    const read = { value, until: now + this.options.manifestTtlMs };
    this.catalogRead = read;
    value.catch(() => {
      if (this.catalogRead === read) this.catalogRead = undefined;
    });
    return value;
  }

  /** Reads the manifests and the catalogue again on the next request (a load just completed). */
  forgetManifests(): void {
    this.states.clear();
    this.catalogRead = undefined;
  }

  /** The record of the position of `rank` in `section` of a loaded table, or undefined when the table does not hold it. */
  async lookup(format: PagedPuzzle, manifest: Manifest, section: string, rank: number): Promise<PositionRecord | undefined> {
    const { page, slot } = pageSlotOf(manifest.layout, rank);
    const key = pageKey(section, page, format.pageDigits);
    return (await this.page(format, manifest, key, page)).find(slot);
  }

  /**
   * The decoded page `key` of the manifest's generation, from the cache or DynamoDB. The cache is
   * keyed by the stored key, generation included, and the manifest's checksum: a lookup never
   * mixes two loads, whatever the manifest a request holds.
   */
  async page(format: PagedPuzzle, manifest: Manifest, key: string, page: number): Promise<DecodedPage> {
    const stored = generationKey(manifest.generation, key);
    const cacheKey = `${manifest.checksum}|${stored}`;
    const cached = this.pages.get(cacheKey);
    if (cached) return cached;
    let pending = this.fetching.get(cacheKey);
    if (!pending) {
      pending = this.fetch(stored).then((item) => {
        if (!item) throw new PageMissingError(`The manifest of ${manifest.table} promises page ${key}, but the table has no such item; reload the table.`);
        const decoded = decodePage(pageBytesOf(item), format, manifest.layout, page, manifest.depth);
        this.pages.set(cacheKey, decoded);
        return decoded;
      });
      this.fetching.set(cacheKey, pending);
      void pending.then(
        () => this.fetching.delete(cacheKey),
        () => this.fetching.delete(cacheKey),
      );
    }
    return pending;
  }

  /** A whole table of arrays, checked against its manifest (array-reads.ts): estimates a search reads once per container. */
  readArrays(table: TableId): Promise<ArrayTable> {
    return readArrayTable(this.client, this.tableName, table, { policy: this.options.retry, timeoutMs: ARRAY_CALL_TIMEOUT_MS });
  }

  private async readState(table: TableId): Promise<TableState> {
    const item = await this.guard(() => this.getItem(manifestKey(table)));
    if (!item) return { state: 'missing' };
    const manifest = readManifest(item);
    return isCurrent(manifest) ? { state: 'loaded', manifest } : { state: 'outdated', found: manifest };
  }

  /** Queues a page read; reads that arrive together go out as one BatchGetItem. */
  private fetch(key: string): Promise<DynamoItem | undefined> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) setImmediate(() => void this.flush());
      const list = this.waiting.get(key);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
    });
  }

  private async flush(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = new Map();
    const keys = [...waiting.keys()];
    try {
      const items =
        keys.length === 1
          ? new Map([[keys[0], await this.guard(() => this.getItem(keys[0]))]])
          : await this.guard(() => readPages(this.client, this.tableName, keys, { policy: this.options.retry, timeoutMs: this.options.timeoutMs }));
      for (const [key, list] of waiting) for (const { resolve } of list) resolve(items.get(key));
    } catch (error) {
      for (const list of waiting.values()) for (const { reject } of list) reject(error);
    }
  }

  private async getItem(key: string): Promise<DynamoItem | undefined> {
    const output = await this.client.send(new GetItemCommand({ TableName: this.tableName, Key: { [PARTITION_KEY]: { S: key } } }), {
      abortSignal: AbortSignal.timeout(this.options.timeoutMs),
    });
    return output.Item;
  }

  /** Any failure of a DynamoDB call is the store being unavailable. */
  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw new StoreUnavailableError(`DynamoDB could not be read: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`, { cause: error });
    }
  }
}
