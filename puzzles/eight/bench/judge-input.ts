/**
 * The judge input of the eight's process benchmark (judge): the two 31-move pairs and the first
 * 429 seeded random reachable pairs, 431 pairs in all, each case repeated `copies` times, in the
 * HDU 3567 format that `npm run solve -- eight` and a judge's C++ solution both read.
 */
import fc from 'fast-check';
import { samples } from '../../../core/seeded';
import { type EightBoard, formatEightBoard, isReachable } from '../rules/board';
import { CANONICAL_GOALS } from '../rules/canonical';
import { decodeEight } from '../rules/space';
import { buildEightBfsTable } from '../rules/bfs-table';
import { eightBoardArbitrary } from '../seeded-inputs';

/** Random pairs after the two hardest: 431 pairs, as the judge command's end-to-end figures have always used. */
export const RANDOM_PAIRS = 429;

export function eightJudgePairs(): { from: EightBoard; to: EightBoard }[] {
  // The farthest boards from 12345678X, the last two of its BFS order: 8672543X1 and 64785X321.
  const hardest = Array.from(buildEightBfsTable(8).order.slice(-2)).map((code) => ({ from: decodeEight(code), to: CANONICAL_GOALS[8] }));
  const random = samples(fc.tuple(eightBoardArbitrary, eightBoardArbitrary), 3 * RANDOM_PAIRS)
    .filter(([from, to]) => isReachable(from, to))
    .slice(0, RANDOM_PAIRS)
    .map(([from, to]) => ({ from, to }));
  return [...hardest, ...random];
}

/** The judge input: the pairs, every one of them `copies` times over (the whole list, then again). */
export function eightJudgeInput(copies: number, pairs = eightJudgePairs()): string {
  const cases = Array.from({ length: copies }, () => pairs).flat();
  return `${cases.length}\n${cases.map((pair) => `${formatEightBoard(pair.from)}\n${formatEightBoard(pair.to)}\n`).join('')}`;
}
