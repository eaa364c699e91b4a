/**
 * The page store as requests read it: every read on the request's deadline (a read not back in
 * time leaves the request to its search), and after a DynamoDB failure no read at all for a few
 * seconds, the hold-off, so that a failing DynamoDB is not asked by every request. Bad data (a
 * malformed or missing page) is told apart from a failing DynamoDB, and reported loudly.
 *
 * The catalogue of loaded tables is read here too, at most once per manifest period: the requests
 * of one period share one read.
 */
import { type Clock, systemClock } from '../core/clock';
import type { SearchBudget } from '../core/ida-star';
import type { LoadedTables } from '../puzzles/roles/stored-tables';
import { type PageStore, StoreUnavailableError } from '../store/page-store';
import type { Catalog } from '../store/catalog';
import type { Manifest } from '../store/manifests';
import type { TableId } from '../store/table-keys';

/**
 * After a DynamoDB failure, how long every request is answered by search without asking again
 * by default: long enough that a failing DynamoDB is not asked by every request, short enough
 * that the table is back within seconds of DynamoDB.
 */
export const DEFAULT_STORE_BACKOFF_MS = 5000;

const NO_TABLES: LoadedTables = { catalog: new Map(), known: true };

export interface StoreGuardOptions {
  /** After a DynamoDB failure, answer by search without trying the table for this long. */
  readonly backoffMs?: number;
  readonly clock?: Clock;
  /** Told about every DynamoDB failure that made the service fall back to search. */
  readonly onStoreError?: (error: unknown) => void;
  /** Told about data the tables should never hold (a malformed or missing page). */
  readonly onBadData?: (error: unknown) => void;
}

export class StoreGuard {
  /** While DynamoDB is failing, requests do not each wait for it to fail again. */
  private downUntil = 0;
  /** The last failure, in a clause, for /health and the advice of refusals. */
  private failure: string | undefined;
  /** The last catalogue read, kept for the requests of a DynamoDB failure's hold-off. */
  private lastTables: LoadedTables | undefined;
  /** The store's current catalogue read, and the tables the requests that asked during it got. */
  private catalogRead: { readonly catalog: Promise<Catalog>; readonly tables: Promise<LoadedTables> } | undefined;

  constructor(
    readonly store: PageStore | undefined,
    private readonly options: StoreGuardOptions = {},
  ) {}

  private now(): number {
    return (this.options.clock ?? systemClock).now();
  }

  /** The last failure in a clause, or undefined when none was seen. */
  get lastFailure(): string | undefined {
    return this.failure;
  }

  /** Milliseconds left of the hold-off (0 or less: the store may be read). */
  holdOffLeft(): number {
    return this.downUntil - this.now();
  }

  /** DynamoDB is known to be back (npm start restarted its server): read it again at once. */
  storeBack(): void {
    this.downUntil = 0;
    this.store?.forgetManifests();
  }

  /**
   * The loaded tables the queries of this request may name. The requests of one manifest period
   * share one answer, made when its read came back: most requests ask, and each would otherwise
   * wait for and wrap the same catalogue.
   */
  loadedTables(): Promise<LoadedTables> {
    if (!this.store) return Promise.resolve(NO_TABLES);
    // While DynamoDB fails, the tables last read are still named (and searched).
    if (this.holdOffLeft() > 0) return Promise.resolve(this.tablesOrUnknown());
    const read = this.store.catalog();
    if (this.catalogRead?.catalog === read) return this.catalogRead.tables;
    const tables = read.then(
      (catalog): LoadedTables => (this.lastTables = { catalog, known: true }),
      (error: unknown) => {
        this.report(error);
        return this.tablesOrUnknown();
      },
    );
    this.catalogRead = { catalog: read, tables };
    return tables;
  }

  /** The tables last read, or none known: what a request may name while the catalogue cannot be read. */
  private tablesOrUnknown(): LoadedTables {
    return this.lastTables ?? { catalog: new Map(), known: false };
  }

  /**
   * Runs a read of `table` when it is loaded; any failure means "the table cannot answer now". The
   * read shares the request's deadline: when it is not back in time, the request goes on to the
   * search (a failure that comes later is still reported).
   */
  async read<T>(table: TableId, budget: SearchBudget, read: (store: PageStore, manifest: Manifest) => Promise<T | undefined>): Promise<T | undefined> {
    const left = budget.deadline - this.now();
    if (!this.store || this.holdOffLeft() > 0 || left <= 0) return undefined;
    const store = this.store;
    const reading = (async () => {
      const state = await store.table(table);
      return state.state === 'loaded' ? await read(store, state.manifest) : undefined;
    })();
    const failed = Symbol('failed');
    const settled = reading.catch((error: unknown) => {
      this.report(error);
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

  /** A failure of the store (the hold-off starts) or bad data (reported as such). */
  report(error: unknown): void {
    this.failure = describeFailure(error);
    if (error instanceof StoreUnavailableError) {
      this.downUntil = this.now() + (this.options.backoffMs ?? DEFAULT_STORE_BACKOFF_MS);
      this.options.onStoreError?.(error);
    } else {
      this.options.onBadData?.(error);
    }
  }
}

/** A failure in a clause: the underlying error's own words, without the wrapper's. */
export function describeFailure(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return (cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)).slice(0, 200);
}
