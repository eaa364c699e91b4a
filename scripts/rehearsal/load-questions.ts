/**
 * Whether a load's tables are exact, asked of the API's bundle: questions of each table of the
 * load, each with its answer worked out by the puzzle's own search with no budget (not read from a
 * table), and what the answer must say of where it came from.
 *
 *   knights#NAME  boards near and far from the table's goal (random walks of the empty square),
 *                 asked under the goal's name up to the table's depth: from the table
 *   eight         the rehearsal's Eight II pairs: from the table
 *   fifteen       boards 40 to 55 moves from the goal, searched over the 6-6-3 databases read
 *                 from the table (the API's package carries its own: a copy without them is asked),
 *                 against the same search over databases built here
 */
import { UNLIMITED } from '../../core/ida-star';
import { computedOnce } from '../../core/benchmark';
import { samples } from '../../core/seeded';
import { eightRehearsal } from '../../puzzles/eight/bench/rehearsal';
import { solveDatabases } from '../../puzzles/fifteen/offline/databases';
import { formatFifteenBoard } from '../../puzzles/fifteen/rules/board';
import { FIFTEEN_DIAMETER } from '../../puzzles/fifteen/rules/query';
import { searchFifteen } from '../../puzzles/fifteen/rules/search';
import { fifteenWalkArbitrary } from '../../puzzles/fifteen/seeded-inputs';
import { formatKnightsBoard, parseKnightsBoard } from '../../puzzles/knights/rules/board';
import { searchKnights } from '../../puzzles/knights/rules/search';
import { knightsWalkArbitrary } from '../../puzzles/knights/seeded-inputs';
import type { AnyTableSpec } from '../../store/table-pages';
import type { BundledFunction } from '../function-bundle';
import { event } from './containers';

/** The estimate the 15-puzzle's search names once it has read the table's 6-6-3 databases. */
export const FIFTEEN_FROM_TABLE = 'pattern databases 6-6-3';

export interface LoadQuestion {
  readonly table: string;
  /** The Function URL's path and query string. */
  readonly target: string;
  expected(): { readonly steps: number; readonly path: unknown };
  /** Where the answer must come from: the table itself, or a search over the estimates read from it. */
  readonly from: { readonly source: 'table' } | { readonly heuristic: string };
}

export interface CheckedAnswer {
  readonly question: LoadQuestion;
  readonly status: number;
  readonly steps?: number;
  readonly source?: string;
  readonly heuristic?: string;
  /** Its steps and line are the search's. */
  readonly exact: boolean;
  /** It came from where it must. */
  readonly fromTable: boolean;
}

/**
 * Boards from random walks of the empty square: half from walks of up to four times the table's
 * depth (boards at every distance up to about the depth), half from walks of a thousand moves (12
 * to 30 moves away: the far end of a whole space, past a shallower table's depth).
 */
function knightsQuestions(spec: AnyTableSpec, count: number, seed: number): LoadQuestion[] {
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

function eightQuestions(count: number, seed: number): LoadQuestion[] {
  return [eightRehearsal.first(), ...eightRehearsal.more(count - 1, seed)].map(({ target, expected }) => ({ table: 'eight', target, expected, from: { source: 'table' } }));
}

function fifteenQuestions(count: number, seed: number): LoadQuestion[] {
  // Walks of 60 to 80 moves: boards about 40 to 55 moves away, each searched within the API's seconds over 6-6-3.
  return samples(fifteenWalkArbitrary(80, 60), count, seed).map((board) => ({
    table: 'fifteen',
    target: `/fifteen?board=${formatFifteenBoard(board)}`,
    expected: computedOnce(() => searchFifteen({ board, limit: FIFTEEN_DIAMETER, solvable: true }, UNLIMITED, solveDatabases(() => {}))),
    from: { heuristic: FIFTEEN_FROM_TABLE },
  }));
}

/** `count` questions of each table of the load (a few fewer for the 15-puzzle, whose searches take seconds). */
export function loadQuestions(specs: readonly AnyTableSpec[], count: number, seed = 17): LoadQuestion[] {
  return specs.flatMap((spec) => {
    if (spec.table.startsWith('knights#')) return knightsQuestions(spec, count, seed);
    if (spec.table === 'eight') return eightQuestions(count, seed);
    if (spec.table === 'fifteen') return fifteenQuestions(Math.max(1, Math.ceil(count / 5)), seed);
    throw new Error(`No questions are known for the table ${spec.table}: the loader's rehearsal cannot tell whether it is exact.`);
  });
}

/** Asks each question of the API's bundle, in turn, and checks its answer. */
export async function askLoadQuestions(api: BundledFunction, questions: readonly LoadQuestion[]): Promise<CheckedAnswer[]> {
  const answers: CheckedAnswer[] = [];
  for (const question of questions) {
    const { result } = await api.invoke(event(question.target));
    const body = JSON.parse(String(result.body)) as { steps?: number; path?: unknown; source?: string; heuristic?: string };
    const expected = question.expected();
    answers.push({
      question,
      status: result.statusCode ?? 0,
      steps: body.steps,
      source: body.source,
      heuristic: body.heuristic,
      exact: body.steps === expected.steps && JSON.stringify(body.path) === JSON.stringify(expected.path),
      fromTable: 'source' in question.from ? body.source === question.from.source : body.heuristic === question.from.heuristic,
    });
  }
  return answers;
}
