/**
 * Reading a whole table of byte arrays (array-pages.ts) back: its manifest, then every page with
 * BatchGetItem (100 keys a call), checked against the manifest before anything is handed on: the
 * kind, every page present and of the length the layout gives, and the sha256 the load wrote,
 * recomputed over the keys and bytes read, in load order. Any mismatch is an ArrayTableError that
 * says what was wrong, so that the caller can fall back to doing without the arrays.
 */
import { createHash } from 'node:crypto';
import { type DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { type ArrayShape, arrayPageRefs } from './array-pages';
import { readPages } from './page-reads';
import type { RetryPolicy } from './retry';
import { type DynamoItem, MalformedItemError, PARTITION_KEY } from './table-schema';
import { type TableId, manifestKey } from './table-keys';
import { generationKey } from './generations';
import { pageBytesOf } from './page-items';
import { type Manifest, isCurrent, readManifest } from './manifests';

/** The table is missing, unfinished, of another kind or version, or does not match its manifest. */
export class ArrayTableError extends Error {
  override readonly name: string = 'ArrayTableError';
}

/** The table is not loaded, or loaded by a version this one cannot read: nothing is wrong with what is there, it only needs a load. */
export class ArrayTableNotLoadedError extends ArrayTableError {
  override readonly name = 'ArrayTableNotLoadedError';
}

export interface ArrayTable {
  readonly manifest: Manifest;
  /** Each array by name, in the manifest's order. */
  readonly arrays: ReadonlyMap<string, Uint8Array>;
}

export interface ArrayReadOptions {
  readonly policy: RetryPolicy;
  /** Longest wait for one call. */
  readonly timeoutMs?: number;
}

/** The arrays of `table`, checked against its manifest. */
export async function readArrayTable(client: DynamoDBClient, tableName: string, table: TableId, options: ArrayReadOptions): Promise<ArrayTable> {
  const signal = options.timeoutMs === undefined ? undefined : { abortSignal: AbortSignal.timeout(options.timeoutMs) };
  const item = (await client.send(new GetItemCommand({ TableName: tableName, Key: { [PARTITION_KEY]: { S: manifestKey(table) } } }), signal)).Item;
  if (!item) throw new ArrayTableNotLoadedError(`${table} is not loaded (it has no manifest).`);
  const manifest = readManifest(item);
  if (!isCurrent(manifest)) throw new ArrayTableNotLoadedError(`${table} was loaded by schema version ${manifest.schemaVersion}, which this version cannot read; reload it.`);
  if (!manifest.arrays) throw new ArrayTableError(`${table} is a table of positions, not of arrays.`);
  const keys = arrayPageRefs(table, manifest.arrays, manifest.layout.ranksPerPage).map(({ key }) => generationKey(manifest.generation, key));
  return checkedArrays(manifest, manifest.arrays, await readPages(client, tableName, keys, options));
}

/** The arrays (`shapes`, the manifest's) assembled from `items` (by their stored keys, the manifest's generation's), when they are exactly what the manifest describes. */
function checkedArrays(manifest: Manifest, shapes: readonly ArrayShape[], items: ReadonlyMap<string, { [key: string]: unknown }>): ArrayTable {
  const refs = arrayPageRefs(manifest.table, shapes, manifest.layout.ranksPerPage);
  if (refs.length !== manifest.pages) throw new ArrayTableError(`The manifest of ${manifest.table} says ${manifest.pages} pages, but its arrays make ${refs.length}.`);
  const arrays = shapes.map(({ length }) => new Uint8Array(length));
  const hash = createHash('sha256');
  for (const ref of refs) {
    const item = items.get(generationKey(manifest.generation, ref.key));
    if (!item) throw new ArrayTableError(`${manifest.table} lacks its page ${ref.key}, which its manifest promises; reload the table.`);
    const bytes = intactBytes(manifest, ref.key, item as DynamoItem);
    if (bytes.length !== ref.end - ref.start) throw new ArrayTableError(`Page ${ref.key} of ${manifest.table} holds ${bytes.length} bytes, not ${ref.end - ref.start}; reload the table.`);
    arrays[ref.array].set(bytes, ref.start);
    hash.update(`${ref.key}\n`).update(bytes);
  }
  const checksum = `sha256:${hash.digest('hex')}`;
  if (checksum !== manifest.checksum) throw new ArrayTableError(`The pages of ${manifest.table} do not match its manifest's checksum (read ${checksum.slice(0, 19)}…, expected ${manifest.checksum.slice(0, 19)}…): a page was changed after the load; reload the table.`);
  return { manifest, arrays: new Map(shapes.map(({ name }, i) => [name, arrays[i]])) };
}

/** A page's bytes, its checksum checked: a page changed after the load is the table's damage, like any other mismatch. */
function intactBytes(manifest: Manifest, key: string, item: DynamoItem): Uint8Array {
  try {
    return pageBytesOf(item);
  } catch (error) {
    if (!(error instanceof MalformedItemError)) throw error;
    throw new ArrayTableError(`Page ${key} of ${manifest.table} is damaged (${error.message}).`);
  }
}
