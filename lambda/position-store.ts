/**
 * Reading precomputed answers from DynamoDB, and the tables' manifests (cached for a short while,
 * since they change only when a load completes).
 *
 * A lone lookup is one GetItem. Lookups that arrive together (concurrent requests on one
 * instance, or the cases of a judge batch) are coalesced into BatchGetItem calls of up to 100
 * keys: one round trip and one request for the server to parse instead of many.
 */
import { BatchGetItemCommand, type BatchGetItemCommandOutput, type DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import {
  type DynamoItem,
  type Manifest,
  PARTITION_KEY,
  type PositionRecord,
  type TableId,
  manifestKey,
  readManifest,
  readPosition,
} from '../store/table-schema';

export interface PositionStore {
  /** The table's manifest, or undefined when the table is not (completely) loaded. */
  manifest(table: TableId): Promise<Manifest | undefined>;
  /** The stored answer for a position key, or undefined when there is no such item. */
  position(key: string): Promise<PositionRecord | undefined>;
}

export interface DynamoPositionStoreOptions {
  /** Longest wait for one DynamoDB call before answering by search instead. */
  readonly timeoutMs: number;
  /** How long a manifest (or its absence) is trusted before it is read again. */
  readonly manifestTtlMs: number;
  readonly now?: () => number;
}

/** BatchGetItem takes at most 100 keys. */
const BATCH_GET_LIMIT = 100;

interface Waiting {
  resolve(record: PositionRecord | undefined): void;
  reject(error: unknown): void;
}

export class DynamoPositionStore implements PositionStore {
  private readonly manifests = new Map<TableId, { value: Manifest | undefined; until: number }>();
  /** Lookups asked for since the last flush, by key. */
  private waiting = new Map<string, Waiting[]>();

  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
    private readonly options: DynamoPositionStoreOptions,
  ) {}

  async manifest(table: TableId): Promise<Manifest | undefined> {
    const now = (this.options.now ?? Date.now)();
    const cached = this.manifests.get(table);
    if (cached && cached.until > now) return cached.value;
    const item = await this.get(manifestKey(table));
    const value = item ? readManifest(item) : undefined;
    this.manifests.set(table, { value, until: now + this.options.manifestTtlMs });
    return value;
  }

  position(key: string): Promise<PositionRecord | undefined> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) setImmediate(() => void this.flush());
      const list = this.waiting.get(key);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
    });
  }

  /** Sends every waiting lookup: GetItem for one key, BatchGetItem for several. */
  private async flush(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = new Map();
    const keys = [...waiting.keys()];
    const settle = (key: string, outcome: { record?: PositionRecord; error?: unknown }) => {
      for (const { resolve, reject } of waiting.get(key)!) {
        if (outcome.error !== undefined) reject(outcome.error);
        else resolve(outcome.record);
      }
    };
    if (keys.length === 1) {
      try {
        const item = await this.get(keys[0]);
        settle(keys[0], { record: item ? readPosition(item) : undefined });
      } catch (error) {
        settle(keys[0], { error });
      }
      return;
    }
    await Promise.all(
      Array.from({ length: Math.ceil(keys.length / BATCH_GET_LIMIT) }, async (_, i) => {
        const chunk = keys.slice(i * BATCH_GET_LIMIT, (i + 1) * BATCH_GET_LIMIT);
        try {
          const found = await this.batchGet(chunk);
          for (const key of chunk) settle(key, { record: found.get(key) });
        } catch (error) {
          for (const key of chunk) settle(key, { error });
        }
      }),
    );
  }

  /** The stored records among `keys`; keys the server leaves unprocessed are asked again once. */
  private async batchGet(keys: string[]): Promise<Map<string, PositionRecord>> {
    const found = new Map<string, PositionRecord>();
    let pending = keys;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt === 2) throw new Error(`DynamoDB left ${pending.length} keys unprocessed twice`);
      const output: BatchGetItemCommandOutput = await this.client.send(
        new BatchGetItemCommand({ RequestItems: { [this.tableName]: { Keys: pending.map((key) => ({ [PARTITION_KEY]: { S: key } })) } } }),
        { abortSignal: AbortSignal.timeout(this.options.timeoutMs) },
      );
      for (const item of output.Responses?.[this.tableName] ?? []) {
        const record = readPosition(item);
        found.set(record.key, record);
      }
      pending = (output.UnprocessedKeys?.[this.tableName]?.Keys ?? []).map((key) => key[PARTITION_KEY].S!);
    }
    return found;
  }

  private async get(key: string): Promise<DynamoItem | undefined> {
    const output = await this.client.send(
      new GetItemCommand({ TableName: this.tableName, Key: { [PARTITION_KEY]: { S: key } } }),
      { abortSignal: AbortSignal.timeout(this.options.timeoutMs) },
    );
    return output.Item;
  }
}
