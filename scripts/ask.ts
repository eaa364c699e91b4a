/**
 * `npm run --silent ask -- PUZZLE WORDS...` (each puzzle's command line words, its usage),
 * `-- stats`, `-- judge PUZZLE < input` (judge input on stdin, posted; judge output back):
 * asks the service, locally (npm start's URL by default) or on AWS (`--url` a Function URL, signed
 * with SigV4 from the standard credential chain), and prints the answer as a person reads it: the
 * board, the distance, the line, every move's value. `--json` prints the answer as it came.
 * With no question (`npm run ask -- --url URL`, as the stack's Url output suggests after a
 * deploy): the service's /health, and each puzzle's example asked, with the command that asks it.
 * Exit codes as lookup's (EXIT): 1 when nothing could answer, 2 when the command line or the
 * question as typed is wrong.
 */
import { resolve } from 'node:path';
import { text as readAll } from 'node:stream/consumers';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { parserSentence, unknownWord } from './command-options';
import type { StatsResponse } from '../api/shapes';
import { registry } from '../puzzles/registered';
import type { Registry } from '../puzzles/registry';
import { type AskedPuzzle, overview } from './ask-overview';
import { joinPath, jsonOf, NoCredentialsError, refusalText, send } from './ask-requests';
import { statsText } from './ask-text';
import { DEFAULT_DATA_DIR, EXIT, findLocalService, noLocalServiceText } from './local-service';
import { ownOptions, questionOptions } from './question-options';
import { warnUnlessShippedRuntime } from '../emulator/runtime';

export { healthText } from './ask-text';

/** What the command knows of a registry's puzzles: each one's questions as typed, the options they take, and the usage. */
async function askCommand(registry: Registry) {
  const PUZZLES: AskedPuzzle[] = (await registry.withOfflineRoles()).map(({ puzzle, offline }) => ({ name: puzzle.name, judged: puzzle.judge !== undefined, commandLine: offline.commandLine }));
  const puzzleNamed = (name: string) => PUZZLES.find((puzzle) => puzzle.name === name);
  /** The options some puzzle's questions take (each puzzle refuses those that are not its own). */
  const QUESTION_OPTIONS = questionOptions(PUZZLES.map((puzzle) => puzzle.commandLine));
  const USAGE = [
    `usage: npm run --silent ask -- ${PUZZLES.map((puzzle) => puzzle.commandLine.usage).join(' | ')} | stats | judge ${PUZZLES.filter((puzzle) => puzzle.judged).map((puzzle) => puzzle.name).join('|')} < input   [--url URL | --data DIR] [--json]`,
    '       npm run --silent ask -- [--url URL | --data DIR]   (no question: the service\'s health, and each puzzle\'s example asked)',
  ].join('\n');
  return { PUZZLES, puzzleNamed, QUESTION_OPTIONS, USAGE };
}

type AskCommand = Awaited<ReturnType<typeof askCommand>>;

/** What skips the local service, as the sentence for a missing one names it. */
const ELSEWHERE = '--url URL (a service elsewhere, or a Function URL on AWS)';

/** Refusals of the question as typed (a bad board, an unknown goal, an unreachable pair): what lookup, which checks them itself, calls a usage error. */
const REFUSED_AS_TYPED = new Set([400, 422]);

/** The service asked, and how it was found: the URL given, the one npm start recorded, or the default port. */
interface Service {
  readonly url: URL;
  readonly found: 'given' | 'recorded' | 'default';
}

/**
 * A question as the command line names it: the path it is asked at under the service's (none: no
 * question, the overview), its query's fields, the judge input it posts, and the puzzle whose
 * answer text reads the answer (none: the stats).
 */
interface Question {
  readonly path?: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly puzzle?: AskedPuzzle;
  readonly judged: boolean;
}

/** The command, on its arguments, for the registry's puzzles: its exit code (the answer on stdout, a refusal on stderr). */
export async function main(registry: Registry, argv: string[], stdin: NodeJS.ReadableStream = process.stdin): Promise<number> {
  const command = await askCommand(registry);
  const parsed = readCommandLine(argv, command);
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  // found before the question is read, so that a --url that is no URL is said first
  const service = serviceOf(values.url, values.data);
  const question = await questionOf(command, positionals, values, stdin);
  if (typeof question === 'number') return question;
  // --data names a folder: another service on the default port is not the one meant
  if (service.found === 'default' && values.data !== undefined) {
    console.error(noLocalServiceText(values.data, ELSEWHERE));
    return EXIT.unavailable;
  }
  const unreachable = (error: unknown) => unreachableCode(error, service, values.data);
  if (question.path === undefined) {
    // the words that reach this same service again, for the lines to copy
    const where = values.url !== undefined ? ['--url', values.url] : values.data !== undefined ? ['--data', values.data] : [];
    return overview(service.url, where, command.PUZZLES, values.json, unreachable);
  }
  return askQuestion(questionUrl(service.url, question.path, question.fields), question, values.json, unreachable, command.puzzleNamed);
}

/** The command line parsed; an exit code when it is wrong (said on stderr) or asks for the usage (on stdout). */
function readCommandLine(argv: string[], { QUESTION_OPTIONS, USAGE }: AskCommand) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { url: { type: 'string' }, data: { type: 'string' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' }, ...QUESTION_OPTIONS },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    console.error(`${parserSentence(error)}\n${USAGE}`);
    return EXIT.usage;
  }
  if (parsed.values.help) {
    console.log(USAGE);
    return 0;
  }
  return parsed;
}

