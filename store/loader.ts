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
 *     surely stored (the low-water mark of finished batches; generation-writer.ts). A killed load resumes from there;
 *     pages past it that were already written are simply written again with the same content
 *     (puts are idempotent and keys unique), so the end result is exactly the expected pages.
 *     Every page of a table of positions is checked as it goes out, in memory, against the BFS
 *     (verify.ts checkPage: its number of positions, its first and its last record): a page that
 *     lost a position, at its edge or anywhere, fails the load.
 *  4. An exact count of the generation's items by Scan, and a spot check of random positions and
 *     the farthest ones read back and decoded from their pages against the in-memory tables (a
 *     table of arrays is read back whole and compared byte for byte; generation-checks.ts).
 *  5. Only then the switch: the manifest it replaces is kept as the previous one, and the table's
 *     manifest becomes this generation's in one conditional write (refused if another load
 *     switched it meanwhile). The generation before the previous one is removed.
 *  6. The catalogue lists the table, so that a running service finds it (a goal of someone's own)
 *     with its next read of the catalogue (catalog-listing.ts).
 *
 * A table already loaded or being loaded for another goal (a goal name used again for another
 * board) is refused unless forced, and so is a table the catalogue has no room for
 * (load-errors.ts). loadTable takes these steps in turn, each a function below.
 */
import { ConditionalCheckFailedException, DeleteItemCommand, type DynamoDBClient, GetItemCommand, PutItemCommand, type PutItemCommandInput } from '@aws-sdk/client-dynamodb';
import type { ArrayPages } from './array-pages';
import { type WriteStats, newWriteStats, writeBatch } from './batch-writer';
import { CATALOG_KEY, type Catalog, type CatalogEntry, readCatalog } from './catalog';
import { CatalogFullError, listInCatalog } from './catalog-listing';
import { type CheckReads, verifyGeneration } from './generation-checks';
import { type Written, writeGeneration } from './generation-writer';
import { generationPrefix, nextGeneration } from './generations';
import { LoadStopped, timeIsUp } from './load-deadline';
import { GoalConflictError, LoadRaceError, OutdatedTableError, VerificationError } from './load-errors';
import {
  FARTHEST_LISTED,
  type ForeignManifest,
  type LoadIdentity,
  type Manifest,
  type Progress,
  SCHEMA_VERSION,
  generationNamed,
  isCurrent,
  manifestItem,
  progressItem,
  readManifest,
  readProgress,
  sameIdentity,
} from './manifests';
import { ReadPace } from './read-pace';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';
import { keyPrefix, manifestKey, previousKey, progressKey } from './table-keys';
import type { AnyTableSpec, TablePages } from './table-pages';
import { type DynamoItem, PARTITION_KEY } from './table-schema';
import { checkPage, removeItemsUnder } from './verify';

/** How often the progress item is saved: a resumed load repeats at most this much writing. */
export const CHECKPOINT_EVERY_MS = 2000;
export const DEFAULT_CONCURRENCY = 16;

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
  /**
   * A time (Date.now()) to stop by: past it the load stops at its next safe point (after the
   * batches in flight, or before its next read of the checks) with LoadStopped, its place kept
   * for the next run (load-deadline.ts). Its build is not interrupted: the caller starts a table
   * only when its build will be done in time.
   */
  readonly stopAt?: number;
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

export async function loadTable(client: DynamoDBClient, spec: AnyTableSpec, options: LoadOptions): Promise<LoadResult> {
  const run = new LoadRun(client, spec, options);
  const existing = await readManifestOf(run);
  if (run.isThisLoad(existing.current) && !options.force) return alreadyLoaded(run, existing.current);
  const found = await readKeptAndProgress(run, existing);
  await refuseConflicts(run, found);
  if (run.isThisLoad(found.previous) && !options.force && found.current) return restore(run, found, found.previous);

  run.report('computing', 0, 0, 0, 0);
  const pages = await spec.build({ threads: options.threads });
  const plan = await planGeneration(run, found, pages);
  const written = await writePages(run, pages, plan);
  run.pagesStored = pages.pages.length;
  run.report('verifying', pages.pages.length, pages.pages.length, written.written, plan.resumedFrom);
  await verifyGeneration(run.reads, spec, pages, plan.generation);
  const manifest = manifestOf(plan, pages, written);
  const removed = await switchTo(run, found, manifest);
  await run.remove(progressKey(spec.table));
  run.report('done', pages.pages.length, pages.pages.length, written.written, plan.resumedFrom);
  return run.result('loaded', manifest, { written: written.written, resumedFrom: plan.resumedFrom, removed });
}

/** One run of loadTable: its table and options, what it has done, and the table's items it reads and writes. */
class LoadRun {
  readonly stats: WriteStats = newWriteStats();
  readonly policy: RetryPolicy;
  readonly pace: ReadPace | undefined;
  /** The checks' pace: the same rate, and past the time to stop by, no further read (a stopped load's checks are made again by the next run). */
  private readonly checkPace: ReadPace | undefined;
  private readonly started = performance.now();

  constructor(
    readonly client: DynamoDBClient,
    readonly spec: AnyTableSpec,
    readonly options: LoadOptions,
  ) {
    this.policy = options.retry ?? DEFAULT_RETRY;
    this.pace = options.readUnitsPerSecond === undefined ? undefined : new ReadPace(options.readUnitsPerSecond);
    const { stopAt } = options;
    this.checkPace =
      stopAt === undefined
        ? this.pace
        : new ReadPace(options.readUnitsPerSecond ?? Infinity, () => {
            if (timeIsUp(stopAt)) throw new LoadStopped(spec.table, this.pagesStored, this.pagesStored, 'verifying');
          });
  }

  /** Pages of the table stored so far (all of them once it is verifying). */
  pagesStored = 0;

  get tableName(): string {
    return this.options.tableName;
  }

  /** How the load reads its table back to check it. */
  get reads(): CheckReads {
    const { client, tableName, policy, checkPace: pace, options } = this;
    return { client, tableName, policy, pace, scanSegments: options.scanSegments, spotChecks: options.spotChecks, random: options.random };
  }

  async get(key: string): Promise<DynamoItem | undefined> {
    return (await this.client.send(new GetItemCommand({ TableName: this.tableName, Key: { [PARTITION_KEY]: { S: key } }, ConsistentRead: true }))).Item;
  }

  async put(item: DynamoItem, condition: Pick<PutItemCommandInput, 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'> = {}): Promise<void> {
    await this.client.send(new PutItemCommand({ TableName: this.tableName, Item: item, ...condition }));
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteItemCommand({ TableName: this.tableName, Key: { [PARTITION_KEY]: { S: key } } }));
  }

  /** Removes every item whose key starts with `prefix` (a generation no manifest names any more); how many. */
  removeUnder(prefix: string): Promise<number> {
    return removeItemsUnder(this.client, this.tableName, prefix, this.policy, this.stats, this.pace);
  }

  removeGeneration(generation: number): Promise<number> {
    return this.removeUnder(generationPrefix(generation, this.spec.table));
  }

  /** The manifest is of this load: its goal and parts, to its depth. */
  isThisLoad(manifest: Manifest | undefined): manifest is Manifest {
    return manifest !== undefined && sameContent(manifest, this.spec) && manifest.depth === this.spec.depth;
  }

  catalogEntryOf(manifest: Manifest): CatalogEntry {
    return { goal: manifest.goal, whole: manifest.positions === this.spec.spacePositions, depth: manifest.levels.length - 1 };
  }

  async readCatalog(): Promise<Catalog> {
    return readCatalog(await this.get(CATALOG_KEY));
  }

  listInCatalog(entry: CatalogEntry): Promise<void> {
    return listInCatalog(this.client, this.tableName, this.spec.table, entry, this.spec.catalogBound);
  }

  report(phase: LoadPhase, total: number, generated: number, written: number, resumedFrom: number): void {
    this.options.onProgress?.({ table: this.spec.table, phase, total, generated, written, resumedFrom, stats: this.stats });
  }

  result(status: LoadResult['status'], manifest: Manifest, counts: Pick<LoadResult, 'written' | 'resumedFrom' | 'removed'>): LoadResult {
    return { table: this.spec.table, status, manifest, ...counts, stats: this.stats, seconds: (performance.now() - this.started) / 1000 };
  }
}

