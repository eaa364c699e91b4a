/**
 * Judge mode: `npm run --silent solve -- PUZZLE [--engine search|table|auto] [a puzzle's own options]`
 * reads judge input on stdin and writes exactly the judge output on stdout, for every puzzle with a
 * judge format (a puzzle's own options, such as a move limit, are its command line's). Bad input:
 * every problem on stderr, naming its case, nothing on stdout, exit code 2.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { text } from 'node:stream/consumers';
import { ENGINES, parseEngine } from '../core/engine';
import { InvalidInputError, UnreachableError } from '../core/errors';
import { registry } from '../puzzles/registered';
import { parserSentence, unknownWord } from './command-options';
import { ownOptions, solveOptions } from './question-options';
import { warnUnlessShippedRuntime } from '../emulator/runtime';

/** The options of the command itself, whatever the puzzle. */
const COMMAND_OPTIONS = { engine: { type: 'string', default: 'auto' }, help: { type: 'boolean', short: 'h' } } as const;

/** a, b or c. */
function orList(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/**
 * The solver for words that name one puzzle with a judge format and give only options of its own,
 * with that puzzle's offline roles imported alone; undefined for anything else (help, a mistake),
 * which readWords answers with every puzzle's roles, as it always has (importing the other puzzles'
 * roles took 10 to 15 ms of a judge run that lasts about a second).
 */
async function solverOfOnePuzzle(argv: string[]): Promise<((input: string) => string | Promise<string>) | undefined> {
  try {
    const name = parseArgs({ args: argv, options: COMMAND_OPTIONS, strict: false, allowPositionals: true }).positionals[0];
    const puzzle = name === undefined ? undefined : registry.puzzleNamed(name);
    if (!puzzle?.judge) return undefined;
    const { commandLine } = await puzzle.offline();
    if (!commandLine.judgeSolver) return undefined;
    const own = commandLine.solveOptions ?? {};
    const { values, positionals } = parseArgs({ args: argv, options: { ...COMMAND_OPTIONS, ...own }, strict: true, allowPositionals: true });
    if (values.help || positionals.length !== 1) return undefined;
    return commandLine.judgeSolver(parseEngine(values.engine as string), ownOptions(puzzle.name, own, values, own, 'judge input'));
  } catch {
    return undefined; // readWords says what is wrong
  }
}

/** The puzzles with a judge format, what solves theirs here, and the usage: every puzzle's offline roles. */
async function everyJudgedPuzzle() {
  const judged = (await registry.withOfflineRoles()).flatMap(({ puzzle, offline }) => {
    const solver = offline.commandLine.judgeSolver;
    return puzzle.judge && solver ? [{ name: puzzle.name, solver, commandLine: offline.commandLine, usage: offline.commandLine.solveUsage }] : [];
  });
  /** The options some puzzle's judge solver takes (each puzzle refuses those that are not its own). */
  const options = solveOptions(judged.map((one) => one.commandLine));
  const usage = `usage: npm run --silent solve -- ${judged.map((one) => one.name).join('|')} [--engine ${ENGINES.join('|')}] ${judged.flatMap((one) => (one.usage ? [`[${one.usage}]`] : [])).join(' ')} < input.txt`;
  return { judged, options, usage };
}

type Outcome = { stdout: string; stderr: string; code: number };

/** What the words ask for, read with every puzzle's offline roles: a solver, or the command's whole outcome (the usage, or what is wrong). */
async function readWords(argv: string[]): Promise<{ solve: (input: string) => string | Promise<string> } | { outcome: Outcome }> {
  const { judged, options, usage } = await everyJudgedPuzzle();
  const refused = (sentence: string) => ({ outcome: { stdout: '', stderr: `${sentence}\n${usage}\n`, code: 2 } });
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { ...COMMAND_OPTIONS, ...options }, allowPositionals: true, strict: true });
  } catch (error) {
    return refused(parserSentence(error)); // its first sentence: the advice after it opens a quote it never closes
  }
  const { values, positionals } = parsed;
  if (values.help) return { outcome: { stdout: `${usage}\n`, stderr: '', code: 0 } };
  const names = judged.map((one) => one.name);
  const puzzle = positionals.length === 1 ? judged.find((one) => one.name === positionals[0]) : undefined;
  if (!puzzle) {
    return refused(positionals.length === 1 ? unknownWord('puzzle', positionals[0], names) : `Name one puzzle, ${orList(names)}${positionals.length ? `; got "${positionals.join(' ')}"` : ''}.`);
  }
  try {
    return { solve: puzzle.solver(parseEngine(values.engine as string), ownOptions(puzzle.name, puzzle.commandLine.solveOptions, values, options, 'judge input')) };
  } catch (error) {
    return refused((error as Error).message);
  }
}

export async function main(argv: string[], stdin: NodeJS.ReadableStream): Promise<Outcome> {
  let solve = await solverOfOnePuzzle(argv);
  if (!solve) {
    const words = await readWords(argv);
    if ('outcome' in words) return words.outcome;
    solve = words.solve;
  }
  try {
    return { stdout: await solve(await text(stdin)), stderr: '', code: 0 };
  } catch (error) {
    if (error instanceof InvalidInputError || error instanceof UnreachableError) {
      return { stdout: '', stderr: `${error.message}\n`, code: 2 };
    }
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  warnUnlessShippedRuntime();
  const { stdout, stderr, code } = await main(process.argv.slice(2), process.stdin);
  process.stderr.write(stderr);
  process.stdout.write(stdout, () => process.exit(code));
}
