/**
 * A logical table as pages: the core's BFS tables turned into page items, in a fixed load order,
 * so that a resumed load regenerates exactly the same pages and can skip what was stored.
 *
 * Building a table runs the BFS (which gives every position's distance and optimal moves), then
 * computes every record's size in bits without encoding it (a line's bits are its first step's
 * plus the bits of the line from the position that step reaches, so one pass in BFS order does
 * it), picks the page size (ranks per page) that fills pages as far as a 4 KB item allows
 * (page-size.ts), lists the pages, and encodes them all into one buffer. Besides that buffer (a
 * few bytes a position), only the BFS tables and a byte per rank are held in memory; no object
 * per position.
 */
import { type BfsTable, NONE, distanceOf, lowestMove } from '../core/bfs';
import { type MeasureInput, measureSection } from '../packing/measure';
import type { ThreadJob } from '../core/threads';
import type { PositionRecord } from '../packing/page-codec';
import { PageCodecLimitError, pageCodecProblems } from '../packing/page-codec-limits';
import { type MeasuredSection, encodePages } from '../packing/page-encoding';
import { type PageLayout, goldenMultiplier, pageCount, pageSlotOf } from '../packing/page-layout';
import type { ArrayPages } from './array-pages';
import type { PagedPuzzle } from '../packing/paged-puzzle';
import type { TableId } from './table-keys';
import type { Catalog } from './catalog';
import type { TableEstimate } from './load-estimate';
import type { FarthestPosition } from './manifests';
import { pageKey } from './table-keys';
import { choosePageLayout } from './page-size';

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
   * The thread job that measures this section's records (measure.ts measuringJob, with the
   * puzzle's format and the section's space), so that a build on several threads measures on all
   * of them; the BFS tables must then be in shared memory.
   */
  readonly measureThread?: ThreadJob<MeasureInput>;
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
  refuseRecordsPastCodec(format, sections);
  const threads = Math.max(1, options.threads ?? 1);
  const multiplier = goldenMultiplier(format.ranks);
  const unpaged = { ranks: format.ranks, ranksPerPage: format.ranks, multiplier };
  const { measured, measuringThreads } = await measureSections(format, sections, unpaged, threads);
  options.partDone?.('measure');
  const { layout, capacity } = choosePageLayout(format, sections, measured, unpaged);
  options.partDone?.('size');
  const pages = listPages(format, sections, layout);

  // Every page is encoded now, each into its own item-sized slot of one buffer: the load then
  // only sends bytes, as fast as the server takes them, and its size and cost are known before
  // the first write (memory is committed as it is written: a few bytes a position).
  const encoded = await encodePages(layout, measured, capacity, threads);
  // The buffer holds the pages now: the records can go while the table is held.
  measured.length = 0;

  const levels = levelCounts(sections);
  return {
    format,
    layout,
    positions: levels.reduce((a, b) => a + b, 0),
    levels,
    pages,
    encode: (index) => encoded.page(index),
    measuringThreads,
    encodingThreads: encoded.threads,
    ...expectedPositions(format, sections, layout, pages, levels),
  };
}

/** Before anything is measured: a record's fields past the codec's limits would be stored wrongly, with nothing said. */
function refuseRecordsPastCodec(format: PagedPuzzle, sections: readonly Section[]): void {
  const problems = pageCodecProblems(format, Math.max(0, ...sections.map(({ bfs }) => bfs.levels.length - 1)));
  if (problems.length > 0) throw new PageCodecLimitError(`The table of ${sections.map(({ name }) => name).join(', ')} cannot be stored as pages. ${problems.join(' ')}`);
}

/**
 * Every section's records (fields and line codes), a section at a time, and the most threads any
 * section was measured on. On several threads, the records go in memory they all can read (no
 * copy: the system commits shared memory as it is written, as it does the rest).
 */
async function measureSections(format: PagedPuzzle, sections: readonly Section[], unpaged: PageLayout, threads: number): Promise<{ measured: MeasuredSection[]; measuringThreads: number }> {
  const measured: MeasuredSection[] = [];
  let measuringThreads = 1;
  for (const section of sections) {
    const { space, optimal, order, levels } = section.bfs;
    const records = await measureSection(format, { space, optimal, order, levels }, unpaged, threads, section.measureThread);
    measured.push(records);
    measuringThreads = Math.max(measuringThreads, records.threads);
  }
  return { measured, measuringThreads };
}

/**
 * Every page in load order, section after section. Every page is written, empty or not (scrambling
 * leaves hardly any empty), so that a missing item always means something went wrong rather than
 * "no positions here".
 */
function listPages(format: PagedPuzzle, sections: readonly Section[], layout: PageLayout): PageRef[] {
  const pages: PageRef[] = [];
  sections.forEach((section, index) => {
    for (let page = 0; page < pageCount(layout); page++) pages.push({ key: pageKey(section.name, page, format.pageDigits), section: index, page });
  });
  return pages;
}

/** How many positions at each distance, over all the sections. */
function levelCounts(sections: readonly Section[]): number[] {
  const levels: number[] = [];
  for (const section of sections) section.bfs.levels.forEach((count, k) => (levels[k] = (levels[k] ?? 0) + count));
  return levels;
}

/**
 * What the table's positions must be where they are stored, worked out from the BFS and the
 * layout alone (not from the encoded pages, which they check): spot checks, each page's ends, and
 * the positions farthest from their goal.
 */
function expectedPositions(
  format: PagedPuzzle,
  sections: readonly Section[],
  layout: PageLayout,
  pages: readonly PageRef[],
  levels: readonly number[],
): Pick<TablePages, 'samplePosition' | 'farthestPositions' | 'expectedPage' | 'farthest'> {
  const storedPosition = (sectionIndex: number, index: number) => storedPositionOf(format, sections, layout, sectionIndex, index);
  // Built on first use: one pass over every section's BFS order.
  let pageEnds: PageEnds[] | undefined;
  return {
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
      const ends = (pageEnds ??= sections.map((each) => pageEndsOf(each, layout)))[section];
      const at = (i: number) => (i < 0 ? undefined : storedPosition(section, i));
      return { key, positions: ends.count[page], first: at(ends.first[page]), last: at(ends.last[page]) };
    },
    farthest(limit) {
      return farthestOf(format, sections, limit);
    },
  };
}

/** The position at `index` of a section's BFS order, where it is stored, and its expected record. */
function storedPositionOf(format: PagedPuzzle, sections: readonly Section[], layout: PageLayout, sectionIndex: number, index: number): StoredPosition {
  const section = sections[sectionIndex];
  const code = section.bfs.order[index];
  const rank = section.bfs.space.rank(code);
  if (section.bfs.distance[rank] === NONE) throw new Error('a BFS order holds a position without a distance');
  const { page, slot } = pageSlotOf(layout, rank);
  return { key: pageKey(section.name, page, format.pageDigits), section: sectionIndex, page, slot, record: recordOf(format, section, code).record };
}

/** Per page of a section: how many positions it holds, and the BFS-order indexes of its lowest and highest slots (-1: none). */
type PageEnds = { count: Uint32Array; firstSlot: Int32Array; first: Int32Array; lastSlot: Int32Array; last: Int32Array };

/** A section's page ends, from each position's rank scrambled and divided by the page size, as a reader finds it (pageSlotOf). */
function pageEndsOf(section: Section, layout: PageLayout): PageEnds {
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
}

/** The `limit` positions farthest from their goal over all sections, farthest first, as the API writes them. */
function farthestOf(format: PagedPuzzle, sections: readonly Section[], limit: number): FarthestPosition[] {
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
}
