/**
 * Encoding a table's pages, on as many threads as it is given. Once every record of a table is
 * measured (table-pages.ts: its fields and its line code, in shared memory), the pages are
 * independent of one another: each thread takes the next run of pages from a shared counter and
 * encodes each into that page's own slot of one shared buffer. The bytes of a page are then those
 * one thread writes, whatever the number of threads and whichever thread wrote it.
 *
 * This module is its own worker's entry: a worker started on it (or on a bundle that holds it)
 * encodes pages and ends. It knows no puzzle: each record's entry holds all its page needs.
 */
import { startThread, threadJob } from '../core/threads';
import { BitWriter } from './bits';
import { DenseIndex, type EntryIndex, SparseIndex } from './entry-index';
import { MAX_DISTANCE, PageEncoder } from './page-codec';
import { type PageLayout, pageCount, slotsIn } from './page-layout';

/** What each entry's two words hold (measure.ts writes them; MeasuredSection says what they are). */
export const LENGTH_MASK = 0xff;
export const OPTIMAL_SHIFT = 8;
export const DISTANCE_SHIFT = 16;
export const TARGET_SHIFT = 22;
export const MOVES_SHIFT = 27;

export const entryLength = (word: number) => word & LENGTH_MASK;
export const entryOptimal = (word: number) => (word >>> OPTIMAL_SHIFT) & 0xff;
export const entryDistance = (word: number) => (word >>> DISTANCE_SHIFT) & MAX_DISTANCE;
export const entryTarget = (word: number) => (word >>> TARGET_SHIFT) & 0x1f;
export const entryMoves = (word: number) => word >>> MOVES_SHIFT;

/** One section's measured records (measure.ts), in memory every thread can read. */
export interface MeasuredSection {
  /** Which entry holds each scrambled rank's fields: every rank (dense), or the sorted ranks held. */
  readonly index: EntryIndex;
  /**
   * Two words per entry, so that one cache line holds all a record needs (the whole-space build is
   * bound by memory latency, not arithmetic):
   *   word 0: the first bit of the position's line code (its line after the first move) in `lines`;
   *   word 1: the code's length in bits (bits 0-7), the optimal-move mask (8-15), the distance
   *           (16-21), the cell its first move takes the hole to (22-26), and how many legal moves
   *           it has (27-30), which is never 0 for a position of the table: 0 there means none.
   */
  readonly entries: Uint32Array;
  readonly lines: BitWriter;
}

/** What encoding needs, as plain data and shared arrays: what a worker is sent. */
interface EncodingInput {
  readonly layout: PageLayout;
  readonly sections: readonly { readonly sparse: Uint32Array | undefined; readonly size: number; readonly entries: Uint32Array; readonly lineWords: Uint32Array; readonly lineBits: number }[];
  /** Room for each page, in bytes: page i is written at i * capacity. */
  readonly capacity: number;
  readonly bytes: Uint8Array;
  readonly lengths: Uint32Array;
  /** [0]: the next page to take (after each thread's first run); [1]: threads that encoded. */
  readonly next: Int32Array;
}

export interface EncodedPages {
  /** The bytes of page i (pages in section order, each section's in page order). */
  page(index: number): Uint8Array;
  /** How many threads encoded pages. */
  readonly threads: number;
}

/** Pages a thread takes at a time: few enough to balance the threads, many enough that the counter is cold. */
const RUN = 32;
/** Below this many pages for each thread, starting a thread costs more than it saves. */
export const PAGES_PER_WORKER = 400;

/**
 * Encodes every page of `sections` (each with the layout's pages) on `threads` threads, this one
 * among them.
 */
