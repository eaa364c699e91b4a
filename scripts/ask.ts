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
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { type AwsKeys, canonicalUrl, functionUrlRegion, postHeaders, signedHeaders } from './function-url-signing';
import type { ErrorResponse, FarthestPositionResponse, HealthResponse, StatsResponse, TableIdentity, TableHealthResponse } from '../api/shapes';
import { registry } from '../puzzles/registered';
import type { Registry } from '../puzzles/registry';
import { DEFAULT_DATA_DIR, EXIT, findLocalService, noLocalServiceText } from './local-service';
import { ownOptions, questionOptions } from './question-options';
import { warnUnlessShippedRuntime } from '../emulator/runtime';

/** What the command knows of a registry's puzzles: each one's questions as typed, the options they take, and the usage. */
async function askCommand(registry: Registry) {
  const PUZZLES = (await registry.withOfflineRoles()).map(({ puzzle, offline }) => ({ name: puzzle.name, judged: puzzle.judge !== undefined, commandLine: offline.commandLine }));
  const puzzleNamed = (name: string) => PUZZLES.find((puzzle) => puzzle.name === name);
  /** The options some puzzle's questions take (each puzzle refuses those that are not its own). */
  const QUESTION_OPTIONS = questionOptions(PUZZLES.map((puzzle) => puzzle.commandLine));
  const USAGE = [
    `usage: npm run --silent ask -- ${PUZZLES.map((puzzle) => puzzle.commandLine.usage).join(' | ')} | stats | judge ${PUZZLES.filter((puzzle) => puzzle.judged).map((puzzle) => puzzle.name).join('|')} < input   [--url URL | --data DIR] [--json]`,
    '       npm run --silent ask -- [--url URL | --data DIR]   (no question: the service\'s health, and each puzzle\'s example asked)',
  ].join('\n');
  return { PUZZLES, puzzleNamed, QUESTION_OPTIONS, USAGE };
}

/** What skips the local service, as the sentence for a missing one names it. */
const ELSEWHERE = '--url URL (a service elsewhere, or a Function URL on AWS)';

/** Refusals of the question as typed (a bad board, an unknown goal, an unreachable pair): what lookup, which checks them itself, calls a usage error. */
const REFUSED_AS_TYPED = new Set([400, 422]);

