import fc from 'fast-check';
import type { LambdaFunctionURLEvent } from 'aws-lambda';
import { searchOnlyHandler } from '../support/service';
import { describe, expect, it } from 'vitest';
import { functionUrlEvent, lambdaContext } from '../support/function-url';
import { SEED } from '../../core/seeded';
import { eightBoardArbitrary } from '../../puzzles/eight/seeded-inputs';
import { knightsBoardArbitrary } from '../../puzzles/knights/seeded-inputs';
import { requestFromEvent } from '../../lambda/http';
import { InvalidInputError } from '../../core/errors';
import { checkAgainstDescription } from '../support/openapi-check';

const handler = searchOnlyHandler();
// 204: a preflight (OPTIONS) or the page's icon
const ALLOWED = new Set([200, 204, 400, 404, 405, 413, 422, 503]);

const unicode = fc.string({ unit: 'binary', maxLength: 60 });
const knightsText = fc.tuple(knightsBoardArbitrary, fc.boolean()).map(([board, rows]) => (rows ? board.match(/.{5}/g)!.join('/') : board));
const eightText = eightBoardArbitrary.map((board) => board.map((v) => (v === 0 ? 'X' : v)).join(''));
const fieldValue = fc.oneof(knightsText, eightText, unicode, fc.constantFrom('standard', '15', '0', '-1', '1e3', ''), fc.jsonValue());
const fields = fc.dictionary(fc.oneof(fc.constantFrom('board', 'goal', 'limit', 'from', 'to'), unicode), fieldValue, { maxKeys: 4 });

const body = fc.oneof(
  fc.constant(undefined),
  fields.map((value) => JSON.stringify(value)),
  // JSON batches: good, bad and odd queries together, and "queries" that is no array at all
  fc.array(fc.oneof(fields, fc.jsonValue()), { maxLength: 6 }).map((queries) => JSON.stringify({ queries })),
  fc.jsonValue().map((queries) => JSON.stringify({ queries })),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  unicode,
  fc.tuple(fc.nat(4), fc.array(fc.oneof(knightsText, eightText, unicode), { maxLength: 12 })).map(([count, lines]) => [count, ...lines].join('\n')),
);

/** Well-formed requests with random positions: they reach the search and the answers. */
const wellFormed = fc.oneof(
  fc.tuple(knightsText, fc.nat(15)).map(([board, limit]) => ({ path: '/knights', query: new URLSearchParams({ board, limit: String(limit) }).toString() })),
  knightsText.map((board) => ({ method: 'POST', path: '/knights', body: JSON.stringify({ board }), headers: { 'content-type': 'application/json' } })),
  fc.tuple(eightText, eightText).map(([from, to]) => ({ path: '/eight', query: new URLSearchParams({ from, to }).toString() })),
  fc.array(fc.tuple(eightText, eightText), { minLength: 1, maxLength: 3 }).map((pairs) => ({
    method: 'POST',
    path: '/eight',
    body: `${pairs.length}\n${pairs.map((pair) => pair.join('\n')).join('\n')}\n`,
    headers: { 'content-type': 'text/plain' },
  })),
  fc.constant({ path: '/health' }),
  fc.constant({ path: '/stats' }),
  fc.array(fc.oneof(knightsText.map((board) => ({ board })), fields), { maxLength: 5 }).map((queries) => ({
    method: 'POST',
    path: '/knights',
    body: JSON.stringify({ queries }),
    headers: { 'content-type': 'application/json' },
  })),
).map((spec) => functionUrlEvent(spec));

