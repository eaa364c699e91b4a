/**
 * Every record's fields and every line's code, in BFS order, level by level, on as many threads as
 * a build is given. A position's line after its first move is the choice of its second move
 * followed by the line code of the position its first move reaches, one move closer: that position
 * was done a level earlier, so each line is coded by one step and a copy, never walked.
 *
 * On several threads, the positions of a level are taken in runs from a shared counter, and a run
 * starts only once every earlier level is finished (its codes are what it copies). Each thread
 * writes its codes into blocks of one shared stream that it takes from another counter, so no two
 * threads write the same word; a record holds where its code starts, so the pages are the same
 * bytes whichever thread coded which line. One thread takes the blocks in order and writes the
 * stream it always did.
 *
 * The module knows no puzzle: a puzzle whose tables are measured on several threads defines a
 * thread job of its own with `measuringJob`, its format and its space, and its workers do that job.
 */
import { type StateSpace, lowestMove } from '../core/bfs';
import { type ThreadJob, startThread, threadJob } from '../core/threads';
import { BitWriter } from './bits';
import { DenseIndex, type EntryIndex, SparseIndex } from './entry-index';
import { writeLineStep } from './page-codec';
import { DISTANCE_SHIFT, LENGTH_MASK, MOVES_SHIFT, type MeasuredSection, OPTIMAL_SHIFT, TARGET_SHIFT, entryLength, entryTarget } from './page-encoding';
import { type PageLayout, scramble } from './page-layout';
import type { PagedPuzzle } from './paged-puzzle';

/** What the measure reads of a section: its BFS order and masks, and its space. */
export interface MeasureSource {
  readonly space: StateSpace;
  readonly optimal: Uint8Array;
  readonly order: Uint32Array;
  readonly levels: readonly number[];
}

/** Below this share of its space filled, a table keeps entries for its positions only. */
const SPARSE_BELOW = 1 / 8;

/**
 * Positions measured together. A position costs four cache misses (its mask, its entry, the entry
 * of the position one move closer, the first word of that one's line code); taken one position at
 * a time, the bit work between them keeps the processor from having many in flight. In batches,
 * each kind of miss is taken for the whole batch in a short loop of independent loads, and the
 * lines are then coded from cache: the whole space's measure went from 1,213-1,317 to 687-1,021 ns
 * of CPU a position (BENCHMARKS.md, build-parts). At depth 21, batches of 128 and 512 did about as
 * well as 256.
 */
const MEASURE_BATCH = 256;
/** Positions a thread takes at a time: enough that the shared counter stays cold. */
const RUN = 16 * MEASURE_BATCH;
/** Bits of the line stream a thread takes at a time (a multiple of 32: no word is shared). */
const BLOCK_BITS = 1 << 20;
/** Below this many positions for each thread, starting a thread costs more than it saves. */
export const POSITIONS_PER_WORKER = 1 << 20;

/**
 * The shared counters: the next run to take, the positions finished, the next block, a failure,
 * the threads that measured, and the workers that came to measure.
 */
const NEXT_RUN = 0;
const FINISHED = 1;
const NEXT_BLOCK = 2;
const FAILED = 3;
const THREADS = 4;
const SERVING = 5;

/** What every measuring thread shares, as plain data and shared arrays: what a worker is sent. */
export interface MeasureInput {
  readonly layout: PageLayout;
  readonly optimal: Uint8Array;
  readonly order: Uint32Array;
  /** levelStarts[d]: where level d starts in `order`; the last one is its length. */
  readonly levelStarts: Uint32Array;
  readonly sparse: Uint32Array | undefined;
  readonly size: number;
  readonly entries: Uint32Array;
  readonly lineWords: Uint32Array;
  /** The most bits the line stream holds. */
  readonly lineCapacity: number;
  readonly control: Int32Array;
}

function entryIndexFor(source: MeasureSource, layout: PageLayout, shared: boolean): EntryIndex {
  const { space, order } = source;
  if (order.length >= layout.ranks * SPARSE_BELOW) return new DenseIndex(layout.ranks);
  const values = new Uint32Array(shared ? new SharedArrayBuffer(4 * order.length) : new ArrayBuffer(4 * order.length));
  for (let i = 0; i < order.length; i++) values[i] = scramble(layout, space.rank(order[i]));
  return new SparseIndex(values.sort());
}

/**
 * The most bits the line codes of a table can take: every step after the first a choice among at
 * most maxDegree - 1 moves. The stream is allocated at this size once (with the room blocks take
 * besides, on several threads); the system commits memory only as it is written, so the bound
 * costs address space, not RSS, and no copy on growth. (For a table of 67 million positions the
 * bound passes the stream's 2^32-bit ceiling; its codes take about 2.5 * 10^9 bits.)
 */
