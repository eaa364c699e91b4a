/**
 * A large packed pattern database (rules/packed-pattern-database.ts) built on several threads.
 * One group's BFS is one space (518,918,400 placements for eight tiles), so the threads split each
 * level rather than the groups: the build's arrays lie in shared memory, and at every level each
 * worker takes ranges of a million placements from a shared counter until none is left, then says
 * what it did. This thread starts the next level once every worker has. The bytes are those one
 * thread writes: the level's outcome does not depend on which thread expands which range.

 */
import { parentPort } from 'node:worker_threads';
import type { Worker } from 'node:worker_threads';
import { startThread, threadJob } from '../../../core/threads';
import {
  type LevelCounts,
  type PackedBuild,
  addCounts,
  buildPackedDatabase,
  expandLevelRange,
  newPackedBuild,
  noCounts,
  placementCount,
} from '../rules/packed-pattern-database';

/** Placements a worker takes at a time (a multiple of 4: a byte of packed entries belongs to one range). */
const RANGE = 1 << 20;

interface LevelOrder {
  readonly level: number;
  /** [0]: the next range to take. */
  readonly counter: Int32Array;
}
type WorkerReply = { readonly counts: LevelCounts } | { readonly failed: string };

/** A worker's part: at each level it is told of, ranges taken in turn until none is left. */
const PACKED_LEVELS = threadJob<PackedBuild>(import.meta.url, '15-puzzle packed pattern database levels', (build) => {
  const count = placementCount(build.tiles.length);
  parentPort!.on('message', ({ level, counter }: LevelOrder) => {
    let reply: WorkerReply;
    try {
      const counts = noCounts();
      for (let range = Atomics.add(counter, 0, 1); range * RANGE < count; range = Atomics.add(counter, 0, 1)) {
        expandLevelRange(build, level, range * RANGE, Math.min(count, (range + 1) * RANGE), counts);
      }
      reply = { counts };
    } catch (error) {
      reply = { failed: error instanceof Error ? error.message : String(error) };
    }
    parentPort!.postMessage(reply);
  });
});

export interface BuiltGroup {
  readonly tiles: readonly number[];
  readonly packed: Uint8Array;
  /** The sparse databases of the group's halves, the base its entries are stored above. */
  readonly halves: readonly Uint8Array[];
  readonly counts: LevelCounts;
}

/** Builds a group's packed database on `threads` worker threads (1: on this one); `progress` hears of each level. */
export async function buildPackedDatabaseOnThreads(tiles: readonly number[], threads: number, progress?: (level: number, counts: LevelCounts) => void): Promise<BuiltGroup> {
  if (threads <= 1) return { tiles, ...buildPackedDatabase(tiles, progress) };
  const build = newPackedBuild(tiles, (bytes) => new SharedArrayBuffer(bytes));
  const ranges = Math.ceil(placementCount(tiles.length) / RANGE);
  const workers: Worker[] = Array.from({ length: Math.min(threads, ranges) }, () => startThread(PACKED_LEVELS, build));
  const total = noCounts();
  try {
    for (let level = 0; ; level++) {
      const counter = new Int32Array(new SharedArrayBuffer(4));
      const counts = noCounts();
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve, reject) => {
              const onExit = (code: number) => reject(new Error(`a worker thread building the pattern database of tiles ${tiles.join(',')} stopped with code ${code} at level ${level}`));
              const onError = (error: Error) => reject(error);
              worker.once('exit', onExit);
              worker.once('error', onError);
              worker.once('message', (reply: WorkerReply) => {
                worker.off('exit', onExit);
                worker.off('error', onError);
                if ('failed' in reply) reject(new Error(`the pattern database of tiles ${tiles.join(',')} failed on a worker thread at level ${level}: ${reply.failed}`));
                else {
                  addCounts(counts, reply.counts);
                  resolve();
                }
              });
              worker.postMessage({ level, counter } satisfies LevelOrder);
            }),
        ),
      );
      addCounts(total, { ...counts, marked: false });
      progress?.(level, counts);
      if (!counts.marked) break;
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return { tiles, packed: build.packed, halves: build.halves, counts: total };
}
