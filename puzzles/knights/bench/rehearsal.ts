/**
 * The knights questions of the rehearsal (npm run rehearse): the SPEC's sample, then boards within
 * the default limit of the standard goal (walks of up to 15 moves: every one in the default table),
 * each answer worked out by the search with no budget, not read from a table.
 */
import { computedOnce } from '../../../core/benchmark';
import { UNLIMITED } from '../../../core/ida-star';
import { samples } from '../../../core/seeded';
import type { RehearsalQuestion, RehearsalQuestions } from '../../roles/benchmarks';
import { formatKnightsBoard, parseKnightsBoard } from '../rules/board';
import { resolveKnightsGoal } from '../rules/goals';
import { DEFAULT_LIMIT } from '../rules/query';
import { searchKnights } from '../rules/search';
import { knightsWalkArbitrary } from '../seeded-inputs';

const SAMPLE = '10110/01*11/10111/01001/00000';

function question(board: string): RehearsalQuestion {
  return {
    puzzle: 'knights',
    target: `/knights?board=${encodeURIComponent(board)}`,
    expected: computedOnce(() => searchKnights({ board: parseKnightsBoard(board), goal: resolveKnightsGoal('standard'), limit: DEFAULT_LIMIT }, UNLIMITED)),
  };
}

export const knightsRehearsal: RehearsalQuestions = {
  first: () => question(SAMPLE),
  more(count, seed) {
    const standard = resolveKnightsGoal('standard');
    const boards = new Set(samples(knightsWalkArbitrary(standard.board, DEFAULT_LIMIT), count * 3, seed).map((board) => formatKnightsBoard(board)));
    return [...boards].slice(0, count).map(question);
  },
  answeredFrom: 'table',
  reload: { tables: 'standard', table: 'knights#standard' },
  largestLoad: '--tables standard --knights-depth 39',
};
