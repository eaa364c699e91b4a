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
import { withOfflineRoles } from '../puzzles/registry';
import { ownOptions, solveOptions } from './question-options';
import { warnUnlessShippedRuntime } from './runtime';

/** The puzzles with a judge format, and what solves theirs here. */
const JUDGED = (await withOfflineRoles()).flatMap(({ puzzle, offline }) => {
  const solver = offline.commandLine.judgeSolver;
  return puzzle.judge && solver ? [{ name: puzzle.name, solver, commandLine: offline.commandLine, usage: offline.commandLine.solveUsage }] : [];
});
/** The options some puzzle's judge solver takes (each puzzle refuses those that are not its own). */
const SOLVE_OPTIONS = solveOptions(JUDGED.map((one) => one.commandLine));

const USAGE = `usage: npm run --silent solve -- ${JUDGED.map((one) => one.name).join('|')} [--engine ${ENGINES.join('|')}] ${JUDGED.flatMap((one) => (one.usage ? [`[${one.usage}]`] : [])).join(' ')} < input.txt`;

/** a, b or c. */
function orList(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

export async function main(argv: string[], stdin: NodeJS.ReadableStream): Promise<{ stdout: string; stderr: string; code: number }> {
  let solve: (input: string) => string;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { engine: { type: 'string', default: 'auto' }, help: { type: 'boolean', short: 'h' }, ...SOLVE_OPTIONS },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) return { stdout: `${USAGE}\n`, stderr: '', code: 0 };
    const puzzle = positionals.length === 1 ? JUDGED.find((one) => one.name === positionals[0]) : undefined;
    if (!puzzle) {
      throw new InvalidInputError(`Name one puzzle, ${orList(JUDGED.map((one) => one.name))}${positionals.length ? `; got "${positionals.join(' ')}"` : ''}.`);
    }
    solve = puzzle.solver(parseEngine(values.engine as string), ownOptions(puzzle.name, puzzle.commandLine.solveOptions, values, SOLVE_OPTIONS, 'judge input'));
  } catch (error) {
    return { stdout: '', stderr: `${(error as Error).message}\n${USAGE}\n`, code: 2 };
  }
  try {
    return { stdout: solve(await text(stdin)), stderr: '', code: 0 };
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