function lineBitsBound(format: PagedPuzzle, levels: readonly number[], threads: number): number {
  const maxDegree = Math.max(...format.holeMoves.map((moves) => moves.length));
  const stepBits = Math.ceil(Math.log2(Math.max(2, maxDegree - 1)));
  const bound = levels.reduce((bits, count, d) => bits + count * Math.max(0, d - 1) * stepBits, 0);
  // Beside the codes: the threads' last blocks, and the end of a block a thread leaves for another
  // when the next code does not fit there (at most a longest code, once a block).
  const slack = threads * BLOCK_BITS + (threads > 1 ? Math.ceil(bound / BLOCK_BITS) * (LENGTH_MASK + 32) : 0);
  return Math.min(BitWriter.MAX_BITS, bound + slack);
}

/**
 * The bits of every step a line can take, as the codec writes them (writeLineStep itself writes
 * each one here, once): at [(from * cells + at) * cells + to], the step from `at` to `to` having
 * arrived from `from`, as bits * 256 + count; -1 where the hole has no such forward move.
 */
function lineStepCodes(format: PagedPuzzle): Int16Array {
  const cells = format.holeMoves.length;
  const codes = new Int16Array(cells * cells * cells).fill(-1);
  format.holeMoves.forEach((moves, at) => {
    for (const from of moves) {
      for (const to of moves) {
        if (to === from) continue;
        const step = new BitWriter(32);
        writeLineStep(step, format, from, at, to);
        codes[(from * cells + at) * cells + to] = (step.cursor === 0 ? 0 : step.read(0, step.cursor)) * 256 + step.cursor;
      }
    }
  });
  return codes;
}

/**
 * Measures a section on `threads` threads, this one among them, a thread for each
 * `positionsPerWorker` positions at most; `thread` is the job its workers do (measuringJob, with
 * this format and the source's space), without which this thread measures alone.
 */
