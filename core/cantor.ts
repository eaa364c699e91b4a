/**
 * Cantor ranking: the index of a permutation of 0..n-1 among all n! orderings, in lexicographic
 * order (its Lehmer code read as a factorial-base number). It gives every sliding-puzzle state a
 * dense integer key in 0 .. 9!-1.
 */

const FACTORIALS = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800, 39916800, 479001600];

export function factorial(n: number): number {
  return FACTORIALS[n];
}

/** Rank of `perm` (a permutation of 0..n-1) among the n! permutations in lexicographic order. */
export function cantorRank(perm: ArrayLike<number>): number {
  const n = perm.length;
  let rank = 0;
  let seen = 0; // bit v set once value v has been placed
  for (let i = 0; i < n; i++) {
    const value = perm[i];
    // smaller values not yet placed = value - (smaller values already placed)
    const smallerUnused = value - popcount(seen & ((1 << value) - 1));
    rank += smallerUnused * FACTORIALS[n - 1 - i];
    seen |= 1 << value;
  }
  return rank;
}

/** Writes the permutation of 0..n-1 with the given rank into `out` (length n) and returns it. */
export function cantorUnrank<T extends { length: number; [i: number]: number }>(rank: number, out: T): T {
  const n = out.length;
  let unused = (1 << n) - 1;
  let rest = rank;
  for (let i = 0; i < n; i++) {
    const f = FACTORIALS[n - 1 - i];
    const skip = Math.floor(rest / f);
    rest -= skip * f;
    const value = kthSetBit(unused, skip);
    out[i] = value;
    unused &= ~(1 << value);
  }
  return out;
}

/**
 * SELECT[mask * 16 + k]: position of the k-th (from 0) set bit of a 9-bit mask: every permutation
 * ranked here is of at most 9 values (a 3x3 board); a wider mask takes the loop below. (A 12-bit
 * table took 8 times as long to build, while the function starts, for masks never met.)
 */
const SELECT_BITS = 9;
const SELECT = (() => {
  const table = new Int8Array((1 << SELECT_BITS) * 16).fill(-1);
  for (let mask = 0; mask < 1 << SELECT_BITS; mask++) {
    let k = 0;
    for (let bit = 0; bit < SELECT_BITS; bit++) if (mask & (1 << bit)) table[mask * 16 + k++] = bit;
  }
  return table;
})();

function kthSetBit(mask: number, k: number): number {
  if (mask < 1 << SELECT_BITS) return SELECT[mask * 16 + k];
  for (let bit = 0; ; bit++) if (mask & (1 << bit) && k-- === 0) return bit;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
