/**
 * A logical table as pages: the core's BFS tables turned into page items, in a fixed load order,
 * so that a resumed load regenerates exactly the same pages and can skip what was stored.
 *
 * Building a table runs the BFS (which gives every position's distance and optimal moves), then
 * computes every record's size in bits without encoding it (a line's bits are its first step's
 * plus the bits of the line from the position that step reaches, so one pass in BFS order does
 * it), picks the page size (ranks per page) that fills pages as far as a 4 KB item allows, and
 * lists the pages, and encodes them all into one buffer. Besides that buffer (a few bytes a
 * position), only the BFS tables and a byte per rank are held in memory; no object per position.
 */
import { type BfsTable, NONE, distanceOf, lowestMove } from '../core/bfs';
import { SparseIndex } from './entry-index';
import { measureSection } from './measure';
import { DISTANCE_BITS, type PositionRecord, pageBytesBound } from './page-codec';
import { PageCodecLimitError, pageCodecProblems } from './page-codec-limits';
import { type MeasuredSection, encodePages, entryDistance, entryLength, entryMoves } from './page-encoding';
import { type PageLayout, goldenMultiplier, pageCount, pageSlotOf } from './page-layout';
import type { ArrayPages } from './array-pages';
import type { PagedPuzzle } from './paged-puzzle';
import type { TableId } from './table-keys';
import type { Catalog } from './catalog';
import type { TableEstimate } from './load-estimate';
import type { FarthestPosition } from './manifests';
import { pageKey } from './table-keys';
import { pageCapacity } from './page-items';

/** A logical table before its positions (or arrays) are computed: enough to compare with a manifest. */
export interface TableSpec<Pages extends TablePages | ArrayPages = TablePages> {
  readonly table: TableId;
  /** The goal board its distances (or estimates) are to; for a table of several goals, theirs, comma-separated. */
  readonly goal: string;
  /**
   * What the table is made of, when the same goal can be stored in more than one way (the
   * 15-puzzle's: the tile groups of its pattern databases). A load of other parts replaces the
   * table only when forced, as a load of another goal does.
   */
  readonly parts?: string;
  readonly depth: number;
  /** Positions of the puzzle's whole space around the table's goals: a table holding them all is whole. */
  readonly spacePositions: number;
  /** Why the catalogue has no room for this table, or undefined (a puzzle may bound its tables). */
  roomProblem?(catalog: Catalog): string | undefined;
  /** The bound itself, kept by the catalogue as a count of this kind's tables. */
  readonly catalogBound?: { readonly kind: string; readonly max: number };
  /** Runs the BFS and plans the pages (seconds for the default tables); or plans the pages of a table of byte arrays. */
  build(options?: BuildOptions): Promise<Pages>;
  /** What its load will take, known before it is built (load-estimate.ts); a deploy refuses a load of a table without one. */
  estimate?(): TableEstimate;
}

/** A table of either kind, as the loads and the loader take it. */
export type AnyTableSpec = TableSpec<TablePages | ArrayPages>;

export interface PageRef {
  readonly key: string;
  readonly section: number;
  readonly page: number;
}

/** A position's expected record, where it is stored, for spot checks. */
export interface StoredPosition {
  readonly key: string;
  readonly section: number;
  readonly page: number;
  readonly slot: number;
  readonly record: PositionRecord;
}

/**
 * What a page must hold, worked out from the BFS and the layout's position-to-slot mapping alone
 * (not from the encoder, nor from the layout's count of a page's slots): how many positions, and
 * the first and the last of them (its lowest and highest slots) with their records. A page that
 * lost a position at either end, or anywhere, differs from this.
 */
export interface ExpectedPage {
  readonly key: string;
  readonly positions: number;
  /** Undefined when the page holds no position. */
  readonly first: StoredPosition | undefined;
  readonly last: StoredPosition | undefined;
}

export interface TablePages {
  /** A table of positions (the loader tells it from a table of arrays, array-pages.ts, by this). */
  readonly kind?: 'positions';
  readonly format: PagedPuzzle;
  readonly layout: PageLayout;
  /** Positions stored, and how many at each distance. */
  readonly positions: number;
  readonly levels: readonly number[];
  /** Every page, in load order. */
  readonly pages: readonly PageRef[];
  /** How many threads measured the records (of the section that had the most) and encoded the pages. */
  readonly measuringThreads: number;
  readonly encodingThreads: number;
  /** The bytes of pages[index]. */
  encode(index: number): Uint8Array;
  /** A random stored position and its expected record. */
  samplePosition(random: () => number): StoredPosition;
  /** The positions farthest from their goal (the last BFS level of each section), at most `limit`. */
  farthestPositions(limit: number): StoredPosition[];
  /** What pages[index] must hold (one pass over the BFS order on the first call, then at once). */
  expectedPage(index: number): ExpectedPage;
  /** The `limit` positions farthest from their goal over all sections, farthest first, as the API writes them. */
  farthest(limit: number): FarthestPosition[];
}

