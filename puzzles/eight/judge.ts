/**
 * The HDU 3567 judge format. Input: T, then T cases of two lines, A then B. Output per case:
 * `Case i: n`, then the lex-min shortest move string (an empty line when n = 0).
 */
import { parseEightBoard } from './rules/board';
import { type EightAnswer, type EightQuery, assertReachable } from './rules/query';
import { checkEachCase, splitCases } from '../../core/judge-input';
import type { JudgeFormat } from '../roles/judge-format';
import { EIGHT_JUDGE_SAMPLE } from './schema';

export function parseEightJudge(input: string): EightQuery[] {
  return checkEachCase(splitCases(input, 2), ([from, to]) => {
    const query = { from: parseEightBoard(from, 'Board A'), to: parseEightBoard(to, 'Board B') };
    assertReachable(query);
    return query;
  });
}

export function formatEightJudge(answers: readonly EightAnswer[]): string {
  return answers.map((answer, i) => `Case ${i + 1}: ${answer.steps}\n${answer.path}\n`).join('');
}

export const eightJudge: JudgeFormat<EightQuery, EightAnswer> = {
  queries: (input) => parseEightJudge(input),
  output: formatEightJudge,
  sample: EIGHT_JUDGE_SAMPLE,
};
