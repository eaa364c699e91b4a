/** The judge benchmark's checks: where a program's output first leaves ours, and the knights' judge input. */
import { describe, expect, it } from 'vitest';
import { firstDifference, judgeCommand } from '../../core/judge-benchmark';
import { knightsJudgeBoards, knightsJudgeInput } from '../../puzzles/knights/bench/judge-input';
import { solveKnightsJudge } from '../../puzzles/knights/offline/judge-solver';
import { searchBudget } from '../support/search-budget';
import { KNIGHTS_JUDGE_SAMPLE } from '../../puzzles/knights/schema';

describe('the judge benchmark', () => {
  it('names the first line where an output leaves ours, and nothing when they are equal', () => {
    expect(firstDifference('7\n-1\n', '7\n-1\n')).toBeUndefined();
    expect(firstDifference('7\n3\n', '7\n-1\n')).toBe('line 2 is "3", ours "-1" (3 lines against 3)');
    expect(firstDifference('7\n', '7\n-1\n')).toBe('line 2 is "", ours "-1" (2 lines against 3)');
    expect(firstDifference('7\n-1\n5\n', '7\n-1\n')).toBe('line 3 is "5", ours "" (4 lines against 3)');
  });

  it('runs our judge command by search', () => {
    expect(judgeCommand('knights')).toMatchObject({ command: 'npm', args: ['run', '--silent', 'solve', '--', 'knights', '--engine', 'search'] });
  });

  it("puts the knights' judge input over every answer, 0 to 15 and -1, the SPEC's samples first", () => {
    const boards = knightsJudgeBoards();
    const input = knightsJudgeInput(1, boards);
    expect(boards).toHaveLength(352);
    expect(input.slice(input.indexOf('\n') + 1).startsWith(KNIGHTS_JUDGE_SAMPLE.input.slice(2))).toBe(true);
    const answers = new Set(solveKnightsJudge(input, 'search', searchBudget(1_400)).trim().split('\n'));
    expect([...answers].sort((a, b) => Number(a) - Number(b))).toEqual(['-1', ...Array.from({ length: 16 }, (_, d) => String(d))]);
    expect(knightsJudgeInput(2, boards).split('\n')).toHaveLength(1 + 2 * 5 * 352 + 1);
  });
});