/** The table's manifest before the load: the item (of any version), and what it says. */
interface Existing {
  readonly item: DynamoItem | undefined;
  readonly manifest: Manifest | ForeignManifest | undefined;
  /** The manifest, when this version wrote it. */
  readonly current: Manifest | undefined;
}

/** What the table holds of this logical table before the load writes anything. */
interface Found extends Existing {
  /** The manifest of the generation the current one replaced, when this version wrote it; and its item, of any version. */
  readonly previous: Manifest | undefined;
  readonly previousItem: DynamoItem | undefined;
  /** An interrupted load's progress, when this version wrote it. */
  readonly progress: Progress | undefined;
  /** Generations another schema version wrote: never written into, and removed once this load answers. */
  readonly foreignGenerations: readonly number[];
}

/** The table's manifest; one of another schema version is refused unless the load is forced. */
async function readManifestOf(run: LoadRun): Promise<Existing> {
  const item = await run.get(manifestKey(run.spec.table));
  const manifest = item ? readManifest(item) : undefined;
  if (manifest && !isCurrent(manifest) && !run.options.force) throw new OutdatedTableError(manifest, run.tableName);
  return { item, manifest, current: manifest && isCurrent(manifest) ? manifest : undefined };
}

/** Nothing to write: a table loaded before the catalogue listed it is listed now; one listed already costs a read only. */
async function alreadyLoaded(run: LoadRun, current: Manifest): Promise<LoadResult> {
  const listed = (await run.readCatalog()).get(run.spec.table);
  const entry = run.catalogEntryOf(current);
  if (!listed || listed.goal !== entry.goal || listed.whole !== entry.whole || listed.depth !== entry.depth) await run.listInCatalog(entry);
  return run.result('already-loaded', current, { written: 0, resumedFrom: current.pages, removed: 0 });
}

