/**
 * A command's options read as `node:util` parseArgs reads them (strict: no positionals, no word it
 * does not take), with the two answers every command gives alike: a word it does not take is its
 * sentence and the usage on stderr, exit 2; `--help` (or `-h`) is the usage on stdout, exit 0.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
/** What parseArgs reads for `options` and the `--help` every command takes. */
type OptionValues<T extends Options> = ReturnType<typeof parseArgs<{ options: T & { help: { type: 'boolean'; short: 'h' } }; strict: true }>>['values'];

export function commandOptions<const T extends Options>(options: T, usage: string, args?: string[]) {
  const read = readCommandOptions(options, usage, args);
  if ('exitCode' in read) process.exit(read.exitCode);
  return read.values;
}

/**
 * The same, for a command whose `main` returns its exit code: the options' values, or the code to
 * exit with once the refusal or the usage is printed.
 */
export function readCommandOptions<const T extends Options>(options: T, usage: string, args?: string[]): { readonly values: OptionValues<T> } | { readonly exitCode: number } {
  const config = { args, options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true } as const;
  let values: OptionValues<T>;
  try {
    ({ values } = parseArgs(config));
  } catch (error) {
    console.error(`${parserSentence(error)}\n${usage}`);
    return { exitCode: 2 };
  }
  if ((values as { help?: boolean }).help) {
    console.log(usage);
    return { exitCode: 0 };
  }
  return { values };
}

/**
 * The first sentence of parseArgs' refusal ("Unknown option '--x'."), with its full stop: the rest
 * advises quoting a positional that starts with '-', in a sentence whose quote it never closes.
 */
export function parserSentence(error: unknown): string {
  const message = (error as Error).message;
  const end = message.indexOf('. ');
  const first = end < 0 ? message : message.slice(0, end + 1);
  return first.endsWith('.') ? first : `${first}.`; // some of parseArgs' messages end with none
}

/** Edits (insertions, deletions, substitutions) from one word to another. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length];
}

/** What a word a command does not know is not, and what it could be: `There is no puzzle "NAEM"; did you mean NAME? The puzzles are ...` */
export function unknownWord(kind: string, word: string, choices: readonly string[]): string {
  const near = choices.filter((choice) => editDistance(word.toLowerCase(), choice) <= 2).sort((a, b) => editDistance(word, a) - editDistance(word, b));
  return `There is no ${kind} "${word.slice(0, 40)}"${near.length > 0 ? `; did you mean ${near[0]}?` : '.'} The ${kind}s are ${choices.join(', ')}.`;
}
