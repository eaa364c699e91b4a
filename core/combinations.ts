/**
 * Dense ranking of 12-element subsets of 24 positions (for example, which 12 of the 24 cells besides an empty square hold
 * are not empty), in colexicographic order: rank = sum over the i-th smallest member c_i of
 * C(c_i, i). Two lookup tables over 12-bit halves make a rank four array reads, which is what lets
 * a BFS over tens of millions of positions finish in seconds.
 */

export const SUBSET_BITS = 24;
export const SUBSET_SIZE = 12;

const HALF_BITS = 12;
const HALF_MASK = (1 << HALF_BITS) - 1;

/** binomial[n][k] for 0 <= k <= n <= 25, exact in doubles. */
export const binomial: readonly (readonly number[])[] = (() => {
  const rows: number[][] = [];
  for (let n = 0; n <= 25; n++) {
    const row: number[] = [];
    for (let k = 0; k <= n; k++) row.push(k === 0 || k === n ? 1 : rows[n - 1][k - 1] + rows[n - 1][k]);
    rows.push(row);
  }
  return rows;
})();

/** Number of 12-subsets of 24: 2,704,156. */
export const SUBSET_COUNT = binomial[SUBSET_BITS][SUBSET_SIZE];

/**
 * The rank's lookup tables, as an object a hot loop can hold in a local (a space keeps
 * its own): an imported binding is reloaded at every use (see a puzzle's space.ts).
 */
export class SubsetRanker {
  // Read-only in use; public so that a loop can hold them in locals (as a space's own expandLevel does).
  readonly popcountLow = new Uint8Array(1 << HALF_BITS);
  readonly rankLow = new Int32Array(1 << HALF_BITS);
  /** rankHigh[j * 4096 + hi]: contribution of the high half when j members lie in the low half. */
  readonly rankHigh = new Int32Array((SUBSET_SIZE + 1) << HALF_BITS);

  constructor() {
    // Each half from the same half without its highest set bit, which comes last in colex order:
    // one term per entry rather than one per bit, since a function builds these while it starts
    // (a tenth of the work; the tables are the same, see the ranking tests).
    for (let half = 1; half <= HALF_MASK; half++) {
      const top = 31 - Math.clz32(half);
      const rest = half ^ (1 << top);
      const count = this.popcountLow[rest] + 1;
      this.popcountLow[half] = count;
      this.rankLow[half] = this.rankLow[rest] + (binomial[top][count] ?? 0);
      const position = top + HALF_BITS;
      for (let below = 0; below <= SUBSET_SIZE; below++) {
        const index = below + count;
        this.rankHigh[(below << HALF_BITS) | half] = this.rankHigh[(below << HALF_BITS) | rest] + (index <= position ? binomial[position][index] : 0);
      }
    }
  }

  /**
   * Colex rank of a 24-bit mask with exactly 12 bits set, in 0 .. SUBSET_COUNT-1. The caller
   * guarantees the popcount; other masks give meaningless ranks.
   */
  rank(mask: number): number {
    const low = mask & HALF_MASK;
    return this.rankLow[low] + this.rankHigh[(this.popcountLow[low] << HALF_BITS) | (mask >>> HALF_BITS)];
  }
}

/** Built on first use: a space keeps its own, so the function's start need not build this one too. */
let ranker: SubsetRanker | undefined;

/** Colex rank of a 24-bit mask with exactly 12 bits set (see SubsetRanker.rank). */
export function subsetRank(mask: number): number {
  ranker ??= new SubsetRanker();
  return ranker.rank(mask);
}

/** The inverse of subsetRank. */
export function subsetUnrank(rank: number): number {
  let mask = 0;
  let rest = rank;
  for (let i = SUBSET_SIZE; i >= 1; i--) {
    let c = i - 1;
    while (c + 1 < SUBSET_BITS && binomial[c + 1][i] <= rest) c++;
    rest -= binomial[c][i];
    mask |= 1 << c;
  }
  return mask;
}
