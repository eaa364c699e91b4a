/**
 * Where the table build keeps each position's entry, by the position's scrambled rank (see
 * table-pages.ts): at the rank itself, or at the rank's place among the table's sorted ranks.
 */

/**
 * Where each scrambled rank's entry lives. A table holding most of its space (a whole
 * space) gives every rank an entry, at the rank itself: the fastest way, and the
 * only one that fits the whole space's memory budget. A shallow table (a depth-15 table
 * holds 2.5% of its space) keeps entries for its positions only, in scrambled-rank order, and finds
 * one by binary search: 13 MB instead of 541 MB.
 */
export interface EntryIndex {
  /** Entries to allocate. */
  readonly size: number;
  /** The entry of a scrambled rank that holds a position. */
  of(value: number): number;
  /** The scrambled rank of an entry. */
  valueAt(entry: number): number;
  /** The first entry whose scrambled rank is `value` or more. */
  firstFrom(value: number): number;
}

export class DenseIndex implements EntryIndex {
  constructor(readonly size: number) {}
  of(value: number): number {
    return value;
  }
  valueAt(entry: number): number {
    return entry;
  }
  firstFrom(value: number): number {
    return value;
  }
}

export class SparseIndex implements EntryIndex {
  readonly size: number;
  /** The scrambled ranks held, in increasing order. */
  constructor(readonly values: Uint32Array) {
    this.size = values.length;
  }
  of(value: number): number {
    return this.firstFrom(value);
  }
  valueAt(entry: number): number {
    return this.values[entry];
  }
  firstFrom(value: number): number {
    let low = 0;
    let high = this.values.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.values[middle] < value) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
