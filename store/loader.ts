/**
 * Loads one logical table into DynamoDB as pages: resumable, verified, and switched to only when
 * complete, so that the table answers from its last complete load throughout.
 *
 *  1. A manifest of this schema, goal and depth means the table is loaded: nothing to do (unless
 *     forced). A manifest of another schema version is refused unless forced (see OutdatedTableError).
 *     The generation the current one replaced, when it is this goal and depth, is switched back to
 *     without writing a page: what a rollback of a deploy asks.
 *  2. Otherwise a new generation is written (or an interrupted one resumed): the BFS runs and every
 *     page is encoded (into one buffer of a few bytes a position); the pages stream out under the
 *     generation's keys in a fixed order, in batches of 25 with a bounded number in flight.
 *  3. Every few seconds a progress item records the generation and how many leading pages are
 *     surely stored (the low-water mark of finished batches). A killed load resumes from there;
 *     pages past it that were already written are simply written again with the same content
 *     (puts are idempotent and keys unique), so the end result is exactly the expected pages.
 *     Every page of a table of positions is checked as it goes out, in memory, against the BFS
 *     (verify.ts checkPage: its number of positions, its first and its last record): a page that
 *     lost a position, at its edge or anywhere, fails the load.
 *  4. An exact count of the generation's items by Scan, and a spot check of random positions and
 *     the farthest ones read back and decoded from their pages against the in-memory tables (a
 *     table of arrays is read back whole and compared byte for byte).
 *  5. Only then the switch: the manifest it replaces is kept as the previous one, and the table's
 *     manifest becomes this generation's in one conditional write (refused if another load
 *     switched it meanwhile). The generation before the previous one is removed.
 *  6. The catalogue lists the table, so that a running service finds it (a goal of someone's own)
 *     with its next read of the catalogue.
 *
 * A table already loaded or being loaded for another goal (a goal name used again for another
 * board) is refused unless forced, and so is a table the catalogue has no room for.
 */
