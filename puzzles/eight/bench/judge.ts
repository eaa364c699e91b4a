/**
 * `npm run bench -- --only judge`, eight's rows: `npm run --silent solve -- eight --engine search`
 * against a typical accepted HDU 3567 solution in C (judge-peer.c) and a tuned one
 * (judge-peer-incremental.c), whole processes, on the same judge input (judge-input.ts, 20 copies
 * of 431 pairs), interleaved, the fastest of five each (wall clock, and CPU time); then the start
 * alone (a one-case input). Every output must equal ours. The method is core/judge-benchmark.ts's.
 */
import type { Row } from '../../../core/benchmark';
import { JUDGE_COPIES, judgeRows } from '../../../core/judge-benchmark';
import { UNLIMITED } from '../../../core/ida-star';
import { solveEightJudge } from '../offline/judge-solver';
import { eightJudgeInput, eightJudgePairs } from './judge-input';

const PEERS = [
  { label: 'typical accepted C: IDA*, Manhattan summed at each node, bound + 1', source: new URL('./judge-peer.c', import.meta.url) },
  { label: 'tuned C: IDA*, Manhattan carried down, next bound = least f over it', source: new URL('./judge-peer-incremental.c', import.meta.url) },
];

export function judge(): Row[] {
  const pairs = eightJudgePairs();
  const input = eightJudgeInput(JUDGE_COPIES, pairs);
  // The start: a one-case input, what a process takes to start, read and answer nothing much.
  return judgeRows({ puzzle: 'eight', peers: PEERS, label: `${pairs.length} pairs`, cases: pairs.length, input, startInput: '1\n12345678X\n12345678X\n', solve: (text) => solveEightJudge(text, 'search', UNLIMITED) });
}