type Values = Exclude<ReturnType<typeof readCommandLine>, number>['values'];

/**
 * The URL given, else the npm start running on the data folder (it records its URL there), else,
 * with no --data, the default port (where an npm start on --endpoint, which records nothing, answers).
 */
function serviceOf(url: string | undefined, data: string | undefined): Service {
  const recorded = url === undefined ? findLocalService(data) : undefined;
  const found = url !== undefined ? 'given' : recorded ? 'recorded' : 'default';
  return { url: new URL(url ?? recorded?.url ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`), found };
}

/** The question the positionals name (the judge's input read from stdin); an exit code, once the usage is said on stderr, when they name none. */
async function questionOf({ PUZZLES, puzzleNamed, QUESTION_OPTIONS, USAGE }: AskCommand, [command, ...rest]: string[], values: Values, stdin: NodeJS.ReadableStream): Promise<Question | number> {
  const puzzle = puzzleNamed(command ?? '');
  const judged = command === 'judge' && rest.length === 1 ? PUZZLES.find((one) => one.judged && one.name === rest[0]) : undefined;
  if (judged) return { path: judged.name, fields: {}, body: await readAll(stdin), judged: true };
  if (puzzle) {
    let fields;
    try {
      fields = puzzle.commandLine.query(rest, ownOptions(puzzle.name, puzzle.commandLine.options, values, QUESTION_OPTIONS));
    } catch (error) {
      console.error(`${(error as Error).message}\n${USAGE}`);
      return EXIT.usage;
    }
    return { path: puzzle.name, fields, puzzle, judged: false };
  }
  if (command === 'stats' && rest.length === 0) return { path: 'stats', fields: {}, judged: false };
  if (command === undefined) return { fields: {}, judged: false };
  // a command known but its words wrong (stats with words, judge without one judged puzzle): the usage alone
  const commands = [...PUZZLES.map((one) => one.name), 'stats', 'judge'];
  console.error(commands.includes(command) ? USAGE : `${unknownWord('command', command, commands)}\n${USAGE}`);
  return EXIT.usage;
}

/** The URL a question is asked at: its path under the service's, and its query's fields. */
function questionUrl(service: URL, path: string, fields: Question['fields']): URL {
  const url = new URL(service);
  url.pathname = joinPath(url.pathname, path);
  for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, value);
  return url;
}

/** Nothing answered (or no credentials to sign with): said on stderr for where the service was looked for; the exit code. */
function unreachableCode(error: unknown, { url, found }: Service, data: string | undefined): number {
  if (error instanceof NoCredentialsError) {
    console.error(error.message);
    return EXIT.unavailable;
  }
  const cause = String((error as Error).cause ?? (error as Error).message);
  console.error(
    found === 'default'
      ? noLocalServiceText(data, ELSEWHERE, `nothing answered at ${url.origin} either (${cause})`)
      : found === 'recorded'
        ? `The npm start recorded on the data folder ${resolve(data ?? DEFAULT_DATA_DIR)} did not answer at ${url.origin} (${cause}). Restart it with npm start, name another data folder with --data DIR, or give ${ELSEWHERE}.`
        : `Nothing answered at ${url.origin} (${cause}). Check the --url, or leave it out to ask the npm start running here.`,
  );
  return EXIT.unavailable;
}

/** The question asked and its answer printed: the judge's output as it came, --json's JSON, else the answer as a person reads it. */
async function askQuestion(url: URL, question: Question, json: boolean, unreachable: (error: unknown) => number, puzzleNamed: AskCommand['puzzleNamed']): Promise<number> {
  let response: Response;
  try {
    response = await askUntilAnswered(url, question.body);
  } catch (error) {
    return unreachable(error);
  }
  const text = await response.text();
  if (question.judged && response.ok) {
    process.stdout.write(text); // the judge's output, as it came
    return 0;
  }
  // the API's answer for the command asked (its types in api/shapes.ts and each puzzle's response.ts), or an error
  const answer = jsonOf(url, response, text);
  if (answer === undefined) return EXIT.unavailable;
  if (!response.ok) {
    console.error(refusalText(url, response, answer, text));
    return REFUSED_AS_TYPED.has(response.status) ? EXIT.usage : EXIT.unavailable;
  }
  console.log(json ? JSON.stringify(answer, null, 2) : question.puzzle ? question.puzzle.commandLine.answerText(answer) : statsText(answer as StatsResponse, puzzleNamed));
  return 0;
}

/** The service's answer: a question being solved in the background is said on stderr, and asked again when the service says. */
async function askUntilAnswered(url: URL, body: string | undefined): Promise<Response> {
  const method = body === undefined ? 'GET' : 'POST';
  let response = await send(url, method, body);
  while (response.status === 202 && method === 'GET') {
    const solving = (await response.json()) as { seconds?: number };
    const wait = Math.min(10, Math.max(1, Number(response.headers.get('retry-after')) || 5));
    console.error(`being solved in the background, ${solving.seconds ?? 0} s so far; asking again in ${wait} s (Ctrl-C stops; the solve goes on)`);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    response = await send(url, method);
  }
  return response;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  warnUnlessShippedRuntime();
  main(registry, process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(EXIT.unavailable);
    },
  );
}
