/**
 * Judge mode: `npm run --silent solve -- knights|eight [--engine search|table|auto] [--limit N]`
 * reads judge input on stdin and writes exactly the judge output on stdout (`--limit`, knights
 * only, asks for more than the judge's 15 moves). Bad input: every problem on
 * stderr, naming its case, nothing on stdout, exit code 2.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { text } from 'node:stream/consumers';
import { ENGINES, type Engine, parseEngine } from '../core/engine';
import { DEFAULT_LIMIT, MAX_LIMIT, parseLimit } from '../core/knights/query';
import { InvalidInputError, UnreachableError } from '../core/errors';
import { solveEightJudge } from '../core/judge/eight';
import { solveKnightsJudge } from '../core/judge/knights';
import { warnUnlessShippedRuntime } from './runtime';

const USAGE = `usage: npm run --silent solve -- knights|eight [--engine ${ENGINES.join('|')}] [--limit 0..${MAX_LIMIT} (knights; default ${DEFAULT_LIMIT})] < input.txt`;
const PUZZLES = {
  knights: (input: string, engine: Engine, limit: number) => solveKnightsJudge(input, engine, limit),
  eight: (input: string, engine: Engine) => solveEightJudge(input, engine),
} as const;

export async function main(argv: string[], stdin: NodeJS.ReadableStream): Promise<{ stdout: string; stderr: string; code: number }> {
  let puzzle: keyof typeof PUZZLES;
  let engine;
  let limit = DEFAULT_LIMIT;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { engine: { type: 'string', default: 'auto' }, limit: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) return { stdout: `${USAGE}\n`, stderr: '', code: 0 };
    if (positionals.length !== 1 || !Object.hasOwn(PUZZLES, positionals[0])) {
      throw new InvalidInputError(`Name one puzzle, knights or eight${positionals.length ? `; got "${positionals.join(' ')}"` : ''}.`);
    }
    puzzle = positionals[0] as keyof typeof PUZZLES;
    engine = parseEngine(values.engine);
    if (values.limit !== undefined) {
      if (puzzle !== 'knights') throw new InvalidInputError('--limit is for knights; Eight II answers are always exact.');
      limit = parseLimit(values.limit);
    }
  } catch (error) {
    return { stdout: '', stderr: `${(error as Error).message}\n${USAGE}\n`, code: 2 };
  }
  try {
    return { stdout: PUZZLES[puzzle](await text(stdin), engine, limit), stderr: '', code: 0 };
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
