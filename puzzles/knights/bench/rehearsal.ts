/**
 * The knights questions of the rehearsal (npm run rehearse): the SPEC's sample, then boards within
 * the default limit of the standard goal (walks of up to 15 moves: every one in the default table),
 * each answer worked out by the search with no budget, not read from a table.
 */
import { computedOnce } from '../../../core/benchmark';
import { UNLIMITED } from '../../../core/ida-star';
import { samples } from '../../../core/seeded';
import type { LoadedTableQuestion, RehearsalQuestion, RehearsalQuestions } from '../../roles/benchmarks';
import type { AnyTableSpec } from '../../../store/table-pages';
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
  featuredLoad: '--knights-depth 39 --goal mine=10110/01*11/10111/01001/00000',
  loadedTable: (spec, count, seed) => (spec.table.startsWith('knights#') ? loadedTableQuestions(spec, count, seed) : undefined),
};

/**
 * Boards from random walks of the empty square: half from walks of up to four times the table's
 * depth (boards at every distance up to about the depth), half from walks of a thousand moves (12
 * to 30 moves away: the far end of a whole space, past a shallower table's depth).
 */
function loadedTableQuestions(spec: AnyTableSpec, count: number, seed: number): LoadedTableQuestion[] {
  const name = spec.table.split('#')[1];
  const goal = { name, board: parseKnightsBoard(spec.goal) };
  const walks = (length: number, many: number) => [...new Set(samples(knightsWalkArbitrary(goal.board, length), many * 2, seed))].slice(0, many);
  const boards = [...new Set([...walks(spec.depth * 4, Math.ceil(count / 2)), ...walks(1000, Math.floor(count / 2))])];
  return boards.map((board) => ({
    table: spec.table,
    target: `/knights?board=${encodeURIComponent(formatKnightsBoard(board))}&goal=${name}&limit=${spec.depth}`,
    expected: computedOnce(() => searchKnights({ board, goal, limit: spec.depth }, UNLIMITED)),
    from: { source: 'table' },
  }));
}
