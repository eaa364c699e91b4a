/** Seeded random 15-puzzle boards for the benchmarks and the tests. */
import fc from 'fast-check';
import { BLANK, BLANK_MOVES, CELLS, GOAL, type FifteenBoard, isSolvable, playFifteenLine } from './rules/board';

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

/** A random walk of the blank from the goal: boards at every distance up to the walk's length, near enough for a plain search. */
export function walkFromGoalArbitrary(maxLength: number): fc.Arbitrary<FifteenBoard> {
  return fc.array(fc.nat(3), { maxLength }).map((choices) => {
    let board: FifteenBoard = GOAL;
    for (const choice of choices) {
      const moves = BLANK_MOVES[board.indexOf(BLANK)];
      board = playFifteenLine(board, 'dlru'[moves[choice % moves.length]]);
    }
    return board;
  });
}
