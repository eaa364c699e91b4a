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
import { warnUnlessShippedRuntime } from './runtime';

/** The puzzles with a judge format, and what solves theirs here. */
const JUDGED = (await withOfflineRoles()).flatMap(({ puzzle, offline }) => {
  const solver = offline.commandLine.judgeSolver;
  return puzzle.judge && solver ? [{ name: puzzle.name, solver, usage: offline.commandLine.solveUsage }] : [];
});

const USAGE = `usage: npm run --silent solve -- ${JUDGED.map((one) => one.name).join('|')} [--engine ${ENGINES.join('|')}] ${JUDGED.flatMap((one) => (one.usage ? [`[${one.usage}]`] : [])).join(' ')} < input.txt`;

export async function main(argv: string[], stdin: NodeJS.ReadableStream): Promise<{ stdout: string; stderr: string; code: number }> {
  let solve: (input: string) => string;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { engine: { type: 'string', default: 'auto' }, limit: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) return { stdout: `${USAGE}\n`, stderr: '', code: 0 };
    const puzzle = positionals.length === 1 ? JUDGED.find((one) => one.name === positionals[0]) : undefined;
    if (!puzzle) {
      throw new InvalidInputError(`Name one puzzle, ${JUDGED.map((one) => one.name).join(' or ')}${positionals.length ? `; got "${positionals.join(' ')}"` : ''}.`);
    }
    solve = puzzle.solver(parseEngine(values.engine), values.limit);
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