/** The command, on its arguments, for the registry's puzzles: its exit code (the answer on stdout, a refusal on stderr). */
export async function main(registry: Registry, argv: string[], stdin: NodeJS.ReadableStream = process.stdin): Promise<number> {
  const { PUZZLES, puzzleNamed, QUESTION_OPTIONS, USAGE } = await askCommand(registry);
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
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [command, ...rest] = positionals;
  // The URL given, else the npm start running on the data folder (it records its URL there), else,
  // with no --data, the default port (where an npm start on --endpoint, which records nothing, answers).
  const recorded = values.url === undefined ? findLocalService(values.data) : undefined;
  const found = values.url !== undefined ? 'given' : recorded ? 'recorded' : 'default';
  const url = new URL(values.url ?? recorded?.url ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`);
  const puzzle = puzzleNamed(command ?? '');
  const judged = command === 'judge' && rest.length === 1 ? PUZZLES.find((one) => one.judged && one.name === rest[0]) : undefined;
  let body: string | undefined;
  if (judged) {
    url.pathname = join(url.pathname, judged.name);
    body = await readAll(stdin);
  } else if (puzzle) {
    let fields;
    try {
      fields = puzzle.commandLine.query(rest, ownOptions(puzzle.name, puzzle.commandLine.options, values, QUESTION_OPTIONS));
    } catch (error) {
      console.error(`${(error as Error).message}\n${USAGE}`);
      return EXIT.usage;
    }
    url.pathname = join(url.pathname, puzzle.name);
    for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, value);
  } else if (command === 'stats' && rest.length === 0) {
    url.pathname = join(url.pathname, 'stats');
  } else if (command !== undefined) {
    const commands = [...PUZZLES.map((one) => one.name), 'stats', 'judge'];
    console.error(commands.includes(command) ? USAGE : `${unknownWord('command', command, commands)}\n${USAGE}`);
    return EXIT.usage;
  }
  // --data names a folder: another service on the default port is not the one meant
  if (found === 'default' && values.data !== undefined) {
    console.error(noLocalServiceText(values.data, ELSEWHERE));
    return EXIT.unavailable;
  }
  const unreachable = (error: unknown) => {
    if (error instanceof NoCredentialsError) {
      console.error(error.message);
      return EXIT.unavailable;
    }
    const cause = String((error as Error).cause ?? (error as Error).message);
    console.error(
      found === 'default'
        ? noLocalServiceText(values.data, ELSEWHERE, `nothing answered at ${url.origin} either (${cause})`)
        : found === 'recorded'
          ? `The npm start recorded on the data folder ${resolve(values.data ?? DEFAULT_DATA_DIR)} did not answer at ${url.origin} (${cause}). Restart it with npm start, name another data folder with --data DIR, or give ${ELSEWHERE}.`
          : `Nothing answered at ${url.origin} (${cause}). Check the --url, or leave it out to ask the npm start running here.`,
    );
    return EXIT.unavailable;
  };
  if (command === undefined) {
    // the words that reach this same service again, for the lines to copy
    const where = values.url !== undefined ? ['--url', values.url] : values.data !== undefined ? ['--data', values.data] : [];
    return overview(url, where, PUZZLES, values.json, unreachable);
  }

  const method = body === undefined ? 'GET' : 'POST';
  let response: Response;
  try {
    response = await send(url, method, body);
    // a question being solved in the background: said on stderr, and asked again when the service says
    while (response.status === 202 && method === 'GET') {
      const solving = (await response.json()) as { seconds?: number };
      const wait = Math.min(10, Math.max(1, Number(response.headers.get('retry-after')) || 5));
      console.error(`being solved in the background, ${solving.seconds ?? 0} s so far; asking again in ${wait} s (Ctrl-C stops; the solve goes on)`);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      response = await send(url, method);
    }
  } catch (error) {
    return unreachable(error);
  }
  const text = await response.text();
  if (judged && response.ok) {
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
  console.log(
    values.json ? JSON.stringify(answer, null, 2) : puzzle ? puzzle.commandLine.answerText(answer) : statsText(answer as StatsResponse, puzzleNamed),
  );
  return 0;
}

/** A request to the service: signed when the URL is a Function URL on AWS. */
async function send(url: URL, method: 'GET' | 'POST', body?: string): Promise<Response> {
  const region = functionUrlRegion(url);
  const unsigned = body === undefined ? {} : postHeaders(body, 'text/plain');
  const headers = region ? await signedHeaders({ method, url, body, headers: unsigned }, { keys: await credentials(), region }) : unsigned;
  return fetch(canonicalUrl(url), { method, headers: { ...unsigned, ...headers }, body });
}

/** The answer's JSON; undefined, once said on stderr, when it is not JSON. */
function jsonOf(url: URL, response: Response, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    console.error(`${url.origin} answered ${response.status} with something that is not JSON: ${text.slice(0, 200)}`);
    return undefined;
  }
}

/** A refusal as a sentence: the function's ({error}), or the Function URL's own ({message}). */
function refusalText(url: URL, response: Response, answer: unknown, text: string): string {
  const hint = response.status === 403 && functionUrlRegion(url) ? ' (the caller needs lambda:InvokeFunctionUrl on the function, and the signature must be for this URL and region)' : '';
  const refusal = answer as Partial<ErrorResponse> & { message?: string };
  return `${response.status}: ${String(refusal.error ?? refusal.message ?? text)}${hint}`;
}

/** A word as a shell takes it: quoted when it holds a character the shell would read (a board's `*`). */
const shellWord = (word: string) => (/^[\w/.,=:@%+-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);

/**
 * No question asked: the service's /health (it answers ok, or degraded and why; each table's
 * state), then each puzzle's example asked once, with the command that asks it (`where`: the
 * words that name this service again) and how it was answered, and the other questions it takes.
 * 0 when the service and every example answered (a degraded service answers by search); 1 else.
 */
async function overview(
  url: URL,
  where: readonly string[],
  puzzles: Awaited<ReturnType<typeof askCommand>>['PUZZLES'],
  json: boolean,
  unreachable: (error: unknown) => number,
): Promise<number> {
  const at = (path: string, fields: Record<string, string> = {}) => {
    const target = new URL(url);
    target.pathname = join(url.pathname, path);
    for (const [name, value] of Object.entries(fields)) target.searchParams.set(name, value);
    return target;
  };
  const health = at('health');
  let response: Response;
  try {
    response = await send(health, 'GET');
  } catch (error) {
    return unreachable(error);
  }
  const text = await response.text();
  const answer = jsonOf(health, response, text);
  if (answer === undefined) return EXIT.unavailable;
  // 503 is a degraded service's health, which still answers (by search)
  if (!response.ok && response.status !== 503) {
    console.error(refusalText(health, response, answer, text));
    return EXIT.unavailable;
  }
  const ask = `npm run --silent ask --${where.map((word) => ` ${shellWord(word)}`).join('')}`;
  const examples: Record<string, unknown> = {};
  const lines: string[] = [];
  let answeredAll = true;
  for (const puzzle of puzzles) {
    const words = puzzle.commandLine.example.split(' ');
    const asked = at(puzzle.name, puzzle.commandLine.query(words, {}));
    let said: string;
    try {
      const reply = await send(asked, 'GET');
      const replyText = await reply.text();
      let body: unknown = replyText;
      try {
        body = JSON.parse(replyText);
      } catch {
        // not JSON: said as it came
      }
      examples[puzzle.name] = body;
      if (reply.status === 200) said = answerLine(puzzle.commandLine.answerText(body), (body as { source?: string }).source);
      else if (reply.status === 202) said = 'being solved in the background: ask again';
      else said = refusalText(asked, reply, body, replyText);
      answeredAll &&= reply.status === 200 || reply.status === 202;
    } catch (error) {
      said = `nothing answered (${String((error as Error).cause ?? (error as Error).message)})`;
      answeredAll = false;
    }
    lines.push(`  ${ask} ${puzzle.name} ${words.map(shellWord).join(' ')}   ${said}`);
  }
  if (json) {
    console.log(JSON.stringify({ health: answer, examples }, null, 2));
  } else {
    const judged = puzzles.filter((puzzle) => puzzle.judged).map((puzzle) => puzzle.name);
    console.log(
      [
        healthText(url, answer as HealthResponse),
        '',
        "Each puzzle's example, asked:",
        ...lines,
        '',
        'More:',
        `  ${ask} stats   (every table's distances and farthest positions)`,
        ...(judged.length > 0 ? [`  ${ask} judge ${judged.join('|')} < input.txt   (judge input posted, judge output back)`] : []),
        `  ${ask} --help   (every question it takes)`,
      ].join('\n'),
    );
  }
  return answeredAll ? 0 : EXIT.unavailable;
}

