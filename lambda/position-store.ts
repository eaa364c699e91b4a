/**
 * Reading precomputed answers from DynamoDB: one GetItem per position, and the tables' manifests
 * (cached for a short while, since they change only when a load completes).
 */
import { type DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
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

export class DynamoPositionStore implements PositionStore {
  private readonly manifests = new Map<TableId, { value: Manifest | undefined; until: number }>();

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

  async position(key: string): Promise<PositionRecord | undefined> {
    const item = await this.get(key);
    return item ? readPosition(item) : undefined;
  }

  private async get(key: string): Promise<DynamoItem | undefined> {
    const output = await this.client.send(
      new GetItemCommand({ TableName: this.tableName, Key: { [PARTITION_KEY]: { S: key } } }),
      { abortSignal: AbortSignal.timeout(this.options.timeoutMs) },
    );
    return output.Item;
  }
}
