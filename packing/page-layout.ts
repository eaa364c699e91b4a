/**
 * Which page holds a position, computed from its rank alone.
 *
 * Ranks are first scrambled by a bijection of 0..N-1 (multiplication by a constant coprime with
 * N, modulo N), and the scrambled values are cut into pages of a fixed number of consecutive
 * values. Why scramble: the positions within a few moves of a goal crowd into small parts of the
 * rank space (a run of 1,024 ranks can hold 881 positions within 15 moves while the
 * average is 25), so fixed rank ranges would give a few overfull pages and thousands of nearly
 * empty ones. The multiplier near N times the golden ratio spreads every run of consecutive ranks
 * evenly over all pages, so every page holds about the same number of positions and a fixed page
 * capacity can be nearly filled. No index is needed: page = floor(scramble(rank) / ranksPerPage).
 *
 * Every product stays below N^2 < 2^53 (N is at most 67,603,900), so doubles are exact.
 */

export interface PageLayout {
  /** Ranks of the space: 0 .. ranks-1. */
  readonly ranks: number;
  /** Consecutive scrambled values per page. */
  readonly ranksPerPage: number;
  /** The scramble's multiplier, coprime with `ranks`. */
  readonly multiplier: number;
}

export interface PageSlot {
  readonly page: number;
  readonly slot: number;
}

export function pageCount(layout: PageLayout): number {
  return Math.ceil(layout.ranks / layout.ranksPerPage);
}

/** Slots of a page: ranksPerPage, fewer on the last page. */
export function slotsIn(layout: PageLayout, page: number): number {
  return Math.min(layout.ranksPerPage, layout.ranks - page * layout.ranksPerPage);
}

export function scramble(layout: PageLayout, rank: number): number {
  return (layout.multiplier * rank) % layout.ranks;
}

export function pageSlotOf(layout: PageLayout, rank: number): PageSlot {
  const value = scramble(layout, rank);
  return { page: Math.floor(value / layout.ranksPerPage), slot: value % layout.ranksPerPage };
}

/** The inverse of scrambling: the rank whose scrambled value is `value`. */
export function unscramble(layout: PageLayout, value: number): number {
  return (inverseOf(layout) * value) % layout.ranks;
}

export function rankAt(layout: PageLayout, page: number, slot: number): number {
  return unscramble(layout, page * layout.ranksPerPage + slot);
}

/** The default multiplier for a space: the integer nearest N(sqrt 5 - 1)/2 that is coprime with N. */
export function goldenMultiplier(ranks: number): number {
  let multiplier = Math.round((ranks * (Math.sqrt(5) - 1)) / 2);
  while (gcd(multiplier, ranks) !== 1) multiplier++;
  return multiplier;
}

const inverses = new WeakMap<PageLayout, number>();

function inverseOf(layout: PageLayout): number {
  let inverse = inverses.get(layout);
  if (inverse === undefined) {
    inverse = modularInverse(layout.multiplier, layout.ranks);
    inverses.set(layout, inverse);
  }
  return inverse;
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** x with a*x = 1 (mod m), by the extended Euclidean algorithm. */
export function modularInverse(a: number, m: number): number {
  let [oldR, r] = [a % m, m];
  let [oldS, s] = [1, 0];
  while (r !== 0) {
    const q = Math.floor(oldR / r);
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  if (oldR !== 1) throw new RangeError(`${a} has no inverse modulo ${m}`);
  return ((oldS % m) + m) % m;
}
