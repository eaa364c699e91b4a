/** Seeded random inputs for the benchmarks and the tests, so that every run checks the same positions. */
import fc from 'fast-check';

export const SEED = 20261129;

/** `count` seeded samples of an arbitrary, drawn without fast-check's bias towards small values. */
export function samples<T>(arbitrary: fc.Arbitrary<T>, count: number, seed = SEED): T[] {
  return fc.sample(fc.noBias(arbitrary), { numRuns: count, seed });
}

/** A seeded source of numbers in [0, 1) (mulberry32), for fault injection and timing choices. */
export function seededRandom(seed = SEED): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