import { createHash } from 'node:crypto';
import { type AttributeValue, ConditionalCheckFailedException, DeleteItemCommand, type DynamoDBClient, GetItemCommand, PutItemCommand, type PutItemCommandInput, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { BATCH_SIZE, type WriteStats, newWriteStats, writeBatch } from './batch-writer';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';
import type { ArrayPages } from './array-pages';
import { readPages } from './page-reads';
import type { AnyTableSpec, TablePages } from './table-pages';
import { type DynamoItem, MalformedItemError, PARTITION_KEY } from './table-schema';
import { keyPrefix, previousKey, manifestKey, progressKey } from './table-keys';
import { generationKey, generationPrefix, nextGeneration } from './generations';
import { CATALOG_ATTRIBUTE, CATALOG_KEY, type CatalogEntry, catalogCountAttribute, catalogEntryValue, readCatalog } from './catalog';
import { itemBytes, pageBytesOf, pageItem, writeUnitsOf } from './page-items';
import { type ForeignManifest, type LoadIdentity, type Manifest, type Progress, SCHEMA_VERSION, isCurrent, FARTHEST_LISTED, generationNamed, manifestItem, progressItem, readManifest, readProgress, sameIdentity } from './manifests';
import { ReadPace } from './read-pace';
import { checkPage, countItems, removeOthers, spotCheck } from './verify';

/** How often the progress item is saved: a resumed load repeats at most this much writing. */
export const CHECKPOINT_EVERY_MS = 2000;
/**
 * Random positions read back before the manifest is written: one in a thousand, at least 1,000
 * (enough to catch any systematic fault, a wrong layout or a codec mismatch, with certainty) and
 * at most 10,000 (a whole space of tens of millions: reading them costs a few thousand page reads).
 */
export function spotChecksFor(positions: number): number {
  return Math.min(positions, Math.max(1000, Math.min(10_000, Math.ceil(positions / 1000))));
}
/** The farthest positions (the longest lines, the deepest records) are read back as well, up to this many. */
export const FARTHEST_CHECKS = 100;
/** How often progress is reported while writing: smooth for a bar, cheap for the loop. */
const REPORT_EVERY_MS = 250;

export interface LoadOptions {
  readonly tableName: string;
  /** Batches in flight at once. */
  readonly concurrency?: number;
  /** Reload even when a manifest says the table is loaded, or was loaded by another schema version. */
  readonly force?: boolean;
  readonly retry?: RetryPolicy;
  readonly checkpointEveryMs?: number;
  /** Random positions read back before the manifest is written. */
  readonly spotChecks?: number;
  /** Parallel segments of the counting Scan. */
  readonly scanSegments?: number;
  /**
   * Read units a second the load's own reads (its Scans, spot checks and read-back) may take, so
   * that the rest of the table's cap is left to the function answering meanwhile (a reload of a
   * live table); unset, they go as fast as the table lets them.
   */
  readonly readUnitsPerSecond?: number;
  readonly onProgress?: (progress: LoadProgress) => void;
  /** Random source for the spot checks. */
  readonly random?: () => number;
  /** Threads that build the table (BuildOptions in table-pages.ts; default 1). */
  readonly threads?: number;
}

export type LoadPhase = 'computing' | 'writing' | 'verifying' | 'done';

export interface LoadProgress {
  readonly table: string;
  readonly phase: LoadPhase;
  /** Pages in the table (known once computed). */
  readonly total: number;
  /** Pages generated so far, including those skipped because an earlier run wrote them. */
  readonly generated: number;
  /** Pages written by this run. */
  readonly written: number;
  readonly resumedFrom: number;
  readonly stats: WriteStats;
}

export interface LoadResult {
  readonly table: string;
  /** restored: the previous generation was this load, and answers again (no page written). */
  readonly status: 'already-loaded' | 'restored' | 'loaded';
  readonly manifest: Manifest;
  /** Pages written by this run. */
  readonly written: number;
  /** Pages an earlier, interrupted run had already stored. */
  readonly resumedFrom: number;
  /** Items of an earlier load (deeper, or of an older schema) that were removed. */
  readonly removed: number;
  readonly stats: WriteStats;
  readonly seconds: number;
}

export class VerificationError extends Error {
  override readonly name = 'VerificationError';
}

/** The table holds a load written by another schema version, and the load was not forced. */
export class OutdatedTableError extends Error {
  override readonly name = 'OutdatedTableError';
  constructor(readonly found: ForeignManifest, tableName: string) {
    super(
      `Table ${tableName} holds ${found.table} as written by schema version ${found.schemaVersion}` +
        `${found.items === undefined ? '' : ` (${found.items.toLocaleString('en-US')} items)`}${found.completedAt ? ` on ${found.completedAt}` : ''}; ` +
        `this version stores pages (schema ${SCHEMA_VERSION}) and cannot read it. Run again with --force to replace it ` +
        `(the old items are deleted, one write unit each), or load into a new table with --table NAME and point the stack at it.`,
    );
  }
}

/**
 * The table holds, or is loading, another goal under this table's name: loading over it would
 * silently change what the name answers, so it takes --force.
 */
export class GoalConflictError extends Error {
  override readonly name = 'GoalConflictError';
}

/** Another load switched the table to its generation while this one was loading. */
export class LoadRaceError extends Error {
  override readonly name = 'LoadRaceError';
}

/** The catalogue has no room for another table of this kind. */
export class CatalogFullError extends Error {
  override readonly name = 'CatalogFullError';
}

export const DEFAULT_CONCURRENCY = 16;

export async function loadTable(client: DynamoDBClient, spec: AnyTableSpec, options: LoadOptions): Promise<LoadResult> {
  const started = performance.now();
  const { tableName } = options;
  const policy = options.retry ?? DEFAULT_RETRY;
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const stats = newWriteStats();
  const seconds = () => (performance.now() - started) / 1000;
  const pace = options.readUnitsPerSecond === undefined ? undefined : new ReadPace(options.readUnitsPerSecond);

  const get = async (key: string) =>
    (await client.send(new GetItemCommand({ TableName: tableName, Key: { [PARTITION_KEY]: { S: key } }, ConsistentRead: true }))).Item;
  const put = (item: DynamoItem) => client.send(new PutItemCommand({ TableName: tableName, Item: item }));
  const remove = (key: string) => client.send(new DeleteItemCommand({ TableName: tableName, Key: { [PARTITION_KEY]: { S: key } } }));

  const entryOf = (manifest: Manifest): CatalogEntry => ({ goal: manifest.goal, whole: manifest.positions === spec.spacePositions, depth: manifest.levels.length - 1 });
  const catalogue = {
    read: async () => readCatalog(await get(CATALOG_KEY)),
    /**
     * Lists the table: idempotent updates of its entry alone, so that loads of other tables running
     * at once lose nothing. A table that bounds its kind (a puzzle's goals of one's own) is counted on its
     * first listing, under a condition, so that two loads racing for the last place cannot both
     * take it.
     */
    list: async (entry: CatalogEntry) => {
      const key = { [PARTITION_KEY]: { S: CATALOG_KEY } };
      const update = (expression: string, condition: string | undefined, names: Record<string, string>, values: Record<string, AttributeValue>) =>
        client.send(new UpdateItemCommand({ TableName: tableName, Key: key, UpdateExpression: expression, ConditionExpression: condition, ExpressionAttributeNames: names, ExpressionAttributeValues: values }));
      await update('SET #tables = if_not_exists(#tables, :none)', undefined, { '#tables': CATALOG_ATTRIBUTE }, { ':none': { M: {} } });
      const names = { '#tables': CATALOG_ATTRIBUTE, '#table': spec.table };
      const value = { ':entry': catalogEntryValue(entry) };
      const bound = spec.catalogBound;
      if (!bound) return void (await update('SET #tables.#table = :entry', undefined, names, value));
      const counted = { ...names, '#count': catalogCountAttribute(bound.kind) };
      try {
        // listed already: its place is its own
        await update('SET #tables.#table = :entry', 'attribute_exists(#tables.#table)', names, value);
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        try {
          await update('SET #tables.#table = :entry ADD #count :one', 'attribute_not_exists(#tables.#table) AND (attribute_not_exists(#count) OR #count < :max)', counted, {
            ...value,
            ':one': { N: '1' },
            ':max': { N: String(bound.max) },
          });
        } catch (full) {
          if (!(full instanceof ConditionalCheckFailedException)) throw full;
          throw new CatalogFullError(`The table already lists ${bound.max} ${bound.kind} tables, the most it serves; ${spec.table} was loaded but is not listed. Reuse a name with --force to replace one.`);
        }
      }
    },
  };

  const existingItem = await get(manifestKey(spec.table));
  const existing = existingItem ? readManifest(existingItem) : undefined;
  if (existing && !isCurrent(existing) && !options.force) throw new OutdatedTableError(existing, tableName);
  const current = existing && isCurrent(existing) ? existing : undefined;
  const isThisLoad = (manifest: Manifest | undefined): manifest is Manifest => manifest !== undefined && manifest.goal === spec.goal && manifest.depth === spec.depth;
  if (isThisLoad(current) && !options.force) {
    // A table loaded before the catalogue listed it is listed now; one listed already costs a read only.
    const listed = (await catalogue.read()).get(spec.table);
    const entry = entryOf(current);
    if (!listed || listed.goal !== entry.goal || listed.whole !== entry.whole || listed.depth !== entry.depth) await catalogue.list(entry);
    return { table: spec.table, status: 'already-loaded', manifest: current, written: 0, resumedFrom: current.pages, removed: 0, stats, seconds: seconds() };
  }
  const previousItem = await get(previousKey(spec.table));
  const keptManifest = previousItem ? readManifest(previousItem) : undefined;
  const previous = keptManifest && isCurrent(keptManifest) ? keptManifest : undefined;
  const storedProgress = await get(progressKey(spec.table));
  const progress = storedProgress ? readProgress(storedProgress) : undefined;
  // Generations another schema version wrote: never written into, and removed once this load answers.
  const foreignGenerations = [existing && !isCurrent(existing) ? existingItem : undefined, previous ? undefined : previousItem, progress ? undefined : storedProgress].flatMap((item) => {
    const generation = item && generationNamed(item);
    return generation === undefined ? [] : [generation];
  });
  if (!options.force) {
    const other = current && current.goal !== spec.goal ? { goal: current.goal, what: 'holds' } : progress && progress.goal !== spec.goal ? { goal: progress.goal, what: 'is loading' } : undefined;
    if (other) {
      throw new GoalConflictError(
        `${spec.table} already ${other.what} the goal ${other.goal}, not ${spec.goal}; load this goal under another name, or run again with --force to replace it.`,
      );
    }
  }
  const room = spec.roomProblem?.(await catalogue.read());
  if (room) throw new CatalogFullError(room);

  /** Removes every page of a generation no manifest names any more. */
  const removeGeneration = (generation: number) => removeOthers(client, tableName, generationPrefix(generation, spec.table), new Set(), policy, stats, pace);
  /**
   * Makes `next` the table's generation: what it replaces is kept as the previous one, and the
   * one kept before is removed (unless it is `next` itself, a rollback). Returns the items removed.
   */
  const switchTo = async (next: Manifest): Promise<number> => {
    const keepsCurrent = current !== undefined && current.generation !== next.generation;
    if (keepsCurrent) await put(manifestItem(current, previousKey(spec.table)));
    // Only over the manifest this load read: a load that switched the table meanwhile is not undone.
    const condition: Pick<PutItemCommandInput, 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'> = !existing
      ? { ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': PARTITION_KEY } }
      : isCurrent(existing)
        ? { ConditionExpression: '#generation = :generation', ExpressionAttributeNames: { '#generation': 'generation' }, ExpressionAttributeValues: { ':generation': { N: String(existing.generation) } } }
        : { ConditionExpression: '#version = :version', ExpressionAttributeNames: { '#version': 'schemaVersion' }, ExpressionAttributeValues: { ':version': { N: String(existing.schemaVersion) } } };
    try {
      await client.send(new PutItemCommand({ TableName: tableName, Item: manifestItem(next), ...condition }));
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      throw new LoadRaceError(`Another load switched ${spec.table} to its own pages while this one was loading; this load's pages were kept but do not answer. Run it again to load over that one.`);
    }
    let removed = 0;
    if (previous && previous.generation !== next.generation && previous.generation !== current?.generation) removed += await removeGeneration(previous.generation);
    // a forced reload over an outdated table: its pages, stored before generations or under another version's
    if (existing && !isCurrent(existing)) removed += await removeOthers(client, tableName, keyPrefix(spec.table), new Set(), policy, stats, pace);
    for (const generation of new Set(foreignGenerations)) {
      if (generation !== next.generation && generation !== current?.generation && generation !== previous?.generation) removed += await removeGeneration(generation);
    }
    // a previous manifest of another version names pages removed above
    if (previousItem && !previous && !keepsCurrent) await remove(previousKey(spec.table));
    await catalogue.list(entryOf(next));
    return removed;
  };

  if (isThisLoad(previous) && !options.force && current) {
    // The generation this replaced is this load (a rollback, or a deploy back to it): it answers again, no page written.
    const removed = await switchTo(previous);
    return { table: spec.table, status: 'restored', manifest: previous, written: 0, resumedFrom: previous.pages, removed, stats, seconds: seconds() };
  }

  const report = (phase: LoadPhase, total: number, generated: number, written: number, resumedFrom: number) =>
    options.onProgress?.({ table: spec.table, phase, total, generated, written, resumedFrom, stats });

  report('computing', 0, 0, 0, 0);
  const pages = await spec.build({ threads: options.threads });
  const identity: LoadIdentity = {
    table: spec.table,
    schemaVersion: SCHEMA_VERSION,
    goal: spec.goal,
    depth: spec.depth,
    layout: pages.layout,
    pages: pages.pages.length,
  };
  const kept = [current?.generation, previous?.generation].filter((generation): generation is number => generation !== undefined);
  const resumable = progress && !options.force && sameIdentity(progress, identity) && !kept.includes(progress.generation) ? progress : undefined;
  // An interrupted load of something else leaves pages no manifest will name.
  if (progress && !resumable && !kept.includes(progress.generation)) await removeGeneration(progress.generation);
  const generation = resumable?.generation ?? nextGeneration([...kept, ...foreignGenerations]);
  const resumedFrom = resumable?.written ?? 0;

  const { checksum, written, bytes, writeUnits, differing } = await writeAll(pages, generation, resumedFrom, {
    concurrency,
    check: pages.kind === 'arrays' ? undefined : (index) => checkPage(pages, index, spec.depth),
    write: (items) => writeBatch(client, tableName, items, policy, stats),
    checkpoint: (storedUpTo) => put(progressItem({ ...identity, generation, written: storedUpTo } satisfies Progress)).then(() => undefined),
    checkpointEveryMs: options.checkpointEveryMs ?? CHECKPOINT_EVERY_MS,
    report: (generated, writtenSoFar) => report('writing', pages.pages.length, generated, writtenSoFar, resumedFrom),
  });

  if (differing.count > 0) {
    throw new VerificationError(
      `${differing.count} of ${pages.pages.length} pages of ${spec.table} differ from the computed tables (first: ${differing.first}); no manifest was written.`,
    );
  }

  report('verifying', pages.pages.length, pages.pages.length, written, resumedFrom);
  const prefix = generationPrefix(generation, spec.table);
  const stored = (key: string) => generationKey(generation, key);
  // A generation holds this load's keys alone (a resumed one, the same load's), all written: its count says whether any is missing.
  const count = await countItems(client, tableName, prefix, options.scanSegments, policy, pace);
  if (count !== pages.pages.length) {
    throw new VerificationError(
      `The table holds ${count} items for ${spec.table} after the load, but ${pages.pages.length} pages were written; no manifest was written. Run the load again to repair it.`,
    );
  }
  if (pages.kind === 'arrays') await verifyArrays(client, tableName, spec.table, pages, stored, policy, pace);
  else await verifySample(client, tableName, pages, spec, options, stored, policy, pace);

  const manifest: Manifest = {
    ...identity,
    generation,
    positions: pages.positions,
    levels: pages.levels,
    bytes,
    writeUnits,
    checksum,
    completedAt: new Date().toISOString(),
    ...(pages.kind === 'arrays' ? { farthest: [], kind: 'arrays' as const, arrays: pages.arrays } : { farthest: pages.farthest(FARTHEST_LISTED) }),
  };
  const removed = await switchTo(manifest);
  await remove(progressKey(spec.table));
  report('done', pages.pages.length, pages.pages.length, written, resumedFrom);
  return { table: spec.table, status: 'loaded', manifest, written, resumedFrom, removed, stats, seconds: seconds() };
}

async function verifySample(client: DynamoDBClient, tableName: string, pages: TablePages, spec: AnyTableSpec, options: LoadOptions, stored: (key: string) => string, policy: RetryPolicy, pace: ReadPace | undefined) {
  const random = options.random ?? Math.random;
  const checks = Math.min(options.spotChecks ?? spotChecksFor(pages.positions), pages.positions);
  const sample = [...Array.from({ length: checks }, () => pages.samplePosition(random)), ...pages.farthestPositions(FARTHEST_CHECKS)];
  const failures = await spotCheck(client, tableName, pages, spec.depth, sample, stored, policy, pace);
  if (failures.length > 0) {
    const first = failures[0];
    throw new VerificationError(
      `${failures.length} of ${sample.length} positions read back differ from the computed tables (first: slot ${first.expected.slot} of ${first.expected.key} should be ${JSON.stringify(first.expected.record)}, found ${first.found}); no manifest was written.`,
    );
  }
}

/**
 * A table of arrays is read back whole (every page, a few thousand at most, in BatchGetItem calls
 * of 100) and compared byte for byte with what was built: arrays have no positions to sample, and
 * a reader needs every page anyway.
 */
async function verifyArrays(client: DynamoDBClient, tableName: string, table: string, pages: ArrayPages, stored: (key: string) => string, policy: RetryPolicy, pace: ReadPace | undefined) {
  const items = await readPages(client, tableName, pages.pages.map(({ key }) => stored(key)), { policy, consistent: true, pace });
  const differing = pages.pages.filter(({ key }, index) => {
    const item = items.get(stored(key));
    const bytes = item && bytesIfIntact(item);
    return !bytes || !Buffer.from(bytes).equals(pages.encode(index));
  });
  if (differing.length > 0) {
    throw new VerificationError(`${differing.length} of ${pages.pages.length} pages of ${table} read back differ from the arrays built (first: ${differing[0].key}); no manifest was written.`);
  }
}

/** A page item's bytes, or undefined when its checksum says it was changed after it was written. */
function bytesIfIntact(item: DynamoItem): Uint8Array | undefined {
  try {
    return pageBytesOf(item);
  } catch (error) {
    if (error instanceof MalformedItemError) return undefined;
    throw error;
  }
}

interface WriteAllHooks {
  readonly concurrency: number;
  /** What is wrong with a page, checked as it is written (undefined: nothing). */
  check?(index: number): string | undefined;
  write(items: DynamoItem[]): Promise<void>;
  /** Saves that every page before `storedUpTo` is stored. */
  checkpoint(storedUpTo: number): Promise<void>;
  readonly checkpointEveryMs: number;
  report(generated: number, written: number): void;
}

interface Written {
  readonly checksum: string;
  /** Pages written by this run. */
  readonly written: number;
  /** Size and write units of every page of the table (not only this run's). */
  readonly bytes: number;
  readonly writeUnits: number;
  /** Pages the check found wrong (written all the same), and what was wrong with the first. */
  readonly differing: { readonly count: number; readonly first: string | undefined };
}

/**
 * Encodes every page, hashing (under its own key, so that the checksum is the same in any
 * generation) and checking each (the check's work overlaps the writes in flight), and writes those
 * from `resumeFrom` on under `generation`, keeping at most `concurrency` batches in flight.
 */
async function writeAll(pages: TablePages | ArrayPages, generation: number, resumeFrom: number, hooks: WriteAllHooks): Promise<Written> {
  const hash = createHash('sha256');
  const inFlight = new Set<Promise<void>>();
  const finished = new Set<number>(); // batch numbers done beyond the low-water mark
  let lowWater = 0; // every batch before this one is stored
  let failure: unknown;
  let batchNumber = 0;
  let batch: DynamoItem[] = [];
  let written = 0;
  let bytes = 0;
  let writeUnits = 0;
  let lastCheckpoint = performance.now();
  let lastReport = 0;
  const total = pages.pages.length;
  const differing: { count: number; first: string | undefined } = { count: 0, first: undefined };

  const storedUpTo = () => Math.min(total, resumeFrom + lowWater * BATCH_SIZE);

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

  for (let index = 0; index < total; index++) {
    const { key } = pages.pages[index];
    const page = pages.encode(index);
    const item = pageItem(generationKey(generation, key), page);
    const size = itemBytes(item);
    bytes += size;
    writeUnits += writeUnitsOf(size);
    hash.update(`${key}\n`).update(page);
    const problem = hooks.check?.(index);
    if (problem !== undefined) {
      differing.count++;
      differing.first ??= problem;
    }
    if (index < resumeFrom) continue;
    batch.push(item);
    if (batch.length < BATCH_SIZE) continue;
    await drainTo(hooks.concurrency - 1);
    launch(batch);
    batch = [];
    const now = performance.now();
    if (now - lastCheckpoint >= hooks.checkpointEveryMs) {
      lastCheckpoint = now;
      await hooks.checkpoint(storedUpTo());
    }
    if (now - lastReport >= REPORT_EVERY_MS) {
      lastReport = now;
      hooks.report(index + 1, written);
    }
  }
  if (batch.length > 0) launch(batch);
  await drainTo(0);
  await hooks.checkpoint(total);
  hooks.report(total, written);
  return { checksum: `sha256:${hash.digest('hex')}`, written, bytes, writeUnits, differing };
}
