/**
 * The SCOI 2005 judge format. Input: T, then T boards of 5 lines of 5 characters. Output: one line
 * per board, the number of moves to the standard goal, or -1 when that is more than 15 (or than
 * the limit asked for).
 */
import type { Engine } from '../engine';
import { parseKnightsRows } from '../knights/board';
import { solveKnightsBatch } from '../knights/batch';
import { resolveKnightsGoal } from '../knights/goals';
import { DEFAULT_LIMIT, type KnightsAnswer, type KnightsQuery } from '../knights/query';
import { checkEachCase, splitCases } from './input';

/** The judge's cases; `limit` (default 15, the judge's question) for people who want more. */
export function parseKnightsJudge(input: string, limit = DEFAULT_LIMIT): KnightsQuery[] {
  const goal = resolveKnightsGoal(undefined);
  return checkEachCase(splitCases(input, 5), (rows) => ({ board: parseKnightsRows(rows), goal, limit }));
}

export function formatKnightsJudge(answers: readonly KnightsAnswer[]): string {
  return answers.map((answer) => `${answer.steps}\n`).join('');
}

export function solveKnightsJudge(input: string, engine: Engine, limit = DEFAULT_LIMIT): string {
  return formatKnightsJudge(solveKnightsBatch(parseKnightsJudge(input, limit), engine));
}
