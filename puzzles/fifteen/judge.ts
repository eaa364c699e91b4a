/**
 * The LightOJ "15-Puzzle" judge format. Input: T, then T cases of 4 lines of 4 numbers (a blank
 * line before each). Output per case: `Case i: ` and the lex-min shortest line in capitals
 * (D L R U), or `This puzzle is not solvable.` for a board that cannot reach the goal or needs
 * more than 35 moves (or than the limit asked for).
 */
import { checkEachCase, splitCases } from '../../core/judge-input';
import type { JudgeFormat } from '../roles/judge-format';
import { CELLS, isSolvable, parseFifteenBoard } from './rules/board';
import { type FifteenAnswer, type FifteenQuery, JUDGE_LIMIT } from './rules/query';
import { FIFTEEN_JUDGE_SAMPLE } from './schema';

/** The judge's cases; `limit` (default 35, the judge's) for people who want more. */
export function parseFifteenJudge(input: string, limit = JUDGE_LIMIT): FifteenQuery[] {
  return checkEachCase(splitCases(input, CELLS), (numbers) => {
    const board = parseFifteenBoard(numbers.join(' '));
    return { board, limit, solvable: isSolvable(board) };
  });
}

export function formatFifteenJudge(answers: readonly FifteenAnswer[]): string {
  return answers.map((answer, i) => `Case ${i + 1}: ${answer.steps < 0 ? 'This puzzle is not solvable.' : answer.path.toUpperCase()}\n`).join('');
}

export const fifteenJudge: JudgeFormat<FifteenQuery, FifteenAnswer> = {
  queries: (input) => parseFifteenJudge(input),
  output: formatFifteenJudge,
  sample: FIFTEEN_JUDGE_SAMPLE,
};
