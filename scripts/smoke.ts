/**
 * `npm run smoke -- --url URL`: after a deploy, one question per puzzle (each puzzle's own example,
 * from the registry) asked through the public edge twice, its query once raw, as a person types
 * it (`board=10110/01*11/...`: `/` and `*` unencoded), once encoded as a signature encodes it
 * (core/query-string.ts). It prints what each got and exits 1 on any difference between the two,
 * or when either is not an answer (a status other than 200); 2 when the command line is wrong.
 * The two forms must be one question to the edge (one cache key, one signed request to the
 * function), and the same question to the local URL of `npm start`.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { parserSentence } from './command-options';
import { queryString } from '../core/query-string';
import { registry } from '../puzzles/registered';

const USAGE = 'usage: npm run smoke -- --url URL   (the edge\'s URL, the stack\'s Url output; or npm start\'s local URL)';

/** One puzzle's example question, written both ways. */
export interface SmokeQuestion {
  readonly puzzle: string;
  /** The path and query as a person types them: values unencoded. */
  readonly raw: string;
  /** The path and query encoded as SigV4 canonicalises them. */
  readonly encoded: string;
}

/** Each puzzle's example question (what npm start offers to try), raw and encoded. */
export async function smokeQuestions(): Promise<SmokeQuestion[]> {
  return (await registry.withOfflineRoles()).map(({ puzzle, offline }) => {
    const fields = offline.commandLine.query(offline.commandLine.example.split(' '), {});
    return {
      puzzle: puzzle.name,
      raw: `/${puzzle.name}?${Object.entries(fields).map(([name, value]) => `${name}=${value}`).join('&')}`,
      encoded: `/${puzzle.name}?${queryString(fields)}`,
    };
  });
}

interface Got {
  readonly status: number;
  /** The body, JSON when it is, without `cached` (whether this instance's cache answered differs by the order of asking). */
  readonly body: unknown;
  /** What the edge says of its cache (CloudFront's X-Cache), if anything. */
  readonly cache: string | undefined;
}

async function get(base: URL, target: string): Promise<Got | string> {
  // the target is joined as text: a URL object would re-encode what the raw form leaves raw
  const url = `${base.origin}${base.pathname.replace(/\/+$/, '')}${target}`;
  try {
    const response = await fetch(url);
    const text = await response.text();
    let body: unknown = text;
    try {
      const { cached: _, ...rest } = JSON.parse(text) as Record<string, unknown>;
      body = rest;
    } catch {
      // not JSON: compared as text
    }
    return { status: response.status, body, cache: response.headers.get('x-cache') ?? undefined };
  } catch (error) {
    return `nothing answered (${String((error as Error).cause ?? (error as Error).message)})`;
  }
}

/** What an answer says, in a few words: its distance and source, or the refusal's sentence (the function's `error`, a Function URL's or the edge's `message`). */
function summary(got: Got): string {
  const body = (typeof got.body === 'object' && got.body !== null ? got.body : {}) as { steps?: unknown; source?: unknown; error?: unknown; message?: unknown };
  const said =
    body.steps !== undefined ? `steps ${String(body.steps)} (${String(body.source)})` : body.error !== undefined || body.message !== undefined ? `refused: ${String(body.error ?? body.message)}` : JSON.stringify(got.body).slice(0, 80);
  return `${got.status} ${said}${got.cache ? ` [${got.cache}]` : ''}`;
}

export async function main(argv: string[], out: (line: string) => void = console.log): Promise<number> {
  let url: URL;
  try {
    const { values } = parseArgs({ args: argv, options: { url: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false });
    if (values.help) {
      out(USAGE);
      return 0;
    }
    if (values.url === undefined) throw new Error('--url is missing.');
    url = new URL(values.url);
    if (!/^https?:$/.test(url.protocol)) throw new Error(`--url must be an http(s) URL; got "${values.url}".`);
  } catch (error) {
    console.error(`${parserSentence(error)}\n${USAGE}`);
    return 2;
  }
  const questions = await smokeQuestions();
  const width = Math.max(...questions.map((question) => question.puzzle.length));
  let failed = 0;
  for (const question of questions) {
    const raw = await get(url, question.raw);
    const encoded = await get(url, question.encoded);
    for (const [form, target, got] of [['raw    ', question.raw, raw], ['encoded', question.encoded, encoded]] as const) {
      out(`${question.puzzle.padEnd(width)}  ${form}  GET ${target}  ->  ${typeof got === 'string' ? got : summary(got)}`);
    }
    const problem =
      typeof raw === 'string' || typeof encoded === 'string'
        ? 'no answer'
        : raw.status !== 200 || encoded.status !== 200
          ? 'not an answer'
          : JSON.stringify(raw.body) !== JSON.stringify(encoded.body)
            ? 'the two answers differ'
            : undefined;
    out(`${question.puzzle.padEnd(width)}  ${problem ? `FAILED: ${problem}` : 'the same answer both ways'}`);
    if (problem) failed++;
  }
  out(failed === 0 ? `smoke: ${questions.length} puzzles answered alike, raw and encoded, at ${url.origin}` : `smoke: ${failed} of ${questions.length} puzzles failed at ${url.origin}`);
  return failed === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main(process.argv.slice(2));
