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
import { type BfsTable, NONE, lowestMove } from '../core/bfs';
import { formatEightBoard } from '../core/eight/board';
import { CANONICAL_GOALS } from '../core/eight/canonical';
import { EIGHT_DIAMETER } from '../core/eight/search';
import { buildEightTable } from '../core/eight/table';
import { formatKnightsBoard } from '../core/knights/board';
import { KNIGHTS_GOALS, type KnightsGoalName } from '../core/knights/goals';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../core/knights/query';
import { knightsUnrank } from '../core/knights/space';
import { buildKnightsTable } from '../core/knights/table';
import { BitArena } from './bits';
import { DISTANCE_BITS, PageEncoder, type PositionRecord, pageBytesBound, writeLineStep } from './page-codec';
import { type PageLayout, goldenMultiplier, pageCount, pageSlotOf, scramble, slotsIn } from './page-layout';
import { EIGHT_FORMAT, KNIGHTS_FORMAT, type PagedPuzzle } from './puzzle-formats';
import { EIGHT_TABLE_ID, type TableId, eightSection, knightsSection, knightsTableId, pageCapacity, pageKey } from './table-schema';

/**
 * Knights tables are loaded as deep as the questions they answer: by default to the judge's 15
 * moves, at most to 39, where the farthest position lies (the whole space).
 */
export const KNIGHTS_MAX_DEPTH = MAX_LIMIT;
export const KNIGHTS_DEFAULT_DEPTH = DEFAULT_LIMIT;

/** A logical table before its positions are computed: enough to compare with a manifest. */
export interface TableSpec {
  readonly table: TableId;
  readonly goal: string;
  readonly depth: number;
  /** Runs the BFS and plans the pages (seconds for the default tables). */
  build(): TablePages;
}

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

export interface TablePages {
  readonly format: PagedPuzzle;
  readonly layout: PageLayout;
  /** Positions stored, and how many at each distance. */
  readonly positions: number;
  readonly levels: readonly number[];
  /** Every page, in load order. */
  readonly pages: readonly PageRef[];
  /** The bytes of pages[index]. */
  encode(index: number): Uint8Array;
  /** A random stored position and its expected record. */
  samplePosition(random: () => number): StoredPosition;
  /** The positions farthest from their goal (the last BFS level of each section), at most `limit`. */
  farthestPositions(limit: number): StoredPosition[];
}

/** The part of a logical table around one goal. */
interface Section {
  readonly name: string;
  readonly bfs: BfsTable;
  /** The state code of a rank. */
  readonly unrank: (rank: number) => number;
}

export function knightsSpec(goalName: KnightsGoalName, depth: number): TableSpec {
  const goal = KNIGHTS_GOALS.get(goalName)!;
  return {
    table: knightsTableId(goalName),
    goal: formatKnightsBoard(goal.board),
    depth,
    build: () => planPages(KNIGHTS_FORMAT, [{ name: knightsSection(goalName), bfs: buildKnightsTable(goal, depth).bfs, unrank: knightsUnrank }]),
  };
}

