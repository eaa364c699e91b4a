/**
 * Loads one logical table into DynamoDB: resumable, verified, and marked complete by a manifest
 * written last.
 *
 *  1. A manifest matching this schema, goal and depth means the table is loaded: nothing to do
 *     (unless forced).
 *  2. The BFS runs; records stream out in a fixed order and are written in batches of 25 with a
 *     bounded number in flight, so memory stays flat however many items there are.
 *  3. Every few seconds a progress item records how many leading records are surely stored (the
 *     low-water mark of finished batches). A killed load resumes from there; records past it that
 *     were already written are simply written again with the same content (puts are idempotent
 *     and keys unique), so the end result is exactly the expected items.
 *  4. Verification: an exact count by Scan and a spot check of random items. Only then the
 *     manifest is written, and the progress item removed.
 */
import { createHash } from 'node:crypto';
import { DeleteItemCommand, type DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { BATCH_SIZE, type WriteStats, newWriteStats, writeBatch } from './batch-writer';
import type { TableContents, TableSpec } from './positions';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';
import {
  type DynamoItem,
  type Manifest,
  PARTITION_KEY,
  type Progress,
  SCHEMA_VERSION,
  keyPrefix,
  manifestItem,
  manifestKey,
  positionItem,
  progressItem,
  progressKey,
  readManifest,
  readProgress,
} from './table-schema';
import { countItems, removeBeyondDepth, spotCheck } from './verify';

export interface LoadOptions {
  readonly tableName: string;
  /** Batches in flight at once. */
  readonly concurrency?: number;
  /** Reload even when a matching manifest says the table is loaded. */
  readonly force?: boolean;
  readonly retry?: RetryPolicy;
  /** How often the progress item is saved. */
  readonly checkpointEveryMs?: number;
  /** Random items read back before the manifest is written (all of them when at least the table's size). */
  readonly spotChecks?: number;
  /** Parallel segments of the counting Scan. */
  readonly scanSegments?: number;
  readonly onProgress?: (progress: LoadProgress) => void;
}

export type LoadPhase = 'computing' | 'writing' | 'verifying' | 'done';

export interface LoadProgress {
  readonly table: string;
  readonly phase: LoadPhase;
  /** Records in the table (known once computed). */
  readonly total: number;
  /** Records generated so far, including those skipped because an earlier run wrote them. */
  readonly generated: number;
  /** Items written by this run. */
  readonly written: number;
  readonly resumedFrom: number;
  readonly stats: WriteStats;
}

export interface LoadResult {
  readonly table: string;
  readonly status: 'already-loaded' | 'loaded';
  readonly manifest: Manifest;
  /** Items written by this run. */
  readonly written: number;
  /** Records an earlier, interrupted run had already stored. */
  readonly resumedFrom: number;
  /** Stale items of an earlier deeper load that were removed. */
  readonly removed: number;
  readonly stats: WriteStats;
  readonly seconds: number;
}

export class VerificationError extends Error {
  override readonly name = 'VerificationError';
}

export const DEFAULT_CONCURRENCY = 16;

export async function loadTable(client: DynamoDBClient, spec: TableSpec, options: LoadOptions): Promise<LoadResult> {
  const started = performance.now();
  const { tableName } = options;
  const policy = options.retry ?? DEFAULT_RETRY;
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const stats = newWriteStats();
  const seconds = () => (performance.now() - started) / 1000;

  const get = async (key: string) =>
    (await client.send(new GetItemCommand({ TableName: tableName, Key: { [PARTITION_KEY]: { S: key } }, ConsistentRead: true }))).Item;
  const put = (item: DynamoItem) => client.send(new PutItemCommand({ TableName: tableName, Item: item }));
  const remove = (key: string) => client.send(new DeleteItemCommand({ TableName: tableName, Key: { [PARTITION_KEY]: { S: key } } }));

  const existing = await get(manifestKey(spec.table));
  const sameLoad = (stored: { schemaVersion: number; goal: string; depth: number }) =>
    stored.schemaVersion === SCHEMA_VERSION && stored.goal === spec.goal && stored.depth === spec.depth;
  if (existing && sameLoad(readManifest(existing)) && !options.force) {
    const manifest = readManifest(existing);
    return { table: spec.table, status: 'already-loaded', manifest, written: 0, resumedFrom: manifest.items, removed: 0, stats, seconds: seconds() };
  }
  if (existing) await remove(manifestKey(spec.table)); // from now on the table is not complete

  const report = (phase: LoadPhase, total: number, generated: number, written: number, resumedFrom: number) =>
    options.onProgress?.({ table: spec.table, phase, total, generated, written, resumedFrom, stats });

  report('computing', 0, 0, 0, 0);
  const contents = spec.build();
  const storedProgress = await get(progressKey(spec.table));
  const previous = storedProgress && !options.force ? readProgress(storedProgress) : undefined;
  const resumedFrom = previous && sameLoad(previous) && previous.items === contents.items ? previous.written : 0;
  const progressOf = (written: number): Progress => ({
    table: spec.table,
    schemaVersion: SCHEMA_VERSION,
    goal: spec.goal,
    depth: spec.depth,
    items: contents.items,
    written,
  });

  const { checksum, written } = await writeAll(contents, resumedFrom, {
    concurrency,
    write: (items) => writeBatch(client, tableName, items, policy, stats),
    checkpoint: (storedUpTo) => put(progressItem(progressOf(storedUpTo))).then(() => undefined),
    checkpointEveryMs: options.checkpointEveryMs ?? 2000,
    report: (generated, writtenSoFar) => report('writing', contents.items, generated, writtenSoFar, resumedFrom),
  });

  report('verifying', contents.items, contents.items, written, resumedFrom);
  const prefix = keyPrefix(spec.table);
  let count = await countItems(client, tableName, prefix, options.scanSegments);
  let removed = 0;
  if (count > contents.items) {
    removed = await removeBeyondDepth(client, tableName, prefix, spec.depth, policy, stats);
    count = await countItems(client, tableName, prefix, options.scanSegments);
  }
  if (count !== contents.items) {
    throw new VerificationError(
      `The table holds ${count} items for ${spec.table} after the load, but ${contents.items} were written; no manifest was written. Run the load again to repair it.`,
    );
  }
  const checks = options.spotChecks ?? 1000;
  const sample =
    checks >= contents.items
      ? Array.from({ length: contents.items }, (_, i) => i)
      : Array.from({ length: checks }, () => Math.floor(Math.random() * contents.items));
  const failures = await spotCheck(client, tableName, contents, sample, policy);
  if (failures.length > 0) {
    const first = failures[0];
    throw new VerificationError(
      `${failures.length} of ${sample.length} items read back differ from the computed tables (first: ${first.expected.key} should be ${first.expected.steps} "${first.expected.path}", found ${first.found ? `${first.found.steps} "${first.found.path}"` : 'nothing'}); no manifest was written.`,
    );
  }

  const manifest: Manifest = {
    table: spec.table,
    schemaVersion: SCHEMA_VERSION,
    goal: spec.goal,
    depth: spec.depth,
    items: contents.items,
    checksum,
    completedAt: new Date().toISOString(),
  };
  await put(manifestItem(manifest));
  await remove(progressKey(spec.table));
  report('done', contents.items, contents.items, written, resumedFrom);
  return { table: spec.table, status: 'loaded', manifest, written, resumedFrom, removed, stats, seconds: seconds() };
}

interface WriteAllHooks {
  readonly concurrency: number;
  write(items: DynamoItem[]): Promise<void>;
  /** Saves that every record before `storedUpTo` is stored. */
  checkpoint(storedUpTo: number): Promise<void>;
  readonly checkpointEveryMs: number;
  report(generated: number, written: number): void;
}

/**
 * Streams every record through the checksum and writes those from `resumeFrom` on, keeping at
 * most `concurrency` batches in flight. Returns the content checksum and the items written.
 */
async function writeAll(contents: TableContents, resumeFrom: number, hooks: WriteAllHooks): Promise<{ checksum: string; written: number }> {
  const hash = createHash('sha256');
  const inFlight = new Set<Promise<void>>();
  const finished = new Set<number>(); // batch numbers done beyond the low-water mark
  let lowWater = 0; // every batch before this one is stored
  let failure: unknown;
  let batchNumber = 0;
  let batch: DynamoItem[] = [];
  let generated = 0;
  let written = 0;
  let lastCheckpoint = performance.now();
  let lastReport = 0;

  const storedUpTo = () => Math.min(contents.items, resumeFrom + lowWater * BATCH_SIZE);

  const launch = (items: DynamoItem[]) => {
    const number = batchNumber++;
    const task = hooks.write(items).then(
      () => {
        written += items.length;
        finished.add(number);
        while (finished.delete(lowWater)) lowWater++;
      },
      (error: unknown) => {
        failure ??= error;
      },
    );
    const tracked = task.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  const drainTo = async (limit: number) => {
    while (inFlight.size > limit) await Promise.race(inFlight);
    if (failure) {
      await Promise.allSettled(inFlight);
      throw failure;
    }
  };

  for (const record of contents.records()) {
    hash.update(`${record.key}\t${record.steps}\t${record.path}\n`);
    if (generated++ < resumeFrom) continue;
    batch.push(positionItem(record));
    if (batch.length < BATCH_SIZE) continue;
    await drainTo(hooks.concurrency - 1);
    launch(batch);
    batch = [];
    const now = performance.now();
    if (now - lastCheckpoint >= hooks.checkpointEveryMs) {
      lastCheckpoint = now;
      await hooks.checkpoint(storedUpTo());
    }
    if (now - lastReport >= 250) {
      lastReport = now;
      hooks.report(generated, written);
    }
  }
  if (batch.length > 0) launch(batch);
  await drainTo(0);
  await hooks.checkpoint(contents.items);
  hooks.report(generated, written);
  return { checksum: `sha256:${hash.digest('hex')}`, written };
}
