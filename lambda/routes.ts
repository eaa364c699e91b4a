/**
 * The API's routes: path and method to the function that answers, one route per puzzle of the
 * registry it is made for. Each one only translates between the request and domain calls;
 * statuses for failures come from errors.ts.
 */
import type { SearchBudget } from '../core/ida-star';
import type { Puzzle } from '../puzzles/puzzle';
import type { Answer, Source } from '../puzzles/roles/answer';
import type { LoadedTables } from '../puzzles/roles/stored-tables';
import type { Registry } from '../puzzles/registry';
import { MethodNotAllowedError, PayloadTooLargeError, RouteNotFoundError, messageOf, statusOf } from './errors';
import { SolvingInBackgroundError } from './background-solves';
import { type ApiRequest, type ApiResponse, MAX_BODY_BYTES } from './http';
import { PAGE_SECURITY_POLICY, pageHtml } from './web-page/serve';
import { bodyOf, isJudgeInput } from './requests';
import { NO_STORE, isLastingRefusal } from './cache-control';
import { InvalidInputError } from '../core/errors';
import { queryString } from '../core/query-string';
import { batchSolvingResponse, healthResponse, statsResponse } from './responses';
import type { FieldsWritten } from '../puzzles/fields';
import type { AnswerService } from './answer-service';

/** Most cases in one judge batch; more get 413. */
export const MAX_JUDGE_CASES = 1000;
/** Most queries in one JSON batch; more get 413. */
export const MAX_BATCH_QUERIES = 1000;
/** Cases of a batch answered at once (table reads overlap; searches run one after another). */
const BATCH_PARALLELISM = 16;

export interface RouteContext {
  readonly answers: AnswerService;
  /** A fresh budget for the searches of this request. */
  readonly budget: () => SearchBudget;
  /** Records how the answer was found (or that it came from the cache), for the request's log line and metrics. */
  readonly noteSource: (source: Source | 'cache') => void;
  /** Records which route answered (the pattern, not the raw path), for the request's log line. */
  readonly noteRoute: (route: string) => void;
}

type Route = (request: ApiRequest, context: RouteContext) => Promise<ApiResponse>;

/** The API of a registry's puzzles: where a request goes, and which paths answer puzzle questions. */
export interface Router {
  route(request: ApiRequest, context: RouteContext): Promise<ApiResponse>;
  /** The routes that answer puzzle questions (their answers can be kept: see cache-control.ts). */
  readonly answerRoutes: ReadonlySet<string>;
}

export function routerOf(registry: Registry): Router {
  const { PUZZLES } = registry;
  const openapi = describedBy(registry);
  const routes: Record<string, Record<string, Route>> = {
    '/': { GET: page, HEAD: headOf(page) },
    '/favicon.ico': { GET: favicon, HEAD: favicon },
    ...Object.fromEntries(PUZZLES.map((puzzle) => [`/${puzzle.name}`, { GET: puzzleRoute(puzzle), POST: puzzleRoute(puzzle) }])),
    '/health': { GET: health, HEAD: headOf(health) },
    '/stats': { GET: stats, HEAD: headOf(stats) },
    '/openapi.json': { GET: openapi, HEAD: headOf(openapi) },
  };
  return { route: (request, context) => route(routes, request, context), answerRoutes: new Set(PUZZLES.map((puzzle) => `/${puzzle.name}`)) };
}

/** HEAD answers as GET does, headers and status, without the body (what monitors expect). */
function headOf(get: Route): Route {
  return async (request, context) => ({ ...(await get(request, context)), head: true });
}

async function route(routes: Record<string, Record<string, Route>>, request: ApiRequest, context: RouteContext): Promise<ApiResponse> {
  const path = request.path.replace(/\/+$/, '') || '/';
  const methods = routes[path];
  if (!methods || !Object.hasOwn(routes, path)) {
    throw new RouteNotFoundError(`There is nothing at ${path.slice(0, 80)}; the API has ${Object.keys(routes).filter((one) => one !== '/favicon.ico').join(', ')}.`);
  }
  context.noteRoute(path);
  if (request.method === 'OPTIONS') return preflight(Object.keys(methods));
  const answer = Object.hasOwn(methods, request.method) ? methods[request.method] : undefined;
  if (!answer) {
    const allowed = Object.keys(methods);
    throw new MethodNotAllowedError(`${path} answers ${allowed.join(' and ')}, not ${request.method.slice(0, 20)}.`, allowed);
  }
  if (request.bodyBytes > MAX_BODY_BYTES) {
    throw new PayloadTooLargeError(`The body is ${request.bodyBytes} bytes; the limit is ${MAX_BODY_BYTES} bytes (1 MiB).`);
  }
  return answer(request, context);
}

/** A puzzle's questions: judge input (text/plain) when it has a judge format, or JSON, one query or a batch. */
function puzzleRoute<Q, A extends Answer>(puzzle: Puzzle<Q, A>): Route {
  const { judge, http } = puzzle;
  return async (request, context) => {
    const { answers } = context;
    if (judge && isJudgeInput(request)) {
      return judgeBatch(request, context, (input) => judge.queries(input), (query, budget) => answers.answer(puzzle, query, budget), (answers) => judge.output(answers));
    }
    if (request.method === 'GET' && request.query.size === 0) {
      const [sample] = http.description.samples;
      throw new InvalidInputError(`GET /${puzzle.name} takes its question as query parameters, and none came; for example /${puzzle.name}?${queryString(sample.query as Record<string, string | number>)} (or POST the JSON ${http.example}).`);
    }
    // The catalogue of loaded tables is read once a request, and only for a puzzle whose queries can name a table loaded later (a goal of someone's own).
    let loaded: Promise<LoadedTables> | undefined;
    const loadedTables = () => (loaded ??= answers.guard.loadedTables());
    return answerJson(request, context, http.example, (fields, written) => http.queryOf(fields, loadedTables, written), async (query, budget, single) =>
      http.respond(query, note(context, await answers.answer(puzzle, query, budget, { moves: true, background: single ? 'start' : 'read' }))),
    );
  };
}

