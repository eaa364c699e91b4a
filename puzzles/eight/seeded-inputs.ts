/** Random eight boards for the tests and the benchmarks (drawn with core/seeded.ts's seed). */
import fc from 'fast-check';
import type { EightBoard } from './rules/board';

export const eightBoardArbitrary: fc.Arbitrary<EightBoard> = fc.shuffledSubarray([0, 1, 2, 3, 4, 5, 6, 7, 8], {
  minLength: 9,
  maxLength: 9,
});
