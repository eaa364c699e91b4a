/**
 * The SCOI 2005 judge format. Input: T, then T boards of 5 lines of 5 characters. Output: one line
 * per board, the number of moves to the standard goal, or -1 when that is more than 15 (or than
 * the limit asked for).
 */
import { parseKnightsRows } from './rules/board';
import { resolveKnightsGoal } from './rules/goals';
import { DEFAULT_LIMIT, type KnightsAnswer, type KnightsQuery } from './rules/query';
import { checkEachCase, splitCases } from '../../core/judge-input';
import type { JudgeFormat } from '../roles/judge-format';
import { KNIGHTS_JUDGE_SAMPLE } from './schema';

/** The judge's cases; `limit` (default 15, the judge's question) for people who want more. */
export function parseKnightsJudge(input: string, limit = DEFAULT_LIMIT): KnightsQuery[] {
  const goal = resolveKnightsGoal(undefined);
  return checkEachCase(splitCases(input, 5), (rows) => ({ board: parseKnightsRows(rows), goal, limit }));
}

export function formatKnightsJudge(answers: readonly KnightsAnswer[]): string {
  return answers.map((answer) => `${answer.steps}\n`).join('');
}

export const knightsJudge: JudgeFormat<KnightsQuery, KnightsAnswer> = {
  queries: (input) => parseKnightsJudge(input),
  output: formatKnightsJudge,
  sample: KNIGHTS_JUDGE_SAMPLE,
};