/** The line of an answer's text that says how far and how it was found (it ends with its source), else its first. */
function answerLine(text: string, source: string | undefined): string {
  const lines = text.split('\n');
  return (source === undefined ? undefined : lines.find((line) => line.endsWith(`(${source})`))) ?? lines[0];
}

/** What /health says, as a person reads it: the service's state, each table's, and each search's estimate. */
export function healthText(url: URL, health: HealthResponse): string {
  const number = (value: number) => value.toLocaleString('en');
  const tableText = (table: TableHealthResponse) =>
    table.state === 'loaded'
      ? `loaded to depth ${table.depth}${table.whole ? ' (the whole space)' : ''}, ${number(table.positions)} positions, completed ${table.completedAt}`
      : table.state === 'outdated'
        ? `outdated. ${table.message}`
        : table.state;
  return [
    `${url.origin}${url.pathname.replace(/\/+$/, '')} is ${health.status}, DynamoDB ${health.dynamodb}${health.message ? `: ${health.message}` : ''}`,
    ...Object.entries(health.tables).map(([id, table]) => `  ${id} (${identityText(table)}): ${tableText(table)}`),
    ...Object.entries(health.estimates).map(([puzzle, estimate]) => `  ${puzzle}'s search: ${estimate.inUse}${estimate.coming ? `; coming: ${estimate.coming}` : ''}`),
  ].join('\n');
}