/** The part of a logical table around one goal. */
export interface Section {
  readonly name: string;
  readonly bfs: BfsTable;
  /** The state code of a rank. */
  readonly unrank: (rank: number) => number;
  /** A position of the section as the API writes it, from its code and its line (cells the hole moves to). */
  readonly describe: (code: number, line: readonly number[]) => Omit<FarthestPosition, 'steps'>;
  /**
   * A module that, run as a worker thread, measures this section's records (it calls measure.ts
   * serveMeasure with the puzzle's format and the section's space), so that a build on several
   * threads measures on all of them; the BFS tables must then be in shared memory.
   */
  readonly measureThread?: string;
}

/** The record of the position `code` (which must be in the section's table) and its hole's cell. */
function recordOf(format: PagedPuzzle, section: Section, code: number): { hole: number; record: PositionRecord } {
  const { space, distance, optimal } = section.bfs;
  const rank = space.rank(code);
  const hole = format.holeOfRank(rank);
  const line: number[] = [];
  let state = code;
  let at = hole;
  for (let t = distance[rank]; t > 0; t--) {
    const index = lowestMove(optimal[space.rank(state)]);
    at = format.holeMoves[at][index];
    line.push(at);
    state = space.step(state, index);
  }
  return { hole, record: { distance: distance[rank], optimal: optimal[rank], line } };
}

/** A record's size in bits (0: no position at this rank). */
const entryBits = (word: number) => (word === 0 ? 0 : DISTANCE_BITS + (entryDistance(word) > 0 ? entryMoves(word) : 0) + entryLength(word));

/**
 * Each record's size in bits, for choosing the page size: by scrambled rank (0: no position there)
 * for a table holding most of its space; for a sparse one, by entry beside the entries' sorted
 * scrambled ranks, so that sizing its pages costs its positions, not its space's ranks (a table of
 * a few thousand positions in a space of 67 million ranks would otherwise pass over all of them
 * a dozen times).
 */
type RecordBits = { readonly byValue: Uint8Array } | { readonly values: Uint32Array; readonly bits: Uint8Array };

function recordBits({ index, entries }: MeasuredSection, ranks: number): RecordBits {
  if (index instanceof SparseIndex) {
    const bits = new Uint8Array(index.size);
    for (let entry = 0; entry < index.size; entry++) bits[entry] = entryBits(entries[2 * entry + 1]);
    return { values: index.values, bits };
  }
  const byValue = new Uint8Array(ranks);
  for (let entry = 0; entry < index.size; entry++) byValue[index.valueAt(entry)] = entryBits(entries[2 * entry + 1]);
  return { byValue };
}

/** The largest page, in bytes (by the codec's bound), with `ranksPerPage`. */
function largestPage(bitsBySection: readonly RecordBits[], ranks: number, ranksPerPage: number): number {
  let largest = 0;
  for (const section of bitsBySection) {
    largest = Math.max(largest, 'byValue' in section ? largestDense(section.byValue, ranks, ranksPerPage) : largestSparse(section.values, section.bits, ranks, ranksPerPage));
  }
  return largest;
}

function largestDense(bits: Uint8Array, ranks: number, ranksPerPage: number): number {
  let largest = 0;
  for (let start = 0; start < ranks; start += ranksPerPage) {
    const end = Math.min(ranks, start + ranksPerPage);
    let records = 0;
    let total = 0;
    for (let v = start; v < end; v++) {
      const b = bits[v];
      if (b !== 0) {
        records++;
        total += b;
      }
    }
    largest = Math.max(largest, pageBytesBound(end - start, records, total));
  }
  return largest;
}

