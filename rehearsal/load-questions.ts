/**
 * Whether a load's tables are exact, asked of the API's bundle: questions of each table of the
 * load, from its puzzle's rehearsal role (`loadedTable`), each with its answer worked out by the
 * puzzle's own search with no budget (not read from a table), and what the answer must say of
 * where it came from: the table itself, or a search over estimates read from it.
 */
import type { Registry } from '../puzzles/registry';
import type { LoadedTableQuestion } from '../puzzles/roles/benchmarks';
import type { AnyTableSpec } from '../store/table-pages';
import type { BundledFunction } from '../emulator/function-bundle';
import { event } from './containers';

export type LoadQuestion = LoadedTableQuestion;

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

/** `count` questions of each table of the load (fewer of a puzzle whose searches take seconds), from the puzzles' rehearsal roles. */
export async function loadQuestions(registry: Registry, specs: readonly AnyTableSpec[], count: number, seed = 17): Promise<LoadQuestion[]> {
  const roles = (await registry.withBenchmarks()).flatMap(({ benchmarks }) => (benchmarks.rehearsal ? [benchmarks.rehearsal] : []));
  return specs.flatMap((spec) => {
    for (const role of roles) {
      const questions = role.loadedTable?.(spec, count, seed);
      if (questions) return questions;
    }
    throw new Error(`No puzzle's rehearsal role asks questions of the table ${spec.table}: the loader's rehearsal cannot tell whether it is exact.`);
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