export async function encodePages(layout: PageLayout, sections: readonly MeasuredSection[], capacity: number, threads: number): Promise<EncodedPages> {
  const total = sections.length * pageCount(layout);
  const workers = Math.max(0, Math.min(threads, Math.floor(total / PAGES_PER_WORKER)) - 1);
  const shared = (bytes: number) => (workers > 0 ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  const input: EncodingInput = {
    layout,
    sections: sections.map(({ index, entries, lines }) => ({
      sparse: index instanceof SparseIndex ? index.values : undefined,
      size: index.size,
      entries,
      lineWords: lines.words,
      lineBits: lines.cursor,
    })),
    capacity,
    bytes: new Uint8Array(shared(total * capacity)),
    lengths: new Uint32Array(shared(4 * total)),
    next: new Int32Array(shared(8)),
  };
  input.next[0] = (workers + 1) * RUN;
  if (workers > 0) {
    for (const section of sections) {
      const arrays = [section.entries, section.lines.words, ...(section.index instanceof SparseIndex ? [section.index.values] : [])];
      if (arrays.some((array) => !(array.buffer instanceof SharedArrayBuffer))) {
        throw new Error('encoding pages on several threads needs the measured records in shared memory');
      }
    }
  }
  const started = Array.from({ length: workers }, (_, worker) => startWorker(input, worker + 1));
  try {
    encodeTaken(input, sections, 0);
  } finally {
    await Promise.all(started);
  }
  // Each thread counts itself before it encodes: a worker that ended without (a bundle that does
  // not run this module's worker part) left its first run of pages empty, which no one else takes.
  if (input.next[1] < workers + 1) throw new Error(`a page-encoding thread ended without encoding its share`);
  return { page: (index) => input.bytes.subarray(index * capacity, index * capacity + input.lengths[index]), threads: input.next[1] };
}


/** A worker's part: the sections rebuilt over the shared arrays, then pages until none is left. */
const ENCODE_PAGES = threadJob<{ input: EncodingInput; thread: number }>(import.meta.url, 'encode pages', ({ input, thread }) => {
  const sections = input.sections.map(({ sparse, size, entries, lineWords, lineBits }) => ({
    index: sparse ? new SparseIndex(sparse) : new DenseIndex(size),
    entries,
    lines: BitWriter.over(lineWords, lineBits),
  }));
  encodeTaken(input, sections, thread);
});

function startWorker(input: EncodingInput, thread: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = startThread(ENCODE_PAGES, { input, thread });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a page-encoding thread stopped with code ${code}`))));
  });
}

/**
 * Encodes the `thread`-th run of pages, then runs taken from the shared counter until none is
 * left: every thread does its share however late it starts, and the rest goes to whichever is free.
 */
function encodeTaken(input: EncodingInput, sections: readonly MeasuredSection[], thread: number): void {
  const perSection = pageCount(input.layout);
  const total = sections.length * perSection;
  Atomics.add(input.next, 1, 1);
  for (let from = thread * RUN; from < total; from = Atomics.add(input.next, 0, RUN)) {
    for (let index = from; index < Math.min(total, from + RUN); index++) {
      const bytes = encodePage(input.layout, sections[Math.floor(index / perSection)], index % perSection);
      if (bytes.length > input.capacity) throw new RangeError(`page ${index} takes ${bytes.length} bytes, more than an item's ${input.capacity}`);
      input.bytes.set(bytes, index * input.capacity);
      input.lengths[index] = bytes.length;
    }
  }
}

/** The bytes of one page of a section. */
export function encodePage(layout: PageLayout, { index, entries, lines }: MeasuredSection, page: number): Uint8Array {
  const first = page * layout.ranksPerPage;
  const slots = slotsIn(layout, page);
  const from = index.firstFrom(first);
  const to = index.firstFrom(first + slots);
  // Counting the page's records also reads the first word of each one's line code, at random
  // places in the stream: taken in this short loop of independent loads, the copies below find
  // them in cache rather than waiting on each in turn. (The sum is tested only so that the
  // compiler keeps the reads; the test is never true.)
  let count = 0;
  let firstWords = 0;
  for (let entry = from; entry < to; entry++) {
    if (entries[2 * entry + 1] !== 0) {
      count++;
      firstWords = (firstWords + lines.words[entries[2 * entry] >>> 5]) | 0;
    }
  }
  if (firstWords === 0x7fffffff && count === 0) throw new Error('a page without records read a line code');
  const encoder = new PageEncoder(slots, count);
  for (let entry = from; entry < to; entry++) {
    const word = entries[2 * entry + 1];
    if (word === 0) continue;
    encoder.addCoded(index.valueAt(entry) - first, entryMoves(word), entryDistance(word), entryOptimal(word), lines, entries[2 * entry], entryLength(word));
  }
  return encoder.finish();
}
