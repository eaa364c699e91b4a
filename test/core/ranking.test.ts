import { describe, expect, it } from 'vitest';
import { SUBSET_COUNT, SubsetRanker, binomial, subsetRank, subsetUnrank } from '../../core/combinations';
import { cantorRank, cantorUnrank, factorial } from '../../core/cantor';

describe('subset ranking (12 black knights among 24 cells)', () => {
  it('numbers every 12-of-24 mask exactly once, densely, in colex order', () => {
    expect(SUBSET_COUNT).toBe(2_704_156);
    const hit = new Uint8Array(SUBSET_COUNT);
    // Gosper's hack walks the masks in increasing numeric order, which is colex order.
    let mask = (1 << 12) - 1;
    let expected = 0;
    while (mask < 1 << 24) {
      const rank = subsetRank(mask);
      if (rank !== expected) throw new Error(`mask ${mask.toString(2)} ranks ${rank}, expected ${expected}`);
      hit[rank]++;
      expected++;
      const low = mask & -mask;
      const ripple = mask + low;
      mask = ripple | (((mask ^ ripple) >>> 2) / low);
    }
    expect(expected).toBe(SUBSET_COUNT);
    expect(hit.every((count) => count === 1)).toBe(true);
  });

  it('builds its half tables as their definition says: each set bit of a half adds one binomial term', () => {
    const { popcountLow, rankLow, rankHigh } = new SubsetRanker();
    for (let half = 0; half < 1 << 12; half++) {
      const bits = Array.from({ length: 12 }, (_, bit) => bit).filter((bit) => half & (1 << bit));
      const term = (n: number, k: number) => (k <= n ? binomial[n][k] : 0);
      if (popcountLow[half] !== bits.length) throw new Error(`popcount of ${half}`);
      if (rankLow[half] !== bits.reduce((sum, bit, i) => sum + term(bit, i + 1), 0)) throw new Error(`low rank of ${half}`);
      for (let below = 0; below <= 12; below++) {
        const high = bits.reduce((sum, bit, i) => sum + term(bit + 12, below + i + 1), 0);
        if (rankHigh[(below << 12) | half] !== high) throw new Error(`high rank of ${half} with ${below} below`);
      }
    }
  });

  it('unranks back to the same mask', () => {
    for (const rank of [0, 1, 2, 1000, 123_456, SUBSET_COUNT - 2, SUBSET_COUNT - 1]) {
      expect(subsetRank(subsetUnrank(rank))).toBe(rank);
    }
    expect(subsetUnrank(0)).toBe(0xfff);
    expect(subsetUnrank(SUBSET_COUNT - 1)).toBe(0xfff000);
  });
});

describe('Cantor ranking', () => {
  it('ranks permutations in lexicographic order', () => {
    const perms: number[][] = [];
    const build = (prefix: number[], rest: number[]) => {
      if (rest.length === 0) perms.push(prefix);
      rest.forEach((value, i) => build([...prefix, value], [...rest.slice(0, i), ...rest.slice(i + 1)]));
    };
    build([], [0, 1, 2, 3, 4]);
    expect(perms.map(cantorRank)).toEqual(perms.map((_, index) => index));
  });

  it('is a bijection on all 9! boards', () => {
    const out = new Uint8Array(9);
    for (let rank = 0; rank < factorial(9); rank++) {
      if (cantorRank(cantorUnrank(rank, out)) !== rank) throw new Error(`round trip fails at ${rank}`);
    }
    expect(cantorRank([0, 1, 2, 3, 4, 5, 6, 7, 8])).toBe(0);
    expect(cantorRank([8, 7, 6, 5, 4, 3, 2, 1, 0])).toBe(factorial(9) - 1);
  });
});
