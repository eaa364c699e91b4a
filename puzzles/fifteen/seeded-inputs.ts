/** Seeded random 15-puzzle boards for the benchmarks and the tests. */
import fc from 'fast-check';
import { CELLS, isSolvable } from './rules/board';

/**
 * A uniform random solvable board: a shuffle of the 16 cells, and when its parity is wrong the
 * first two tiles swapped (a bijection between the two halves, so each solvable board is as likely).
 */
export const solvableBoardArbitrary: fc.Arbitrary<number[]> = fc
  .shuffledSubarray(
    Array.from({ length: CELLS }, (_, i) => i),
    { minLength: CELLS, maxLength: CELLS },
  )
  .map((board) => {
    if (isSolvable(board)) return board;
    const [a, b] = [0, 1, 2].filter((cell) => board[cell] !== 0);
    const swapped = [...board];
    [swapped[a], swapped[b]] = [swapped[b], swapped[a]];
    return swapped;
  });
