/** Seeded random 15-puzzle boards for the benchmarks and the tests. */
import fc from 'fast-check';
import { BLANK, BLANK_MOVES, CELLS, GOAL, MOVE_LETTERS, type FifteenBoard, isSolvable, playFifteenLine, reverseMove } from './rules/board';

/**
 * A uniform random solvable board: a shuffle of the 16 cells, and when its parity is wrong the
 * first two tiles swapped (a bijection between the two halves, so each solvable board is as likely).
 */
export const fifteenBoardArbitrary: fc.Arbitrary<number[]> = fc
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

/**
 * A random walk of the blank from the goal that never goes straight back (a walk that may would
 * undo a quarter of itself), of `minLength` to `maxLength` moves, every length as likely (fast-check
 * would otherwise keep arrays short whatever their maximum): boards at every distance up to about
 * two thirds of the walk, near enough for a plain search. 60 moves leave a board about 38 away.
 */
export function fifteenWalkArbitrary(maxLength: number, minLength = 0): fc.Arbitrary<FifteenBoard> {
  return fc.array(fc.nat(2), { minLength, maxLength, size: 'max' }).map((choices) => {
    let board: FifteenBoard = GOAL;
    let back = -1;
    for (const choice of choices) {
      const moves = BLANK_MOVES[board.indexOf(BLANK)].filter((move) => move !== back);
      const move = moves[choice % moves.length];
      board = playFifteenLine(board, MOVE_LETTERS[move]);
      back = reverseMove(move);
    }
    return board;
  });
}
