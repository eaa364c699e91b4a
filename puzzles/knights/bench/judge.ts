/**
 * `npm run bench -- --only judge`, the knights' rows: `npm run --silent solve -- knights --engine
 * search` against a typical accepted SCOI 2005 solution in C (judge-peer.c: IDA* over the limits
 * 0..15 on the count of misplaced knights), whole processes, on the same judge input
 * (judge-input.ts, 20 copies of 352 boards), interleaved, the fastest of five each (wall clock,
 * and CPU time); then the start alone (a one-case input: the goal). Every output must equal ours.
 * The method is core/judge-benchmark.ts's.
 */
import type { Row } from '../../../core/benchmark';
import { JUDGE_COPIES, judgeRows } from '../../../core/judge-benchmark';
import { UNLIMITED } from '../../../core/ida-star';
import { solveKnightsJudge } from '../offline/judge-solver';
import { knightsJudgeBoards, knightsJudgeInput } from './judge-input';

const PEER = { label: 'typical accepted C: IDA* on misplaced knights, limits 0..15', source: new URL('./judge-peer.c', import.meta.url) };

export function judge(): Row[] {
  const boards = knightsJudgeBoards();
  const input = knightsJudgeInput(JUDGE_COPIES, boards);
  return judgeRows({ puzzle: 'knights', peers: [PEER], label: `${boards.length} boards`, cases: boards.length, input, startInput: '1\n11111\n01111\n00*11\n00001\n00000\n', solve: (text) => solveKnightsJudge(text, 'search', UNLIMITED) });
}
