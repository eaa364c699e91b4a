/**
 * GET /openapi.json: an OpenAPI 3.1 description of the whole API, made from the registry. Each
 * puzzle's HTTP role gives its query and answer schemas and its samples, its judge role (if it has
 * one) the judge's sample; the shared shapes come from api/schemas.ts. Nothing here names a
 * puzzle: a puzzle added to the registry is described with no change here. The document is made
 * once per container, on first request.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';
import { BatchErrorSchema, BatchSolvingSchema, ErrorSchema, HealthSchema, SolvingSchema, StatsSchema } from '../api/schemas';
import type { Puzzle } from '../puzzles/puzzle';
import type { Registry } from '../puzzles/registry';

type Json = Record<string, unknown>;

/** The API's bounds, as routes.ts and http.ts set them. */
export interface ApiBounds {
  readonly maxBatchQueries: number;
  readonly maxJudgeCases: number;
  readonly maxBodyBytes: number;
}

/** The schemas as JSON Schema 2020-12, the dialect of OpenAPI 3.1; `readonly` is the types' word only. */
function jsonSchema(schema: GenericSchema): Json {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, { target: 'draft-2020-12', ignoreActions: ['readonly'] }) as Json;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json, extra: Json = {}) => ({ 'application/json': { schema, ...extra } });

/** A refusal: JSON with one sentence. */
const refusal = (description: string) => ({ description, content: json(ref('Error')) });

/** The sentence a malformed query gets, as the puzzle itself words it (an empty query: its first field is missing). */
async function sampleRefusal(puzzle: Puzzle): Promise<string | undefined> {
  try {
    await puzzle.http.queryOf({}, () => Promise.reject(new Error('no goals while describing')));
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
}

async function puzzlePath(puzzle: Puzzle, bounds: ApiBounds): Promise<Json> {
  const { name, title, http, judge } = puzzle;
  const { query, samples, unanswerable } = http.description;
  const required = new Set(Object.entries(query.entries).flatMap(([field, schema]) => (schema.type === 'optional' || schema.type === 'nullish' ? [] : [field])));
  const properties = (jsonSchema(query).properties ?? {}) as Record<string, Json>;
  const parameters = Object.entries(properties).map(([field, schema]) => {
    // a query string has no null: a parameter is there or not
    const anyOf = Array.isArray(schema.anyOf) ? schema.anyOf.filter((one: Json) => one.type !== 'null') : undefined;
    const { description, examples, ...shape } = anyOf?.length === 1 ? { ...schema, ...anyOf[0], anyOf: undefined } : schema;
    return { name: field, in: 'query', required: required.has(field), description, schema: JSON.parse(JSON.stringify(shape)), ...(Array.isArray(examples) ? { example: examples[0] } : {}) };
  });
  const badQuery = await sampleRefusal(puzzle);
  const errors = {
    '400': { ...refusal('A malformed query: a field missing, unknown or of the wrong type, a board of the wrong size, characters or counts, or a value out of its range. The sentence says what to send instead.'), ...(badQuery ? { content: json(ref('Error'), { example: { error: badQuery } }) } : {}) },
    ...(unanswerable ? { '422': refusal(`A well-formed query that has no answer: ${unanswerable}`) } : {}),
    '503': puzzle.backgroundSolve
      ? {
          ...refusal('Neither the table nor a bounded search can answer now; or the question\'s background solve failed, or every solver is busy (Retry-After says when to ask again).'),
          headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait before asking again (a background solve that failed, or every solver busy).' } },
        }
      : refusal('Neither the table nor a bounded search can answer now; try again shortly.'),
    ...(puzzle.backgroundSolve
      ? {
          '202': {
            description:
              'The question needs more search than one request may spend: it is being solved in the background, once, and its answer kept. Ask again at Location after Retry-After seconds; once solved, the answer (source "kept") comes at once. Never cached.',
            headers: {
              Location: { schema: { type: 'string' }, description: 'The GET that asks the question again.' },
              'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait before asking again.' },
            },
            content: json(ref('Solving')),
          },
        }
      : {}),
  };
  const answerExamples = Object.fromEntries(samples.map((sample, i) => [`sample${i + 1}`, { summary: sample.summary, value: sample.answer }]));
  const queryExamples = Object.fromEntries(samples.map((sample, i) => [`sample${i + 1}`, { summary: sample.summary, value: sample.query }]));
  const component = (suffix: string) => ref(`${name}${suffix}`);
  return {
    get: {
      operationId: `${name}Get`,
      summary: title,
      description: 'One query, its fields as query parameters.',
      parameters,
      responses: { '200': { description: 'The answer, with every legal move\'s value.', content: json(component('Answer'), { examples: answerExamples }) }, ...errors },
    },
    post: {
      operationId: `${name}Post`,
      summary: title,
      description:
        `One query as a JSON object, or a batch {"queries": [...]} of up to ${bounds.maxBatchQueries} answered in order` +
        (judge ? `, or the judge's input as text/plain (up to ${bounds.maxJudgeCases} cases), answered as the judge prints it` : '') +
        `. A body is at most ${bounds.maxBodyBytes} bytes.`,
      requestBody: {
        required: true,
        content: {
          ...json({ anyOf: [component('Query'), component('Batch')] }, { examples: { ...queryExamples, batch: { summary: 'A batch', value: { queries: samples.map((sample) => sample.query) } } } }),
          ...(judge ? { 'text/plain': { schema: { type: 'string' }, example: judge.sample.input } } : {}),
        },
      },
      responses: {
        '200': {
          description: 'The answer to one query; for a batch, the answers in order, a failed query\'s slot holding its sentence and the status it would have had alone.' + (judge ? ' Judge input gets the judge\'s output.' : ''),
          content: {
            ...json({ anyOf: [component('Answer'), component('BatchAnswers')] }, { examples: answerExamples }),
            ...(judge ? { 'text/plain': { schema: { type: 'string' }, example: judge.sample.output } } : {}),
          },
        },
        ...errors,
        '413': refusal(`The body is over ${bounds.maxBodyBytes} bytes, or the batch has more than ${bounds.maxBatchQueries} queries` + (judge ? ` (${bounds.maxJudgeCases} judge cases)` : '') + '.'),
      },
    },
  };
}

