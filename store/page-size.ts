/**
 * A table's page size (ranks per page), chosen from every record's size in bits before anything
 * is encoded: the most ranks per page for which no page outgrows a 4 KB item, so that pages are
 * as full as an item allows.
 */
import { SparseIndex } from '../packing/entry-index';
import { DISTANCE_BITS, pageBytesBound } from '../packing/page-codec';
import { type MeasuredSection, entryDistance, entryLength, entryMoves } from '../packing/page-encoding';
import type { PagedPuzzle } from '../packing/paged-puzzle';
import { type PageLayout, pageCount } from '../packing/page-layout';
import { pageKey } from './table-keys';
import { pageCapacity } from './page-items';

/**
 * The layout of a table's pages, and the bytes each page's item has room for. The records' sizes
 * are held only while the size is chosen: the caller keeps `measured` for the encoding.
 */
export function choosePageLayout(format: PagedPuzzle, sections: readonly { readonly name: string }[], measured: readonly MeasuredSection[], unpaged: PageLayout): { layout: PageLayout; capacity: number } {
  const bitsBySection = measured.map((m) => recordBits(m, format.ranks));
  // Room for the longest key any page could have (a page per rank), so no layout outgrows an item.
  const longestKey = sections.map((section) => pageKey(section.name, pageCount({ ...unpaged, ranksPerPage: 1 }), format.pageDigits)).sort((a, b) => b.length - a.length)[0];
  const capacity = pageCapacity(longestKey);
  const layout: PageLayout = { ...unpaged, ranksPerPage: chooseRanksPerPage(bitsBySection, format.ranks, capacity) };
  return { layout, capacity };
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