const arbitraryEvent = fc
  .record({
    method: fc.oneof(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH', 'get'), unicode),
    path: fc.oneof(
      fc.constantFrom('/knights', '/eight', '/health', '/stats', '/', '/knights/', '/eight//', '//health'),
      unicode.map((s) => `/${s}`),
      unicode,
      // a question in the path, as the public edge forwards it (lambda/edge-question.ts), or a broken one
      fc.tuple(fc.constantFrom('/knights', '/eight', '/fifteen', '/stats', ''), fields).map(([at, value]) => `${at}/~${Buffer.from(new URLSearchParams(Object.entries(value).map(([k, v]): [string, string] => [k, String(v)])).toString()).toString('base64url')}`),
      fc.tuple(fc.constantFrom('/knights', '/eight', '/nowhere'), unicode).map(([at, s]) => `${at}/~${s}`),
    ),
    query: fc.oneof(
      fc.constant(''),
      fields.map((value) => new URLSearchParams(Object.entries(value).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString()),
      unicode,
    ),
    headers: fc.dictionary(unicode, unicode, { maxKeys: 3 }),
    contentType: fc.constantFrom(undefined, 'application/json', 'text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded', 'TEXT/PLAIN', ''),
    body,
  })
  .map(({ contentType, headers, ...spec }) =>
    functionUrlEvent({ ...spec, headers: contentType === undefined ? headers : { ...headers, 'content-type': contentType } }),
  );

const event = fc.oneof({ arbitrary: wellFormed, weight: 1 }, { arbitrary: arbitraryEvent, weight: 2 });

/** Events that are not even shaped right: missing parts, wrong types, broken base64. */
const malformed = fc.oneof(
  event.map((e) => ({ ...e, requestContext: undefined })),
  event.map((e) => ({ ...e, headers: undefined, rawQueryString: undefined, rawPath: undefined })),
  event.map((e) => ({ ...e, body: '%%% not base64 %%%', isBase64Encoded: true })),
  event.map((e) => ({ ...e, rawQueryString: 'board=%E0%A4%A&limit=%' })),
) as unknown as fc.Arbitrary<LambdaFunctionURLEvent>;

const statuses = new Map<number, number>();

async function expectWellBehaved(input: LambdaFunctionURLEvent) {
  const result = await handler(input, lambdaContext());
  statuses.set(result.statusCode!, (statuses.get(result.statusCode!) ?? 0) + 1);
  expect(ALLOWED.has(result.statusCode!), `status ${result.statusCode} for ${JSON.stringify(input).slice(0, 300)}`).toBe(true);
  // every answer is one the API's description gives, read as the function reads the request
  let read: { method: string; path: string } | undefined;
  try {
    read = requestFromEvent(input);
  } catch (error) {
    // a malformed question in the path: refused before any route (400)
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(result.statusCode).toBe(400);
  }
  if (read) await checkAgainstDescription({ method: read.method, path: read.path }, { status: result.statusCode!, headers: result.headers ?? {}, text: result.body ?? '' });
  const answers = result.statusCode === 200 && result.body?.startsWith('{"answers"') ? (JSON.parse(result.body).answers as { error?: string }[]) : [];
  for (const slot of answers) if (slot.error !== undefined) expect(slot.error).toMatch(/^Query \d+: .{10,}[.;:!?)]$/s);
  if (result.statusCode! >= 400 && result.body !== '') {
    const parsed = JSON.parse(result.body!);
    // a refusal's sentence, or a degraded /health's
    const sentence = parsed.status === 'degraded' ? parsed.message : parsed.error;
    expect(typeof sentence).toBe('string');
    expect(sentence.length).toBeGreaterThan(10);
    expect(sentence).toMatch(/[.;:!?)]$|\d$/); // a sentence, not a stack trace
    expect(sentence).not.toMatch(/\n\s+at /);
  }
}

describe('the handler under fuzzing', () => {
  it('never throws, never answers 5xx (but 503), and explains every refusal', async () => {
    await fc.assert(fc.asyncProperty(event, expectWellBehaved), { numRuns: 600, seed: SEED });
    // The inputs reach past the front door: some are answered, most refused for many reasons.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(100);
    expect(statuses.get(422) ?? 0).toBeGreaterThan(10);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(15);
    expect(statuses.get(404) ?? 0).toBeGreaterThan(10);
    expect(statuses.get(405) ?? 0).toBeGreaterThan(10);
  });

  it('survives malformed events', async () => {
    await fc.assert(fc.asyncProperty(malformed, expectWellBehaved), { numRuns: 200, seed: SEED });
  });
});