function puzzleSchemas(puzzle: Puzzle, bounds: ApiBounds): Record<string, Json> {
  const { name, http } = puzzle;
  const query = ref(`${name}Query`);
  return {
    [`${name}Query`]: { ...jsonSchema(http.description.query), title: `${name} query`, examples: http.description.samples.map((sample) => sample.query) },
    [`${name}Answer`]: { ...jsonSchema(http.description.answer), title: `${name} answer` },
    [`${name}Batch`]: {
      type: 'object',
      properties: { queries: { type: 'array', items: query, maxItems: bounds.maxBatchQueries, description: `Up to ${bounds.maxBatchQueries} queries, answered in order.` } },
      required: ['queries'],
      additionalProperties: false,
    },
    [`${name}BatchAnswers`]: {
      type: 'object',
      properties: { answers: { type: 'array', items: { anyOf: [ref(`${name}Answer`), ref('BatchError'), ...(puzzle.backgroundSolve ? [ref('BatchSolving')] : [])] } } },
      required: ['answers'],
      additionalProperties: false,
    },
  };
}

/** A path's CORS preflight: 204, naming the methods it answers and the headers a request may send. */
function preflightOf(path: string, methods: readonly string[]): Json {
  const header = (description: string) => ({ schema: { type: 'string' }, description });
  return {
    operationId: `preflight${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase()) || 'Page'}`,
    summary: 'CORS preflight: any origin may call the API',
    responses: {
      '204': {
        description: 'Nothing; the headers allow the request.',
        headers: {
          'Access-Control-Allow-Origin': header('`*`: any origin (every answer carries it too).'),
          'Access-Control-Allow-Methods': header(`The methods ${path} answers: ${methods.map((method) => method.toUpperCase()).join(', ')}, OPTIONS.`),
          'Access-Control-Allow-Headers': header('content-type, x-amz-content-sha256.'),
          'Access-Control-Max-Age': header('How long a browser may keep this: a day.'),
        },
      },
    },
  };
}

