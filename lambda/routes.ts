/**
 * The API's routes: path and method to the function that answers. Each one only translates
 * between the request and domain calls; statuses for failures come from errors.ts.
 */
import { formatEightJudge, parseEightJudge } from '../core/judge/eight';
import { formatKnightsJudge, parseKnightsJudge } from '../core/judge/knights';
import type { SearchBudget } from '../core/ida-star';
import { MethodNotAllowedError, PayloadTooLargeError, RouteNotFoundError } from './errors';
import { type ApiRequest, type ApiResponse, MAX_BODY_BYTES } from './http';
import { PAGE_SECURITY_POLICY, pageHtml } from './page/serve';
import { eightQueryOf, isJudgeInput, knightsQueryOf } from './requests';
import { eightResponse, healthResponse, knightsResponse } from './responses';
import type { EightResult, KnightsResult, Source, Tablebase } from './tablebase';
import type { KnightsQuery } from '../core/knights/query';
import type { EightQuery } from '../core/eight/query';

/** Most cases in one judge batch; more get 413. */
export const MAX_JUDGE_CASES = 1000;
/** Cases of a batch answered at once (table reads overlap; searches run one after another). */
const BATCH_PARALLELISM = 16;

export interface RouteContext {
  readonly tablebase: Tablebase;
  /** A fresh budget for the searches of this request. */
  readonly budget: () => SearchBudget;
  /** Records how the answer was found, for the request's log line. */
  readonly noteSource: (source: Source) => void;
  /** Records which route answered (the pattern, not the raw path), for the request's log line. */
  readonly noteRoute: (route: string) => void;
}

type Route = (request: ApiRequest, context: RouteContext) => Promise<ApiResponse>;

const ROUTES: Record<string, Record<string, Route>> = {
  '/': { GET: page, HEAD: headOf(page) },
  '/knights': { GET: knights, POST: knights },
  '/eight': { GET: eight, POST: eight },
  '/health': { GET: health, HEAD: headOf(health) },
};

/** HEAD answers as GET does, headers and status, without the body (what monitors expect). */
function headOf(get: Route): Route {
  return async (request, context) => ({ ...(await get(request, context)), head: true });
}

export async function route(request: ApiRequest, context: RouteContext): Promise<ApiResponse> {
  const path = request.path.replace(/\/+$/, '') || '/';
  const methods = ROUTES[path];
  if (!methods || !Object.hasOwn(ROUTES, path)) {
    throw new RouteNotFoundError(`There is nothing at ${path.slice(0, 80)}; the API has ${Object.keys(ROUTES).join(', ')}.`);
  }
  context.noteRoute(path);
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

async function knights(request: ApiRequest, context: RouteContext): Promise<ApiResponse> {
  if (isJudgeInput(request)) {
    return judgeBatch<KnightsQuery, KnightsResult>(request, context, parseKnightsJudge, (query, budget) => context.tablebase.knights(query, budget), formatKnightsJudge);
  }
  const query = knightsQueryOf(request);
  const answer = await context.tablebase.knights(query, context.budget());
  context.noteSource(answer.source);
  return { status: 200, body: knightsResponse(query, answer) };
}

async function eight(request: ApiRequest, context: RouteContext): Promise<ApiResponse> {
  if (isJudgeInput(request)) {
    return judgeBatch<EightQuery, EightResult>(request, context, parseEightJudge, (query, budget) => context.tablebase.eight(query, budget), formatEightJudge);
  }
  const query = eightQueryOf(request);
  const answer = await context.tablebase.eight(query, context.budget());
  context.noteSource(answer.source);
  return { status: 200, body: eightResponse(query, answer) };
}

async function page(): Promise<ApiResponse> {
  return { status: 200, body: pageHtml(), headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': PAGE_SECURITY_POLICY } };
}

async function health(_request: ApiRequest, context: RouteContext): Promise<ApiResponse> {
  return { status: 200, body: healthResponse(await context.tablebase.health()) };
}

/** A text/plain judge batch: every case answered with one shared search budget, judge output back. */
async function judgeBatch<Query, Answer extends { source: Source }>(
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
  answers.forEach((found) => context.noteSource(found.source));
  return { status: 200, body: format(answers) };
}