/** The eight positions of all 9 goals: the whole space, or (for small test loads) those within `depth`. */
export function eightSpec(depth = EIGHT_DIAMETER): TableSpec {
  return {
    table: EIGHT_TABLE_ID,
    goal: CANONICAL_GOALS.map(formatEightBoard).join(','),
    depth,
    build: () =>
      planPages(
        EIGHT_FORMAT,
        CANONICAL_GOALS.map((_, goalIndex) => ({ name: eightSection(goalIndex), bfs: buildEightTable(goalIndex, depth), unrank: (rank: number) => rank })),
      ),
  };
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

/** Every position's line after its first move, coded once, by the position's index in BFS order. */
interface LineCodes {
  readonly arena: BitArena;
  /** The first bit of each position's line code in the arena. */
  readonly start: Uint32Array;
  /** Each code's length in bits. */
  readonly length: Uint8Array;
}

/** Marks a scrambled rank that holds no position of the table. */
const NO_POSITION = 0xffffffff;

interface Measured {
  /** Each record's size in bits, by scrambled rank (0: no position there). */
  readonly bits: Uint8Array;
  /** Which position (its index in BFS order) has each scrambled rank, or NO_POSITION. */
  readonly byValue: Uint32Array;
  readonly lines: LineCodes;
}

/**
 * Every record's size and every line's code. A position's line after its first move is the
 * choice of its second move followed by the line code of the position its first move reaches,
 * one move closer; BFS order has that one done first, so each line is coded by one step and a
 * copy, never walked. Pages are runs of scrambled ranks, so the encoder then reads each page's
 * positions in slot order straight from `byValue`.
 */
function measure(format: PagedPuzzle, section: Section, layout: PageLayout): Measured {
  const { space, distance, optimal, order } = section.bfs;
  const arena = new BitArena();
  const start = new Uint32Array(order.length);
  const length = new Uint8Array(order.length);
  const bits = new Uint8Array(layout.ranks);
  const byValue = new Uint32Array(layout.ranks).fill(NO_POSITION);
  for (let i = 0; i < order.length; i++) {
    const code = order[i];
    const rank = space.rank(code);
    const d = distance[rank];
    const hole = format.holeOfRank(rank);
    if (d >= 2) {
      const index = lowestMove(optimal[rank]);
      const at = format.holeMoves[hole][index];
      const nextRank = space.rank(space.step(code, index));
      const next = byValue[scramble(layout, nextRank)];
      const to = format.holeMoves[at][lowestMove(optimal[nextRank])];
      start[i] = arena.cursor;
      writeLineStep(arena, format, hole, at, to);
      arena.append(start[next], length[next]);
      length[i] = arena.cursor - start[i];
    }
    const value = scramble(layout, rank);
    byValue[value] = i;
    bits[value] = DISTANCE_BITS + (d > 0 ? format.holeMoves[hole].length : 0) + length[i];
  }
  return { bits, byValue, lines: { arena, start, length } };
}

/** The largest page, in bytes (by the codec's bound), with `ranksPerPage`. */
function largestPage(bitsBySection: readonly Uint8Array[], ranks: number, ranksPerPage: number): number {
  let largest = 0;
  for (const bits of bitsBySection) {
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
  }
  return largest;
}

/**
 * The most ranks per page for which no page outgrows `capacity`: a first guess from the average
 * bits per rank, then a few corrections by the largest page found (scrambling makes pages so even
 * that the guess is within a few percent).
 */
function chooseRanksPerPage(bitsBySection: readonly Uint8Array[], ranks: number, capacity: number): number {
  let present = 0;
  let totalBits = 0;
  for (const bits of bitsBySection) for (let v = 0; v < ranks; v++) if (bits[v] !== 0) (present++, (totalBits += bits[v]));
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

function planPages(format: PagedPuzzle, sections: readonly Section[]): TablePages {
  const multiplier = goldenMultiplier(format.ranks);
  const unpaged = { ranks: format.ranks, ranksPerPage: format.ranks, multiplier };
  const measured = sections.map((section) => measure(format, section, unpaged));
  const bitsBySection = measured.map((m) => m.bits);
  // Room for the longest key any page could have (a page per rank), so no layout outgrows an item.
  const longestKey = sections.map((section) => pageKey(section.name, pageCount({ ...unpaged, ranksPerPage: 1 }))).sort((a, b) => b.length - a.length)[0];
  const layout: PageLayout = { ...unpaged, ranksPerPage: chooseRanksPerPage(bitsBySection, format.ranks, pageCapacity(longestKey)) };

  // Every page is written, empty or not (scrambling leaves hardly any empty), so that a missing
  // item always means something went wrong rather than "no positions here".
  const pages: PageRef[] = [];
  sections.forEach((section, index) => {
    for (let page = 0; page < pageCount(layout); page++) pages.push({ key: pageKey(section.name, page), section: index, page });
  });


  const encodePageAt = (index: number): Uint8Array => {
    const { section, page } = pages[index];
    const { bits, lines, byValue: positions } = measured[section];
    const { space, distance, optimal, order } = sections[section].bfs;
    const first = page * layout.ranksPerPage;
    const slots = slotsIn(layout, page);
    let count = 0;
    for (let slot = 0; slot < slots; slot++) if (bits[first + slot] !== 0) count++;
    const encoder = new PageEncoder(format, slots, count);
    for (let slot = 0; slot < slots; slot++) {
      const position = positions[first + slot];
      if (position === NO_POSITION) continue;
      const rank = space.rank(order[position]);
      encoder.addCoded(slot, format.holeOfRank(rank), distance[rank], optimal[rank], lines.arena, lines.start[position], lines.length[position]);
    }
    return encoder.finish();
  };

  // Every page is encoded now, into one buffer: the load then only sends bytes, as fast as the
  // server takes them, and its size and cost are known before the first write. The pages are
  // compressed (a few bytes a position), so even the whole knights space takes a few hundred MB.
  const offsets = new Uint32Array(pages.length + 1);
  let arena = new Uint8Array(1 << 20);
  for (let index = 0; index < pages.length; index++) {
    const bytes = encodePageAt(index);
    const end = offsets[index] + bytes.length;
    if (end > arena.length) {
      const bigger = new Uint8Array(Math.max(end, arena.length * 2));
      bigger.set(arena.subarray(0, offsets[index]));
      arena = bigger;
    }
    arena.set(bytes, offsets[index]);
    offsets[index + 1] = end;
  }
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
    return { key: pageKey(section.name, page), section: sectionIndex, page, slot, record: recordOf(format, section, code).record };
  };

  return {
    format,
    layout,
    positions: levels.reduce((a, b) => a + b, 0),
    levels,
    pages,
    encode: (index) => arena.subarray(offsets[index], offsets[index + 1]),
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
  };
}