/** The manifest the current one replaced, and an interrupted load's progress. */
async function readKeptAndProgress(run: LoadRun, existing: Existing): Promise<Found> {
  const previousItem = await run.get(previousKey(run.spec.table));
  const kept = previousItem ? readManifest(previousItem) : undefined;
  const previous = kept && isCurrent(kept) ? kept : undefined;
  const storedProgress = await run.get(progressKey(run.spec.table));
  const progress = storedProgress ? readProgress(storedProgress) : undefined;
  const foreign = [existing.current ? undefined : existing.item, previous ? undefined : previousItem, progress ? undefined : storedProgress];
  const foreignGenerations = foreign.flatMap((item) => {
    const generation = item && generationNamed(item);
    return generation === undefined ? [] : [generation];
  });
  return { ...existing, previous, previousItem, progress, foreignGenerations };
}

/** Whether a table holds (or is loading) what a spec would: the same goal, made of the same parts. */
const sameContent = (held: LoadIdentity, spec: AnyTableSpec) => held.goal === spec.goal && held.parts === spec.parts;

/** Another goal (or the same goal of other parts) held or being loaded under this table's name is refused unless forced; a table the catalogue has no room for, always. */
async function refuseConflicts(run: LoadRun, { current, progress }: Found): Promise<void> {
  const { spec } = run;
  if (!run.options.force) {
    const other = current && !sameContent(current, spec) ? { held: current, what: 'holds' } : progress && !sameContent(progress, spec) ? { held: progress, what: 'is loading' } : undefined;
    if (other) {
      if (other.held.goal === spec.goal) {
        // the same goal made of other parts: the table's name is the puzzle's, there is no other to load it under
        const parts = (identity: { readonly parts?: string }) => identity.parts ?? 'the goal alone';
        throw new GoalConflictError(`${spec.table} already ${other.what} ${parts(other.held)}, not ${parts(spec)}; run again with --force to replace it.`);
      }
      throw new GoalConflictError(`${spec.table} already ${other.what} the goal ${other.held.goal}, not ${spec.goal}; load this goal under another name, or run again with --force to replace it.`);
    }
  }
  const room = spec.roomProblem?.(await run.readCatalog());
  if (room) throw new CatalogFullError(room);
}

/** The generation the current one replaced is this load (a rollback, or a deploy back to it): it answers again, no page written. */
async function restore(run: LoadRun, found: Found, previous: Manifest): Promise<LoadResult> {
  const removed = await switchTo(run, found, previous);
  return run.result('restored', previous, { written: 0, resumedFrom: previous.pages, removed });
}

/** Where this load's pages go: which load it is, its generation, and how many pages an interrupted run of it stored there. */
interface GenerationPlan {
  readonly identity: LoadIdentity;
  readonly generation: number;
  readonly resumedFrom: number;
}

/**
 * An interrupted run of this very load is resumed in its generation; otherwise a generation none
 * keeps is taken, and an interrupted load of something else, which leaves pages no manifest will
 * name, is removed.
 */
async function planGeneration(run: LoadRun, found: Found, pages: TablePages | ArrayPages): Promise<GenerationPlan> {
  const { spec, options } = run;
  const { current, previous, progress } = found;
  const identity: LoadIdentity = { table: spec.table, schemaVersion: SCHEMA_VERSION, goal: spec.goal, ...(spec.parts === undefined ? {} : { parts: spec.parts }), depth: spec.depth, layout: pages.layout, pages: pages.pages.length };
  const kept = [current?.generation, previous?.generation].filter((generation): generation is number => generation !== undefined);
  const resumable = progress && !options.force && sameIdentity(progress, identity) && !kept.includes(progress.generation) ? progress : undefined;
  if (progress && !resumable && !kept.includes(progress.generation)) await run.removeGeneration(progress.generation);
  return { identity, generation: resumable?.generation ?? nextGeneration([...kept, ...found.foreignGenerations]), resumedFrom: resumable?.written ?? 0 };
}

