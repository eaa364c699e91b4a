/**
 * A table of dense arrays of small values (bytes), knowing nothing of what they mean: named byte
 * arrays (a puzzle's precomputed estimates, say) cut into pages of raw bytes, each page an item of
 * at most 4 KB like a position table's, so that a read costs one read unit and the loader's
 * machinery (batches, retries, checkpoints, the checksum, the catalogue) serves both kinds.
 *
 * Page `p` of array `name` holds bytes [p * pageBytes, (p + 1) * pageBytes) of it, under the key
 * `table#name#p0007`; the arrays follow each other in the order given. The layout a manifest
 * records is { ranks: total bytes, ranksPerPage: pageBytes, multiplier: 1 }, so that a resumed
 * load recognises the same pages, and a reader finds every key from the manifest alone.
 */
import type { PageLayout } from '../packing/page-layout';
import type { TableId } from './table-keys';
import { keyPrefix, pageKey } from './table-keys';
import { pageCapacity } from './page-items';

/** One array of a table: its name (part of its page keys) and its length in bytes. */
export interface ArrayShape {
  readonly name: string;
  readonly length: number;
}

export interface ArrayPageRef {
  readonly key: string;
  /** Which array, and where its bytes start in it. */
  readonly array: number;
  readonly start: number;
  readonly end: number;
}

/** An array name is a word of letters, digits and "-" (it is part of keys). */
const NAME_RULE = /^[A-Za-z0-9-]{1,64}$/;

/** Page numbers are written with room for the longest array's pages. */
function digitsFor(arrays: readonly ArrayShape[], pageBytes: number): number {
  const most = Math.max(1, ...arrays.map(({ length }) => Math.ceil(length / pageBytes)));
  return Math.max(4, String(most - 1).length);
}

/** The bytes a page holds: the most that fits an item under the longest key such a table can have. */
export function arrayPageBytes(table: TableId, arrays: readonly ArrayShape[]): number {
  const longestName = arrays.map(({ name }) => name).sort((a, b) => b.length - a.length)[0] ?? '';
  // Room for 12 digits: more than any page count, so the capacity does not depend on the lengths.
  return pageCapacity(pageKey(`${keyPrefix(table)}${longestName}`, 0, 12));
}

/** Every page of the arrays, in load order (the order a reader checks the checksum in). */
export function arrayPageRefs(table: TableId, arrays: readonly ArrayShape[], pageBytes: number): ArrayPageRef[] {
  for (const { name, length } of arrays) {
    if (!NAME_RULE.test(name)) throw new Error(`an array's name is 1 to 64 letters, digits or "-"; got "${name}"`);
    if (!Number.isSafeInteger(length) || length < 0) throw new Error(`array ${name} has a length of ${length}`);
  }
  if (new Set(arrays.map(({ name }) => name)).size !== arrays.length) throw new Error('the arrays of a table have distinct names');
  const digits = digitsFor(arrays, pageBytes);
  const refs: ArrayPageRef[] = [];
  arrays.forEach(({ name, length }, array) => {
    // An empty array still has its one (empty) page, so that every array is seen to be there.
    const pages = Math.max(1, Math.ceil(length / pageBytes));
    for (let page = 0; page < pages; page++) {
      refs.push({ key: pageKey(`${keyPrefix(table)}${name}`, page, digits), array, start: page * pageBytes, end: Math.min(length, (page + 1) * pageBytes) });
    }
  });
  return refs;
}

/** The layout a manifest records for arrays of these lengths. */
export function arrayLayout(arrays: readonly ArrayShape[], pageBytes: number): PageLayout {
  return { ranks: arrays.reduce((sum, { length }) => sum + length, 0), ranksPerPage: pageBytes, multiplier: 1 };
}

/** The pages of an array table, as the loader writes and verifies them. */
export interface ArrayPages {
  readonly kind: 'arrays';
  readonly arrays: readonly ArrayShape[];
  readonly layout: PageLayout;
  /** Entries (bytes) stored, and how many hold each value: what /stats shows as the table's levels. */
  readonly positions: number;
  readonly levels: readonly number[];
  readonly pages: readonly ArrayPageRef[];
  encode(index: number): Uint8Array;
}

/** Plans the pages of named byte arrays (kept as they are: the pages are views of them). */
export function planArrayPages(table: TableId, named: readonly { readonly name: string; readonly bytes: Uint8Array }[]): ArrayPages {
  const arrays = named.map(({ name, bytes }) => ({ name, length: bytes.length }));
  const pageBytes = arrayPageBytes(table, arrays);
  const pages = arrayPageRefs(table, arrays, pageBytes);
  const counts = new Array<number>(256).fill(0);
  for (const { bytes } of named) for (let i = 0; i < bytes.length; i++) counts[bytes[i]]++;
  let top = 255;
  while (top > 0 && counts[top] === 0) top--;
  return {
    kind: 'arrays',
    arrays,
    layout: arrayLayout(arrays, pageBytes),
    positions: arrays.reduce((sum, { length }) => sum + length, 0),
    levels: counts.slice(0, top + 1),
    pages,
    encode: (index) => {
      const { array, start, end } = pages[index];
      return named[array].bytes.subarray(start, end);
    },
  };
}
