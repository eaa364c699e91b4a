/**
 * The Eight II questions of the rehearsal (npm run rehearse): the SPEC's sample, then seeded pairs
 * that can be joined (every one in the table: it holds the whole space), each answer worked out by
 * the search with no budget, not read from a table.
 */
import { computedOnce } from '../../../core/benchmark';
import { UNLIMITED } from '../../../core/ida-star';
import { samples } from '../../../core/seeded';
import type { RehearsalQuestion, RehearsalQuestions } from '../../roles/benchmarks';
import { formatEightBoard, isReachable, parseEightBoard } from '../rules/board';
import { searchEight } from '../rules/search';
import { eightBoardArbitrary } from '../seeded-inputs';

function question(from: string, to: string): RehearsalQuestion {
  return {
    puzzle: 'eight',
    target: `/eight?from=${from}&to=${to}`,
    expected: computedOnce(() => searchEight({ from: parseEightBoard(from), to: parseEightBoard(to) }, UNLIMITED)),
  };
}

export const eightRehearsal: RehearsalQuestions = {
  first: () => question('12X453786', '12345678X'),
  more(count, seed) {
    const boards = samples(eightBoardArbitrary, count * 6, seed);
    const pairs: RehearsalQuestion[] = [];
    for (let i = 0; i + 1 < boards.length && pairs.length < count; i += 2) {
      if (isReachable(boards[i], boards[i + 1])) pairs.push(question(formatEightBoard(boards[i]), formatEightBoard(boards[i + 1])));
    }
    return pairs;
  },
  answeredFrom: 'table',
  // its one table, the whole space: the rehearsal's pairs, looked up in it
  loadedTable(spec, count, seed) {
    if (spec.table !== 'eight') return undefined;
    return [this.first(), ...this.more(count - 1, seed)].map(({ target, expected }) => ({ table: spec.table, target, expected, from: { source: 'table' } }));
  },
};
