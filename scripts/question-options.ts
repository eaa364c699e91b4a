/**
 * The options a question takes on the command line beyond its words (ask, lookup): each puzzle's
 * own (its command-line role's `options`), all of them known to parseArgs, and each question
 * given only its own puzzle's: an option of another puzzle is a usage error that says so.
 */
import { InvalidInputError } from '../core/errors';
import type { CommandLine } from '../puzzles/roles/command-line';

type Options = Readonly<Record<string, { readonly type: 'string' }>>;

/** Every puzzle's question options, for parseArgs. */
export function questionOptions(commandLines: readonly CommandLine<unknown>[]): Options {
  return Object.assign({}, ...commandLines.map((commandLine) => commandLine.options ?? {}));
}

/** The values of the puzzle's own question options; refuses one given that is another puzzle's. */
export function ownOptions(name: string, commandLine: CommandLine<unknown>, values: Readonly<Record<string, unknown>>, every: Options): Record<string, string | undefined> {
  const own = commandLine.options ?? {};
  const foreign = Object.keys(every).find((option) => values[option] !== undefined && !Object.hasOwn(own, option));
  if (foreign !== undefined) {
    const owned = Object.keys(own).map((option) => `--${option}`);
    throw new InvalidInputError(`--${foreign} is not an option of ${name} questions${owned.length > 0 ? `; they take ${owned.join(', ')}` : ''}.`);
  }
  return Object.fromEntries(Object.keys(own).map((option) => [option, values[option] as string | undefined]));
}