/** Writes the pages under the plan's generation, checkpointing as it goes; a page of positions found wrong as it was written fails the load. */
async function writePages(run: LoadRun, pages: TablePages | ArrayPages, { identity, generation, resumedFrom }: GenerationPlan): Promise<Written> {
  const { spec, options } = run;
  const written = await writeGeneration(pages, generation, resumedFrom, {
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    check: pages.kind === 'arrays' ? undefined : (index) => checkPage(pages, index, spec.depth),
    write: (items) => writeBatch(run.client, run.tableName, items, run.policy, run.stats),
    checkpoint: (storedUpTo) => run.put(progressItem({ ...identity, generation, written: storedUpTo } satisfies Progress)),
    checkpointEveryMs: options.checkpointEveryMs ?? CHECKPOINT_EVERY_MS,
    report: (generated, writtenSoFar) => run.report('writing', pages.pages.length, generated, writtenSoFar, resumedFrom),
    stopAt: options.stopAt,
  });
  const { differing } = written;
  if (differing.count > 0) {
    throw new VerificationError(`${differing.count} of ${pages.pages.length} pages of ${spec.table} differ from the computed tables (first: ${differing.first}); no manifest was written.`);
  }
  if (written.stoppedAt !== undefined) throw new LoadStopped(spec.table, written.stoppedAt, pages.pages.length, 'writing');
  return written;
}

/** The manifest of a verified generation. */
function manifestOf({ identity, generation }: GenerationPlan, pages: TablePages | ArrayPages, { bytes, writeUnits, checksum }: Written): Manifest {
  return {
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
}

/**
 * Makes `next` the table's generation: what it replaces is kept as the previous one, the one kept
 * before is removed (unless it is `next` itself, a rollback), and the table is listed in the
 * catalogue. Returns the items removed.
 */
async function switchTo(run: LoadRun, found: Found, next: Manifest): Promise<number> {
  const { current } = found;
  const keepsCurrent = current !== undefined && current.generation !== next.generation;
  if (keepsCurrent) await run.put(manifestItem(current, previousKey(run.spec.table)));
  try {
    await run.put(manifestItem(next), overManifest(found.manifest));
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    throw new LoadRaceError(`Another load switched ${run.spec.table} to its own pages while this one was loading; this load's pages were kept but do not answer. Run it again to load over that one.`);
  }
  const removed = await removeReplaced(run, found, next, keepsCurrent);
  await run.listInCatalog(run.catalogEntryOf(next));
  return removed;
}

/** The condition of the switch: only over the manifest this load read, so that a load that switched the table meanwhile is not undone. */
function overManifest(read: Manifest | ForeignManifest | undefined): Pick<PutItemCommandInput, 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'> {
  if (!read) return { ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': PARTITION_KEY } };
  if (isCurrent(read)) return { ConditionExpression: '#generation = :generation', ExpressionAttributeNames: { '#generation': 'generation' }, ExpressionAttributeValues: { ':generation': { N: String(read.generation) } } };
  return { ConditionExpression: '#version = :version', ExpressionAttributeNames: { '#version': 'schemaVersion' }, ExpressionAttributeValues: { ':version': { N: String(read.schemaVersion) } } };
}

/** Removes what no manifest names once `next` answers: the generation kept before, and whatever another schema version stored. */
async function removeReplaced(run: LoadRun, { manifest, current, previous, previousItem, foreignGenerations }: Found, next: Manifest, keepsCurrent: boolean): Promise<number> {
  let removed = 0;
  if (previous && previous.generation !== next.generation && previous.generation !== current?.generation) removed += await run.removeGeneration(previous.generation);
  // a forced reload over an outdated table: its pages, stored before generations or under another version's
  if (manifest && !isCurrent(manifest)) removed += await run.removeUnder(keyPrefix(run.spec.table));
  for (const generation of new Set(foreignGenerations)) {
    if (generation !== next.generation && generation !== current?.generation && generation !== previous?.generation) removed += await run.removeGeneration(generation);
  }
  // with no current manifest of this version to keep, the previous one (of any version) names pages removed above
  if (previousItem && !keepsCurrent) await run.remove(previousKey(run.spec.table));
  return removed;
}