/** The same as largestDense, over the pages holding positions, and a page holding none if there is one. */
function largestSparse(values: Uint32Array, bits: Uint8Array, ranks: number, ranksPerPage: number): number {
  const pages = Math.ceil(ranks / ranksPerPage);
  let largest = 0;
  let filled = 0;
  let lastFilled = false;
  for (let i = 0; i < values.length; ) {
    const page = Math.floor(values[i] / ranksPerPage);
    const start = page * ranksPerPage;
    const end = Math.min(ranks, start + ranksPerPage);
    let records = 0;
    let total = 0;
    for (; i < values.length && values[i] < end; i++) {
      records++;
      total += bits[i];
    }
    largest = Math.max(largest, pageBytesBound(end - start, records, total));
    filled++;
    if (page === pages - 1) lastFilled = true;
  }
  if (filled - (lastFilled ? 1 : 0) < pages - 1) largest = Math.max(largest, pageBytesBound(ranksPerPage, 0, 0));
  if (!lastFilled) largest = Math.max(largest, pageBytesBound(ranks - (pages - 1) * ranksPerPage, 0, 0));
  return largest;
}

/**
 * The most ranks per page for which no page outgrows `capacity`: a first guess from the average
 * bits per rank, then a few corrections by the largest page found (scrambling makes pages so even
 * that the guess is within a few percent).
 */
function chooseRanksPerPage(bitsBySection: readonly RecordBits[], ranks: number, capacity: number): number {
  let present = 0;
  let totalBits = 0;
  for (const section of bitsBySection) {
    const bits = 'byValue' in section ? section.byValue : section.bits;
    for (let v = 0; v < bits.length; v++) if (bits[v] !== 0) (present++, (totalBits += bits[v]));
  }
  const slots = ranks * bitsBySection.length;
  const density = present / slots;
  const gapBits = density < 1 ? density * (Math.log2(1 / density) + 2) : 0;
  let guess = Math.max(1, Math.min(ranks, Math.floor(((capacity - 3) * 8) / (totalBits / slots + gapBits))));
  let best = 0;
  for (let attempt = 0; attempt < 8; attempt++) {
    const largest = largestPage(bitsBySection, ranks, guess);
    if (largest <= capacity) best = Math.max(best, guess);
    const next = Math.max(1, Math.min(ranks, Math.floor((guess * capacity) / largest)));
    if (next === guess || (largest <= capacity && next <= best)) break;
    guess = largest > capacity ? Math.min(next, guess - 1) : next;
  }
  if (best === 0) throw new Error('no page size keeps every page within an item');
  return best;
}

/** How a table is built. */
export interface BuildOptions {
  /**
   * Threads that work on it at once (1: this one alone, no worker): a table of positions encodes
   * its pages on them, this one among them; a table of arrays may build its arrays on them.
   */
  readonly threads?: number;
  /** Called as each part of the build ends, for timing them: every record's fields and line codes ('measure'), then the page size ('size'); the pages' encoding follows. */
  readonly partDone?: (part: 'measure' | 'size') => void;
}