export async function measureSection(
  format: PagedPuzzle,
  source: MeasureSource,
  layout: PageLayout,
  threads: number,
  thread: ThreadJob<MeasureInput> | undefined,
  positionsPerWorker = POSITIONS_PER_WORKER,
): Promise<MeasuredSection & { readonly threads: number }> {
  const shareable = thread !== undefined && source.order.buffer instanceof SharedArrayBuffer && source.optimal.buffer instanceof SharedArrayBuffer;
  const workers = shareable ? Math.max(0, Math.min(threads, Math.floor(source.order.length / positionsPerWorker)) - 1) : 0;
  // Shared whenever the pages are to be encoded on several threads, measured there or not.
  const shared = threads > 1;
  const index = entryIndexFor(source, layout, shared);
  const lines = new BitWriter(lineBitsBound(format, source.levels, workers + 1), shared);
  const memory = (bytes: number) => (shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  const levelStarts = new Uint32Array(source.levels.length + 1);
  source.levels.forEach((count, d) => (levelStarts[d + 1] = levelStarts[d] + count));
  const input: MeasureInput = {
    layout,
    optimal: source.optimal,
    order: source.order,
    levelStarts,
    sparse: index instanceof SparseIndex ? index.values : undefined,
    size: index.size,
    entries: new Uint32Array(memory(8 * index.size)),
    lineWords: lines.words,
    lineCapacity: 32 * (lines.words.length - 2),
    control: new Int32Array(memory(24)),
  };
  const started = Array.from({ length: workers }, () => startWorker(thread!, input));
  // A worker that fails sets FAILED; one that stops without a word rejects its promise.
  const failure = Promise.race(started.map((worker) => worker.then(() => new Promise<never>(() => {}))));
  failure.catch(() => {}); // seen where it is awaited
  try {
    await workersServing(input, workers, started);
    const runs = runsOf(levelStarts);
    const measureRange = rangeMeasurer(format, source.space, index, input);
    // This thread never blocks on the others: where a run must wait for a level, it waits for
    // it here, where a worker's failure is heard.
    for (let waiting = measureRuns(input, runs, measureRange, false); waiting !== undefined; waiting = measureRuns(input, runs, measureRange, false, waiting)) {
      await finishedUpTo(input, levelStarts[runs.level[waiting]], failure);
    }
    await finishedUpTo(input, levelStarts[levelStarts.length - 1], failure);
    // A thread that failed after the others did its share still fails the build: its job is
    // broken; and so does one that ended without coming to measure (its job never served).
    await Promise.all(started);
    if (Atomics.load(input.control, SERVING) < workers) throw new Error(`a measuring thread ended without measuring: its job (${thread!.name}) does not measure`);
  } catch (error) {
    Atomics.store(input.control, FAILED, 1);
    Atomics.notify(input.control, FINISHED);
    await Promise.allSettled(started);
    throw error;
  }
  lines.cursor = Math.min(input.lineCapacity, Atomics.load(input.control, NEXT_BLOCK) * BLOCK_BITS);
  return { index, entries: input.entries, lines, threads: Atomics.load(input.control, THREADS) };
}

function startWorker(thread: ThreadJob<MeasureInput>, input: MeasureInput): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = startThread(thread, input);
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a measuring thread stopped with code ${code}`))));
  });
}

/**
 * Waits until every worker is ready to measure (a fraction of a second), or has ended: this thread
 * then starts with them, so that each does its share however small the table, and a worker that
 * cannot measure is known.
 */
async function workersServing(input: MeasureInput, workers: number, started: readonly Promise<void>[]): Promise<void> {
  const { control } = input;
  const ended = Promise.race(started.map((worker) => worker.then(noop, noop)));
  let gone = false;
  void ended.then(() => (gone = true));
  for (let serving = Atomics.load(control, SERVING); serving < workers && !gone; serving = Atomics.load(control, SERVING)) {
    await Promise.race([Atomics.waitAsync(control, SERVING, serving, 1000).value, ended]);
  }
}

const noop = () => {};

/** Waits, without blocking this thread's events, until the positions before `position` are finished. */
async function finishedUpTo(input: MeasureInput, position: number, failure: Promise<never>): Promise<void> {
  const { control } = input;
  for (let finished = Atomics.load(control, FINISHED); finished < position; finished = Atomics.load(control, FINISHED)) {
    if (Atomics.load(control, FAILED) !== 0) {
      // The failed worker's own error, as soon as its thread reports it (the timer holds no
      // process open once it is not needed).
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([failure, new Promise((resolve) => (timer = setTimeout(resolve, 10_000)))]);
      } finally {
        clearTimeout(timer);
      }
      throw new Error('a measuring thread failed');
    }
    await Promise.race([Atomics.waitAsync(control, FINISHED, finished, 1000).value, failure]);
  }
}

/** The first position of each run, the level it belongs to (runs never cross a level). */
function runsOf(levelStarts: Uint32Array): { from: Uint32Array; level: Uint8Array } {
  const from: number[] = [];
  const level: number[] = [];
  for (let d = 0; d + 1 < levelStarts.length; d++) {
    for (let at = levelStarts[d]; at < levelStarts[d + 1]; at += RUN) (from.push(at), level.push(d));
  }
  return { from: Uint32Array.from(from), level: Uint8Array.from(level) };
}

type Runs = ReturnType<typeof runsOf>;
type RangeMeasure = ReturnType<typeof rangeMeasurer>;

/**
 * A thread's part: runs from the shared counter until none is left, each after the levels before
 * its own are finished. A worker blocks until they are; this thread (`block` false) returns the
 * run it took and must wait for, and is called again with it once it may start.
 */
function measureRuns(input: MeasureInput, runs: Runs, measureRange: RangeMeasure, block: boolean, taken?: number): number | undefined {
  const { control, levelStarts } = input;
  for (let run = taken ?? Atomics.add(control, NEXT_RUN, 1); run < runs.from.length; run = Atomics.add(control, NEXT_RUN, 1)) {
    if (Atomics.load(control, FAILED) !== 0) return undefined;
    const d = runs.level[run];
    const from = runs.from[run];
    const to = Math.min(from + RUN, levelStarts[d + 1]);
    // The codes this run copies are those of the level before, which must be finished.
    for (let finished = Atomics.load(control, FINISHED); finished < levelStarts[d]; finished = Atomics.load(control, FINISHED)) {
      if (!block) return run;
      if (Atomics.load(control, FAILED) !== 0) return undefined;
      Atomics.wait(control, FINISHED, finished, 1000);
    }
    measureRange(d, from, to);
    if (Atomics.add(control, FINISHED, to - from) + (to - from) === levelStarts[d + 1]) Atomics.notify(control, FINISHED);
  }
  return undefined;
}

/**
 * The measure of positions order[from .. to) of level d, in batches, writing the codes into the
 * thread's blocks of the stream.
 */
function rangeMeasurer(format: PagedPuzzle, space: StateSpace, index: EntryIndex, input: MeasureInput) {
  const { layout, optimal, order, entries, control, lineCapacity } = input;
  // The thread's own cursor in the shared stream, and where its current block ends.
  const lines = BitWriter.over(input.lineWords, 0);
  const block = { end: 0 };
  let measured = false;
  // A dense table's entry is at the scrambled rank itself: no call through the index (of two
  // classes in a process that builds both kinds of table).
  const dense = index instanceof DenseIndex;
  const stepCodes = lineStepCodes(format);
  const cells = format.holeMoves.length;
  // The batch: each position's entry, hole and mask, and the two words of the entry of the
  // position one move closer.
  const entryAt = new Uint32Array(MEASURE_BATCH);
  const holes = new Uint8Array(MEASURE_BATCH);
  const masks = new Uint8Array(MEASURE_BATCH);
  const nextStarts = new Uint32Array(MEASURE_BATCH);
  const nextWords = new Uint32Array(MEASURE_BATCH);

  /** Room for `bits` more: the next block of the stream, which continues this one when it is the next in order. */
  const makeRoom = (bits: number) => {
    const start = Atomics.add(control, NEXT_BLOCK, 1) * BLOCK_BITS;
    if (start !== block.end) lines.cursor = start;
    block.end = Math.min(start + BLOCK_BITS, lineCapacity);
    if (lines.cursor + bits > block.end) throw new RangeError(`the line codes outgrow their stream of ${lineCapacity} bits`);
  };

  return (d: number, rangeFrom: number, rangeTo: number): void => {
    if (!measured) (measured = true), Atomics.add(control, THREADS, 1);
    for (let from = rangeFrom; from < rangeTo; from += MEASURE_BATCH) {
      const count = Math.min(MEASURE_BATCH, rangeTo - from);
      for (let j = 0; j < count; j++) {
        const rank = space.rank(order[from + j]);
        const value = scramble(layout, rank);
        const entry = 2 * (dense ? value : index.of(value));
        // Reading the entry now brings its line into cache for the write below.
        if (entries[entry + 1] !== 0) throw new Error('a position appears twice in the BFS order');
        entryAt[j] = entry;
        holes[j] = format.holeOfRank(rank);
        masks[j] = optimal[rank];
      }
      if (d >= 2) {
        for (let j = 0; j < count; j++) {
          const value = scramble(layout, space.rank(space.step(order[from + j], lowestMove(masks[j]))));
          const next = 2 * (dense ? value : index.of(value));
          nextStarts[j] = entries[next];
          nextWords[j] = entries[next + 1];
        }
        // The first word of each line to copy, into cache: the copies below then wait on none.
        // (The sum is checked only so that the compiler keeps the reads.)
        let firstBits = 0;
        for (let j = 0; j < count; j++) firstBits += lines.read(nextStarts[j], 1);
        if (firstBits > count) throw new Error('a bit is 0 or 1');
      }
      for (let j = 0; j < count; j++) {
        const hole = holes[j];
        const moves = format.holeMoves[hole];
        const mask = masks[j];
        let start = 0;
        let length = 0;
        let target = 0;
        if (d >= 1) {
          target = moves[lowestMove(mask)];
          if (d >= 2) {
            const nextWord = nextWords[j];
            const to = entryTarget(nextWord);
            const step = stepCodes[(hole * cells + target) * cells + to];
            // A step the table does not hold takes at most a word (the codec writes or refuses it).
            const most = (step >= 0 ? step & 0xff : 32) + entryLength(nextWord);
            if (lines.cursor + most > block.end) makeRoom(most);
            start = lines.cursor;
            if (step >= 0) lines.write(step >> 8, step & 0xff);
            else writeLineStep(lines, format, hole, target, to);
            lines.append(lines, nextStarts[j], entryLength(nextWord));
            length = lines.cursor - start;
            if (length > LENGTH_MASK) throw new RangeError(`a line code of ${length} bits does not fit its 8-bit length field`);
          }
        }
        const entry = entryAt[j];
        entries[entry] = start;
        entries[entry + 1] = length | (mask << OPTIMAL_SHIFT) | (d << DISTANCE_SHIFT) | (target << TARGET_SHIFT) | (moves.length << MOVES_SHIFT);
      }
    }
  };
}

/**
 * The job of a puzzle's measuring threads, defined at the top level of `module` (its
 * import.meta.url) with the puzzle's format and space: each measures runs until none is left.
 */
export function measuringJob(module: string, name: string, format: PagedPuzzle, space: StateSpace): ThreadJob<MeasureInput> {
  return threadJob<MeasureInput>(module, name, (input) => measureOnThisThread(format, space, input));
}

/** A measuring thread's part, on this thread: runs until none is left; a failure lets the other threads go. */
export function measureOnThisThread(format: PagedPuzzle, space: StateSpace, input: MeasureInput): void {
  const index = input.sparse ? new SparseIndex(input.sparse) : new DenseIndex(input.size);
  Atomics.add(input.control, SERVING, 1);
  Atomics.notify(input.control, SERVING);
  try {
    measureRuns(input, runsOf(input.levelStarts), rangeMeasurer(format, space, index, input), true);
  } catch (error) {
    Atomics.store(input.control, FAILED, 1);
    Atomics.notify(input.control, FINISHED);
    throw error;
  }
}