/** HEAD answers as GET does, without the body. */
function headOf(get: Json): Json {
  const responses = Object.fromEntries(Object.entries(get.responses as Record<string, Json>).map(([status, { description }]) => [status, { description }]));
  return { ...get, operationId: `${String(get.operationId)}Head`, responses };
}

export async function openApiDocument({ PUZZLES }: Registry, bounds: ApiBounds): Promise<Json> {
  const page = { operationId: 'page', summary: 'The page: edit a board, solve it, watch the line played', responses: { '200': { description: 'The page, self-contained.', content: { 'text/html': { schema: { type: 'string' } } } } } };
  const favicon = { operationId: 'favicon', summary: 'No icon (so that a browser\'s page load is not a 404)', responses: { '204': { description: 'Nothing.' } } };
  const health = {
    operationId: 'health',
    summary: 'Whether the tables can answer now, and each table\'s state',
    responses: {
      '200': { description: 'The tables can be read now (status "ok").', content: json(ref('Health')) },
      '503': { description: 'Degraded (status "degraded", with a sentence why): answers still come, by search.', content: json(ref('Health')) },
    },
  };
  const stats = { operationId: 'stats', summary: 'Each table\'s positions per distance, depth, farthest positions and cost', responses: { '200': { description: 'The tables\' figures.', content: json(ref('Stats')) } } };
  const openapi = { operationId: 'openapi', summary: 'This description', responses: { '200': { description: 'An OpenAPI 3.1 document.', content: json({ type: 'object' }) } } };
  const paths: Record<string, Json> = {
    '/': { get: page, head: headOf(page) },
    '/favicon.ico': { get: favicon, head: { ...favicon, operationId: 'faviconHead' } },
  };
  for (const puzzle of PUZZLES) paths[`/${puzzle.name}`] = await puzzlePath(puzzle, bounds);
  Object.assign(paths, {
    '/health': { get: health, head: headOf(health) },
    '/stats': { get: stats, head: headOf(stats) },
    '/openapi.json': { get: openapi, head: headOf(openapi) },
  });
  // every path answers a browser's preflight (a page on another origin may call the API)
  for (const [path, item] of Object.entries(paths)) item.options = preflightOf(path, Object.keys(item));
  return {
    openapi: '3.1.0',
    // the origin the document was read from: the local URL, the Function URL, or the public edge
    servers: [{ url: '/', description: 'This service: the origin this document was read from (npm start\'s local URL, the Function URL, or the public edge).' }],
    info: {
      title: 'tablebase',
      // the API's version: its routes and shapes, not the package's
      version: '1',
      description:
        `Perfect, instant answers to ${PUZZLES.map((puzzle) => puzzle.title).join('; ')}. ` +
        'Every refusal is JSON {"error": "a sentence"}: 400 a malformed request, 404 a path that is not here (404 on any path not listed), 405 a method a path does not answer (with an Allow header), 413 too large a body, 422 a well-formed query that has no answer, 503 when neither the table nor a bounded search can answer now. A question past one request\'s search (the 15-puzzle\'s hardest boards) gets 202 while it is solved in the background, with Location and Retry-After, and then its kept answer. Answers and refusals that depend on the query alone are kept a day (Cache-Control).',
    },
    paths,
    components: {
      schemas: {
        ...Object.assign({}, ...PUZZLES.map((puzzle) => puzzleSchemas(puzzle, bounds))),
        Health: jsonSchema(HealthSchema),
        Stats: jsonSchema(StatsSchema),
        Error: jsonSchema(ErrorSchema),
        BatchError: jsonSchema(BatchErrorSchema),
        Solving: jsonSchema(SolvingSchema),
        BatchSolving: jsonSchema(BatchSolvingSchema),
      },
      responses: {
        NotFound: refusal('There is nothing at that path; the sentence lists the paths there are.'),
        MethodNotAllowed: { ...refusal('The path does not answer that method; the sentence and the Allow header say which it does.'), headers: { Allow: { schema: { type: 'string' }, description: 'The methods the path answers.' } } },
        PayloadTooLarge: refusal(`The body is over ${bounds.maxBodyBytes} bytes.`),
      },
    },
  };
}
