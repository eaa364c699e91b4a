/**
 * Writing a generation's pages, the heart of a load: every page encoded and made into its item,
 * hashed (under its own key, so that the checksum is the same in any generation) and checked as it
 * goes; the items from where an interrupted run stopped written in batches, a bounded number in
 * flight; and, every few seconds, how many leading pages are surely stored (the low-water mark of
 * finished batches), for a killed load to resume from.
 */
import { createHash } from 'node:crypto';
import type { ArrayPages } from './array-pages';
import { BATCH_SIZE } from './batch-writer';
import { generationKey } from './generations';
import { timeIsUp } from './load-deadline';
import { itemBytes, pageItem, writeUnitsOf } from './page-items';
import type { TablePages } from './table-pages';
import type { DynamoItem } from './table-schema';

/** How often progress is reported while writing: smooth for a bar, cheap for the loop. */
const REPORT_EVERY_MS = 250;

export interface WriteHooks {
  readonly concurrency: number;
  /** What is wrong with a page, checked as it is written (undefined: nothing). */
  check?(index: number): string | undefined;
  write(items: DynamoItem[]): Promise<void>;
  /** Saves that every page before `storedUpTo` is stored. */
  checkpoint(storedUpTo: number): Promise<void>;
  readonly checkpointEveryMs: number;
  report(generated: number, written: number): void;
  /** A time (Date.now()) past which the writing stops after its batches in flight, its place saved (load-deadline.ts). */
  readonly stopAt?: number;
}

export interface Written {
  readonly checksum: string;
  /** Pages written by this run. */
  readonly written: number;
  /** Size and write units of every page of the table (not only this run's). */
  readonly bytes: number;
  readonly writeUnits: number;
  /** Pages the check found wrong (written all the same), and what was wrong with the first. */
  readonly differing: { readonly count: number; readonly first: string | undefined };
  /** Stopped for time with this many leading pages surely stored (and saved as the place to resume from); undefined when every page is. */
  readonly stoppedAt?: number;
}

/**
 * Encodes every page, hashing (under its own key, so that the checksum is the same in any
 * generation) and checking each (the check's work overlaps the writes in flight), and writes those
 * from `resumeFrom` on under `generation`, keeping at most `concurrency` batches in flight.
 */
export async function writeGeneration(pages: TablePages | ArrayPages, generation: number, resumeFrom: number, hooks: WriteHooks): Promise<Written> {
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
    if (timeIsUp(hooks.stopAt)) {
      await drainTo(0);
      await hooks.checkpoint(storedUpTo());
      hooks.report(index + 1, written);
      return { checksum: '', written, bytes, writeUnits, differing, stoppedAt: storedUpTo() };
    }
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
  if (batch.length > 0) {
    await drainTo(hooks.concurrency - 1);
    launch(batch);
  }
  await drainTo(0);
  await hooks.checkpoint(total);
  hooks.report(total, written);
  return { checksum: `sha256:${hash.digest('hex')}`, written, bytes, writeUnits, differing };
}
