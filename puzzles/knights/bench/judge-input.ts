/**
 * The judge input of the knights' process benchmark (judge): the SPEC's two sample boards, then
 * seeded boards (core/seeded.ts's seed) that put the answers over 0..15 and -1: random walks of
 * the blank from the goal of up to 15, 30 and 60 moves (100 each; a walk undoes itself often,
 * so the shorter ones end near the goal and the longest often past 15 moves), and 50 uniformly
 * random boards (almost all -1). 352 boards, each case repeated `copies` times, in the SCOI 2005
 * format that `npm run solve -- knights` and a judge's C solution both read.
 */
import { samples } from '../../../core/seeded';
import { type KnightsBoard, formatKnightsBoard } from '../rules/board';
import { resolveKnightsGoal } from '../rules/goals';
import { KNIGHTS_JUDGE_SAMPLE } from '../schema';
import { parseKnightsJudge } from '../judge';
import { knightsBoardArbitrary, knightsWalkArbitrary } from '../seeded-inputs';

const WALKS = [15, 30, 60];
const WALKS_EACH = 100;
const UNIFORM = 50;

export function knightsJudgeBoards(): KnightsBoard[] {
  const goal = resolveKnightsGoal('standard').board;
  const sample = parseKnightsJudge(KNIGHTS_JUDGE_SAMPLE.input).map((query) => query.board);
  const walks = WALKS.flatMap((length) => samples(knightsWalkArbitrary(goal, length), WALKS_EACH));
  return [...sample, ...walks, ...samples(knightsBoardArbitrary, UNIFORM)];
}

/** The judge input: the boards, every one of them `copies` times over (the whole list, then again). */
export function knightsJudgeInput(copies: number, boards = knightsJudgeBoards()): string {
  const cases = Array.from({ length: copies }, () => boards).flat();
  return `${cases.length}\n${cases.map((board) => `${formatKnightsBoard(board, '\n')}\n`).join('')}`;
}
