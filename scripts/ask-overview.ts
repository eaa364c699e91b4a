/**
 * `npm run ask` with no question (as the stack's Url output suggests after a deploy): the service's
 * /health, and each puzzle's example asked, with the command that asks it again.
 */
import type { HealthResponse } from '../api/shapes';
import type { CommandLine } from '../puzzles/roles/command-line';
import { joinPath, jsonOf, refusalText, send } from './ask-requests';
import { healthText } from './ask-text';
import { EXIT } from './local-service';

/** A puzzle as ask knows it: its name, whether it judges input, and its command line. */
export interface AskedPuzzle {
  readonly name: string;
  readonly judged: boolean;
  readonly commandLine: CommandLine<unknown>;
}

/** One example asked: its answer as it came (for --json), its line of text, and whether the service answered it. */
interface ExampleAsked {
  readonly body: unknown;
  readonly said: string;
  readonly answered: boolean;
}

/** A word as a shell takes it: quoted when it holds a character the shell would read (a board's `*`). */
const shellWord = (word: string) => (/^[\w/.,=:@%+-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);

/**
 * No question asked: the service's /health (it answers ok, or degraded and why; each table's
 * state), then each puzzle's example asked once, with the command that asks it (`where`: the
 * words that name this service again) and how it was answered, and the other questions it takes.
 * 0 when the service and every example answered (a degraded service answers by search); 1 else.
 */
export async function overview(url: URL, where: readonly string[], puzzles: readonly AskedPuzzle[], json: boolean, unreachable: (error: unknown) => number): Promise<number> {
  const health = await askHealth(at(url, 'health'), unreachable);
  if (typeof health === 'number') return health;
  const ask = `npm run --silent ask --${where.map((word) => ` ${shellWord(word)}`).join('')}`;
  const examples: Record<string, unknown> = {};
  const lines: string[] = [];
  let answeredAll = true;
  // one after another: each line as its example was answered, in the registry's order
  for (const puzzle of puzzles) {
    const words = puzzle.commandLine.example.split(' ');
    const asked = await askExample(at(url, puzzle.name, puzzle.commandLine.query(words, {})), puzzle);
    if (asked.body !== undefined) examples[puzzle.name] = asked.body;
    answeredAll &&= asked.answered;
    lines.push(`  ${ask} ${puzzle.name} ${words.map(shellWord).join(' ')}   ${asked.said}`);
  }
  console.log(json ? JSON.stringify({ health: health.answer, examples }, null, 2) : overviewText(url, health.answer as HealthResponse, lines, ask, puzzles));
  return answeredAll ? 0 : EXIT.unavailable;
}

/** The service's URL with a path under its own, and the query's fields. */
function at(url: URL, path: string, fields: Record<string, string> = {}): URL {
  const target = new URL(url);
  target.pathname = joinPath(url.pathname, path);
  for (const [name, value] of Object.entries(fields)) target.searchParams.set(name, value);
  return target;
}

/** The service's /health answer; an exit code, once said on stderr, when nothing answered or it refused. */
async function askHealth(health: URL, unreachable: (error: unknown) => number): Promise<{ answer: unknown } | number> {
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
  return { answer };
}

/** A puzzle's example asked once: a service that does not answer one is a line of the overview, not the end of it. */
async function askExample(asked: URL, puzzle: AskedPuzzle): Promise<ExampleAsked> {
  // the answer as it came, kept for --json even when its text cannot be read
  let body: unknown;
  try {
    const reply = await send(asked, 'GET');
    const replyText = await reply.text();
    body = replyText;
    try {
      body = JSON.parse(replyText);
    } catch {
      // not JSON: said as it came
    }
    const said =
      reply.status === 200
        ? answerLine(puzzle.commandLine.answerText(body), (body as { source?: string }).source)
        : reply.status === 202
          ? 'being solved in the background: ask again'
          : refusalText(asked, reply, body, replyText);
    return { body, said, answered: reply.status === 200 || reply.status === 202 };
  } catch (error) {
    return { body, said: `nothing answered (${String((error as Error).cause ?? (error as Error).message)})`, answered: false };
  }
}

/** The line of an answer's text that says how far and how it was found (it ends with its source), else its first. */
function answerLine(text: string, source: string | undefined): string {
  const lines = text.split('\n');
  return (source === undefined ? undefined : lines.find((line) => line.endsWith(`(${source})`))) ?? lines[0];
}

/** The overview as a person reads it: the health, the examples' lines, and the other questions, as commands to copy. */
function overviewText(url: URL, health: HealthResponse, lines: readonly string[], ask: string, puzzles: readonly AskedPuzzle[]): string {
  const judged = puzzles.filter((puzzle) => puzzle.judged).map((puzzle) => puzzle.name);
  return [
    healthText(url, health),
    '',
    "Each puzzle's example, asked:",
    ...lines,
    '',
    'More:',
    `  ${ask} stats   (every table's distances and farthest positions)`,
    ...(judged.length > 0 ? [`  ${ask} judge ${judged.join('|')} < input.txt   (judge input posted, judge output back)`] : []),
    `  ${ask} --help   (every question it takes)`,
  ].join('\n');
}