function join(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path}`;
}

/** No AWS credentials for a request a Function URL needs signed: said as it is, not as a service that did not answer. */
class NoCredentialsError extends Error {}

async function credentials(): Promise<AwsKeys> {
  try {
    return await defaultProvider()();
  } catch (error) {
    throw new NoCredentialsError(
      `A Function URL on AWS needs a signed request, and no AWS credentials were found (${(error as Error).message}). Set AWS_PROFILE or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or run aws sso login.`,
    );
  }
}

/** What a table answers: its puzzle, and the goal's name and board and largest limit, when it has them. */
function identityText(table: TableIdentity): string {
  const goal = table.goalName === undefined ? '' : `, goal ${table.goalName} = ${table.goal}`;
  return `${table.puzzle}${goal}${table.maxLimit === undefined ? '' : `, limits up to ${table.maxLimit}`}`;
}

function statsText(answer: StatsResponse, puzzleNamed: (name: string) => { commandLine: { farthestText?: (far: FarthestPositionResponse) => string } } | undefined): string {
  const number = (value: number) => value.toLocaleString('en');
  return Object.entries(answer.tables)
    .map(([id, table]) => {
      if (table.state !== 'loaded') return `${id} (${identityText(table)}): ${table.state}. ${table.message} (${number(table.spacePositions)} positions in the whole space)`;
      if (table.arrays) {
        // a table of estimates (arrays), not of positions: what it holds, and how its entries spread
        const arrays = table.arrays.map((array) => `  ${array.name}: ${number(array.entries)} entries`).join('\n');
        const values = table.levels.map((count, k) => `  ${String(k).padStart(2)}: ${number(count)} entries`).join('\n');
        return [
          `${id} (${identityText(table)}): loaded, ${table.arrays.length} arrays of estimates, ${number(table.positions)} entries in ${number(table.pages)} pages (${number(table.bytes)} bytes, ${number(table.writeUnits)} write units to load); its search reads them, no answer is stored in them`,
          arrays,
          `entries by value (the fewest moves of a group's tiles), up to ${table.depth}:`,
          values,
        ].join('\n');
      }
      const levels = table.levels.map((count, k) => `  ${String(k).padStart(2)} ${k === 1 ? 'move: ' : 'moves:'} ${number(count)}`).join('\n');
      const farthestText = puzzleNamed(table.puzzle)?.commandLine.farthestText ?? ((far: FarthestPositionResponse) => far.board);
      const farthest = table.farthest.map((far) => `  ${far.steps} moves: ${farthestText(far)}`).join('\n');
      return [
        `${id} (${identityText(table)}): loaded to depth ${table.depth}${table.whole ? ' (the whole space)' : ''}, ${number(table.positions)} positions in ${number(table.pages)} pages (${number(table.bytes)} bytes, ${number(table.writeUnits)} write units to load)`,
        levels,
        ...(table.farthest.length > 0 ? ['farthest:', farthest] : []),
      ].join('\n');
    })
    .join('\n\n');
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
