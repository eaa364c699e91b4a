/** Seeded random inputs for the benchmarks and the tests, so that every run checks the same positions. */
import fc from 'fast-check';
import { type KnightsBoard, KNIGHT_JUMPS, emptyCell } from '../puzzles/knights/rules/board';
import type { EightBoard } from '../puzzles/eight/rules/board';

export const SEED = 20261129;

/** Uniformly random boards: mostly far beyond 15 moves. */
export const knightsBoardArbitrary: fc.Arbitrary<KnightsBoard> = fc
  .shuffledSubarray([...'000000000000111111111111*'], { minLength: 25, maxLength: 25 })
  .map((cells) => cells.join('') as KnightsBoard);

/** A random walk of the empty square from `start`: reaches positions at every distance up to its length. */
export function knightsWalkArbitrary(start: KnightsBoard, maxLength: number): fc.Arbitrary<KnightsBoard> {
  const walk = fc
    .integer({ min: 0, max: maxLength })
    .chain((length) => fc.array(fc.nat(7), { minLength: length, maxLength: length }));
  return fc.noBias(walk).map((choices) => {
    const cells = [...start];
    let empty = emptyCell(start);
    for (const choice of choices) {
      const targets = KNIGHT_JUMPS[empty];
      const target = targets[choice % targets.length];
      cells[empty] = cells[target];
      cells[target] = '*';
      empty = target;
    }
    return cells.join('') as KnightsBoard;
  });
}

export const eightBoardArbitrary: fc.Arbitrary<EightBoard> = fc.shuffledSubarray([0, 1, 2, 3, 4, 5, 6, 7, 8], {
  minLength: 9,
  maxLength: 9,
});

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