/** The pages of a logical table made of `sections` (one per goal), all of one puzzle. */
export async function planPages(format: PagedPuzzle, sections: readonly Section[], options: BuildOptions = {}): Promise<TablePages> {
  // Before anything is measured: a record's fields past the codec's limits would be stored wrongly, with nothing said.
  const problems = pageCodecProblems(format, Math.max(0, ...sections.map(({ bfs }) => bfs.levels.length - 1)));
  if (problems.length > 0) throw new PageCodecLimitError(`The table of ${sections.map(({ name }) => name).join(', ')} cannot be stored as pages. ${problems.join(' ')}`);
  const threads = Math.max(1, options.threads ?? 1);
  const multiplier = goldenMultiplier(format.ranks);
  const unpaged = { ranks: format.ranks, ranksPerPage: format.ranks, multiplier };
  // On several threads, the records go in memory they all can read (no copy: the system commits
  // shared memory as it is written, as it does the rest).
  const measured: MeasuredSection[] = [];
  let measuringThreads = 1;
  for (const section of sections) {
    const { space, optimal, order, levels } = section.bfs;
    const records = await measureSection(format, { space, optimal, order, levels }, unpaged, threads, section.measureThread);
    measured.push(records);
    measuringThreads = Math.max(measuringThreads, records.threads);
  }
  options.partDone?.('measure');
  const bitsBySection = measured.map((m) => recordBits(m, format.ranks));
  // Room for the longest key any page could have (a page per rank), so no layout outgrows an item.
  const longestKey = sections.map((section) => pageKey(section.name, pageCount({ ...unpaged, ranksPerPage: 1 }), format.pageDigits)).sort((a, b) => b.length - a.length)[0];
  const capacity = pageCapacity(longestKey);
  const layout: PageLayout = { ...unpaged, ranksPerPage: chooseRanksPerPage(bitsBySection, format.ranks, capacity) };
  options.partDone?.('size');
  bitsBySection.length = 0;

  // Every page is written, empty or not (scrambling leaves hardly any empty), so that a missing
  // item always means something went wrong rather than "no positions here".
  const pages: PageRef[] = [];
  sections.forEach((section, index) => {
    for (let page = 0; page < pageCount(layout); page++) pages.push({ key: pageKey(section.name, page, format.pageDigits), section: index, page });
  });

  // Every page is encoded now, each into its own item-sized slot of one buffer: the load then
  // only sends bytes, as fast as the server takes them, and its size and cost are known before
  // the first write (memory is committed as it is written: a few bytes a position).
  const encoded = await encodePages(layout, measured, capacity, threads);
  measured.length = 0;

  const levels: number[] = [];
  for (const section of sections) section.bfs.levels.forEach((count, k) => (levels[k] = (levels[k] ?? 0) + count));

  /** The position at `index` of a section's BFS order, where it is stored, and its expected record. */
  const storedPosition = (sectionIndex: number, index: number): StoredPosition => {
    const section = sections[sectionIndex];
    const code = section.bfs.order[index];
    const rank = section.bfs.space.rank(code);
    if (section.bfs.distance[rank] === NONE) throw new Error('a BFS order holds a position without a distance');
    const { page, slot } = pageSlotOf(layout, rank);
    return { key: pageKey(section.name, page, format.pageDigits), section: sectionIndex, page, slot, record: recordOf(format, section, code).record };
  };

  /**
   * Per section and page: how many positions it holds and the BFS-order indexes of its lowest and
   * highest slots, from each position's rank scrambled and divided by the page size, as a reader
   * finds it (pageSlotOf); built on first use.
   */
  let pageEnds: { count: Uint32Array; firstSlot: Int32Array; first: Int32Array; lastSlot: Int32Array; last: Int32Array }[] | undefined;
  const endsOfPages = () =>
    (pageEnds ??= sections.map((section) => {
      const total = pageCount(layout);
      const ends = { count: new Uint32Array(total), firstSlot: new Int32Array(total).fill(layout.ranksPerPage), first: new Int32Array(total).fill(-1), lastSlot: new Int32Array(total).fill(-1), last: new Int32Array(total).fill(-1) };
      const { order, space } = section.bfs;
      for (let i = 0; i < order.length; i++) {
        const { page, slot } = pageSlotOf(layout, space.rank(order[i]));
        ends.count[page]++;
        if (slot < ends.firstSlot[page]) (ends.firstSlot[page] = slot), (ends.first[page] = i);
        if (slot > ends.lastSlot[page]) (ends.lastSlot[page] = slot), (ends.last[page] = i);
      }
      return ends;
    }));

  return {
    format,
    layout,
    positions: levels.reduce((a, b) => a + b, 0),
    levels,
    pages,
    encode: (index) => encoded.page(index),
    measuringThreads,
    encodingThreads: encoded.threads,
    samplePosition(random) {
      let pick = Math.floor(random() * levels.reduce((a, b) => a + b, 0));
      let index = 0;
      while (pick >= sections[index].bfs.order.length) pick -= sections[index++].bfs.order.length;
      return storedPosition(index, pick);
    },
    farthestPositions(limit) {
      const farthest: StoredPosition[] = [];
      sections.forEach((section, index) => {
        const { order, levels: sectionLevels } = section.bfs;
        const last = sectionLevels[sectionLevels.length - 1];
        const share = Math.ceil(limit / sections.length);
        for (let i = order.length - Math.min(last, share); i < order.length; i++) farthest.push(storedPosition(index, i));
      });
      return farthest.slice(0, limit);
    },
    expectedPage(index) {
      const { key, section, page } = pages[index];
      const ends = endsOfPages()[section];
      const at = (i: number) => (i < 0 ? undefined : storedPosition(section, i));
      return { key, positions: ends.count[page], first: at(ends.first[page]), last: at(ends.last[page]) };
    },
    farthest(limit) {
      // Each section's last BFS level is at its far end; the farthest of those ends, ties in
      // section order, then in BFS order.
      const candidates = sections.flatMap((section, sectionIndex) => {
        const { order } = section.bfs;
        return Array.from(order.subarray(Math.max(0, order.length - limit)), (code) => ({ section, sectionIndex, code, steps: distanceOf(section.bfs, code)! }));
      });
      return candidates
        .sort((a, b) => b.steps - a.steps || a.sectionIndex - b.sectionIndex)
        .slice(0, limit)
        .map(({ section, code, steps }) => ({ ...section.describe(code, recordOf(format, section, code).record.line), steps }));
    },
  };
}
