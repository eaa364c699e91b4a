/**
 * The options a puzzle's command line takes beyond its words (a question's in ask and lookup, its
 * judge solver's in solve): each puzzle's own, all of them known to parseArgs, and each puzzle given
 * only its own: an option of another puzzle is a usage error that says so.
 */
import { InvalidInputError } from '../core/errors';
import type { CommandLine } from '../puzzles/roles/command-line';

type Options = Readonly<Record<string, { readonly type: 'string' }>>;

/** Every puzzle's question options, for parseArgs. */
export function questionOptions(commandLines: readonly CommandLine<unknown>[]): Options {
  return Object.assign({}, ...commandLines.map((commandLine) => commandLine.options ?? {}));
}

/** Every puzzle's judge-solver options, for parseArgs. */
export function solveOptions(commandLines: readonly CommandLine<unknown>[]): Options {
  return Object.assign({}, ...commandLines.map((commandLine) => commandLine.solveOptions ?? {}));
}

/** The values of the puzzle's own options (`own`: its question's, or its judge solver's); refuses one given that is another puzzle's. */
export function ownOptions(name: string, own: Options | undefined, values: Readonly<Record<string, unknown>>, every: Options, what = 'questions'): Record<string, string | undefined> {
  own ??= {};
  const foreign = Object.keys(every).find((option) => values[option] !== undefined && !Object.hasOwn(own, option));
  if (foreign !== undefined) {
    const owned = Object.keys(own).map((option) => `--${option}`);
    throw new InvalidInputError(`--${foreign} is not an option of ${name} ${what}${owned.length > 0 ? `; it takes ${owned.join(', ')}` : ''}.`);
  }
  return Object.fromEntries(Object.keys(own).map((option) => [option, values[option] as string | undefined]));
}
