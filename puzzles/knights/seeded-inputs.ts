/** Random knights boards for the tests and the benchmarks (drawn with core/seeded.ts's seed). */
import fc from 'fast-check';
import { type KnightsBoard, KNIGHT_JUMPS, emptyCell } from './rules/board';

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