function note<T extends { source: Source; cached: boolean }>(context: RouteContext, answer: T): T {
  context.noteSource(answer.cached ? 'cache' : answer.source);
  return answer;
}

/**
 * A JSON question, or a batch of them ({"queries": [...]}), answered in order. The batch's
 * queries run together, so that the pages they need go out as BatchGetItem calls rather than one
 * read each; they share one search budget, as a judge batch does. A query that fails holds its
 * error in its own slot, with the status it would have had alone.
 */
async function answerJson<Query>(
  request: ApiRequest,
  context: RouteContext,
  example: string,
  parse: (fields: unknown, written: FieldsWritten) => Query | Promise<Query>,
  /** single: the request's one question (a batch's questions share its budget). */
  answer: (query: Query, budget: SearchBudget, single: boolean) => Promise<unknown>,
): Promise<ApiResponse> {
  const body = bodyOf(request, example);
  if (body.kind === 'single') return { status: 200, body: await answer(await parse(body.fields, body.written), context.budget(), true) };
  if (body.queries.length > MAX_BATCH_QUERIES) {
    throw new PayloadTooLargeError(`The batch has ${body.queries.length} queries; one request answers at most ${MAX_BATCH_QUERIES}.`);
  }
  const budget = context.budget();
  let transient = false;
  const answers = await Promise.all(
    body.queries.map(async (item, index): Promise<unknown> => {
      try {
        return await answer(await parse(item, 'json'), budget, false);
      } catch (error) {
        if (error instanceof SolvingInBackgroundError) {
          transient = true;
          return batchSolvingResponse(error);
        }
        const status = statusOf(error);
        if (status === 500) throw error;
        if (!isLastingRefusal(status, error)) transient = true;
        return { error: `Query ${index + 1}: ${messageOf(error)}`, status };
      }
    }),
  );
  // a batch is kept only as long as its every slot would be alone: one answer of the moment (a 503,
  // a question being solved, a goal not loaded yet) makes the whole batch one
  return { status: 200, body: { answers }, headers: transient ? { 'cache-control': NO_STORE } : undefined };
}

/**
 * A browser's preflight before a call from another origin: every route may be called from any
 * origin (a public, read-only API: no cookies, no credentials), and says which methods it takes.
 */
function preflight(methods: readonly string[]): ApiResponse {
  return {
    status: 204,
    body: '',
    headers: {
      'access-control-allow-methods': [...methods, 'OPTIONS'].join(', '),
      'access-control-allow-headers': PREFLIGHT_HEADERS,
      'access-control-max-age': '86400',
    },
  };
}

/** The headers a call from another origin may send: a body's type, and the body's hash an IAM-signed edge needs. */
const PREFLIGHT_HEADERS = 'content-type, x-amz-content-sha256';

/** The page has no icon: say so without an error, so that a browser's every page load is not a 404. */
async function favicon(): Promise<ApiResponse> {
  return { status: 204, body: '' };
}

async function page(): Promise<ApiResponse> {
  return { status: 200, body: pageHtml(), headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': PAGE_SECURITY_POLICY } };
}

/**
 * The registry's OpenAPI document, made at its first request (one per router, as the page is built
 * once: it changes only with the function's version). Imported then too: the description and its
 * JSON Schema converter cost the function's start nothing.
 */
function describedBy(registry: Registry): Route {
  let described: Promise<Record<string, unknown>> | undefined;
  return async () => {
    described ??= import('./openapi')
      .then(({ openApiDocument }) => openApiDocument(registry, { maxBatchQueries: MAX_BATCH_QUERIES, maxJudgeCases: MAX_JUDGE_CASES, maxBodyBytes: MAX_BODY_BYTES }))
      .catch((error: unknown) => {
        described = undefined; // a bug, answered 500 once: the next request tries again
        throw error;
      });
    return { status: 200, body: await described };
  };
}

async function health(_request: ApiRequest, context: RouteContext): Promise<ApiResponse> {
  // 503 when the tables cannot answer now (the answers still come, by search): what monitors watch.
  const health = await context.answers.health();
  return { status: health.degraded === undefined ? 200 : 503, body: healthResponse(health) };
}

/** The loaded tables' statistics, from their manifests (one read each, cached like every manifest). */
async function stats(_request: ApiRequest, context: RouteContext): Promise<ApiResponse> {
  return { status: 200, body: statsResponse(await context.answers.health({ fresh: false })) };
}

/** A text/plain judge batch: every case answered with one shared search budget, judge output back. */
async function judgeBatch<Query, Answer extends { source: Source; cached: boolean }>(
  request: ApiRequest,
  context: RouteContext,
  parse: (input: string) => Query[],
  answer: (query: Query, budget: SearchBudget) => Promise<Answer>,
  format: (answers: Answer[]) => string,
): Promise<ApiResponse> {
  const queries = parse(request.body);
  if (queries.length > MAX_JUDGE_CASES) {
    throw new PayloadTooLargeError(`The batch has ${queries.length} cases; one request answers at most ${MAX_JUDGE_CASES}.`);
  }
  const budget = context.budget();
  const answers: Answer[] = [];
  for (let i = 0; i < queries.length; i += BATCH_PARALLELISM) {
    answers.push(...(await Promise.all(queries.slice(i, i + BATCH_PARALLELISM).map((query) => answer(query, budget)))));
  }
  answers.forEach((found) => context.noteSource(found.cached ? 'cache' : found.source));
  return { status: 200, body: format(answers) };
}
