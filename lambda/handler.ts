/**
 * The Function URL handler: event in, result out. It turns the event into a typed request,
 * routes it, turns failures into statuses (errors.ts), and logs one structured line per request.
 * Everything it needs comes in as the app state, built once per container by functions/api.ts.
 */
import type { APIGatewayProxyStructuredResultV2 as FunctionUrlResult, Context, LambdaFunctionURLEvent } from 'aws-lambda';
import { type SearchBudget, budgetOf } from '../core/ida-star';
import type { Clock } from '../core/clock';
import type { AnswerService } from './answer-service';
import type { AppState } from './app-state';
import { MethodNotAllowedError, messageOf, statusOf } from './errors';
import { SolveUnavailableError, SolvingInBackgroundError } from './background-solves';
import { RefusedForNowError } from '../core/errors';
import { cacheControlFor } from './cache-control';
import { type ApiResponse, methodOf, requestFromEvent, resultFromResponse } from './http';
import type { Log } from './log';
import { errorResponse, solvingResponse } from './responses';
import { type RouteContext, routerOf } from './routes';
import { NO_METRICS, type Served } from './metrics';

/** What the handler reads of the invocation's context (the local Function URL provides the same). */
export type InvocationContext = Pick<Context, 'getRemainingTimeInMillis' | 'awsRequestId'> & Partial<Context>;

export type FunctionUrlHandler = (event: LambdaFunctionURLEvent, context: InvocationContext) => Promise<FunctionUrlResult>;

/** An error's text in a log line is cut here: enough for the message, never a whole body echoed back. */
const LOG_ERROR_CHARS = 300;
/** The method as logged is cut here: a client can send any token as a method. */
const LOG_METHOD_CHARS = 20;

export function createHandler(app: Pick<AppState, 'registry' | 'answers' | 'clock' | 'log' | 'search'> & Partial<Pick<AppState, 'metrics'>>): FunctionUrlHandler {
  const { clock, log, search } = app;
  const router = routerOf(app.registry);
  const metrics = app.metrics ?? NO_METRICS;

  return async (event, context) => {
    const started = clock.now();
    if (isFullContext(context)) log.addContext?.(context);
    let response: ApiResponse;
    let failure: unknown;
    let method = '?';
    // One deadline for the whole request, table reads and searches alike, never past the time left;
    // the node cap is each search's own (a fresh budget per search, on the shared deadline).
    const latest = started + Math.max(0, context.getRemainingTimeInMillis() - search.reserveMs);
    const deadline = Math.min(started + search.maxMs, latest);
    const notes = new RequestNotes(app.answers, clock, search.maxNodes, deadline, latest);
    try {
      // the method first: a request refused as it is read (a malformed question in the path) is still a HEAD's, without a body
      method = methodOf(event).slice(0, LOG_METHOD_CHARS);
      const request = requestFromEvent(event);
      response = await router.route(request, notes);
    } catch (error) {
      failure = error;
      response = {
        status: statusOf(error),
        body: error instanceof SolvingInBackgroundError ? solvingResponse(error) : errorResponse(messageOf(error)),
        headers: headersOf(error),
        // a refusal of HEAD (404, 405) has no body either: HTTP says so, and the description does
        head: method === 'HEAD',
      };
    }
    const { served, route: matched } = notes;
    const latencyMs = Math.round((clock.now() - started) * 10) / 10;
    metrics.request({ served, status: response.status, latencyMs });
    const fields: Record<string, unknown> = {
      route: matched,
      method,
      status: response.status,
      source: served,
      latencyMs,
      outcome: response.status === 202 ? 'solving' : response.status < 400 ? 'answered' : response.status < 500 ? 'refused' : response.status === 503 ? 'unavailable' : 'failed',
    };
    if (failure) {
      fields.error = failure instanceof Error ? `${failure.name}: ${failure.message}`.slice(0, LOG_ERROR_CHARS) : String(failure);
      if (statusOf(failure) === 500 && failure instanceof Error) fields.stack = failure.stack;
    }
    logRequest(log, response.status, fields);
    // a 202 says how a solve stands now: never kept
    const lasting = !(failure instanceof RefusedForNowError || failure instanceof SolvingInBackgroundError);
    return resultFromResponse(response, cacheControlFor(matched, router.answerRoutes.has(matched), response.status, lasting));
  };
}

/**
 * One request's route context: its search budget, and what its routes tell of it (the route
 * matched, how it was answered) for its log line and metrics. A class rather than closures made
 * per request: the request's path makes none.
 */
class RequestNotes implements RouteContext {
  /** How the request was answered: one source, several (a batch), or none yet. */
  served: Served = 'none';
  route = 'unmatched';

  constructor(
    readonly answers: AnswerService,
    private readonly clock: Clock,
    private readonly maxNodes: number,
    private readonly deadline: number,
    /** The invocation's own end, less the time kept to answer: a search's deadline may move up to it, never past. */
    private readonly latest: number,
  ) {}

  budget(): SearchBudget {
    return { ...budgetOf(0, this.maxNodes, this.clock), deadline: this.deadline, latest: this.latest };
  }

  noteSource(source: Exclude<Served, 'mixed' | 'none'>): void {
    this.served = this.served === 'none' || this.served === source ? source : 'mixed';
  }

  noteRoute(name: string): void {
    this.route = name;
  }
}

/** The headers a failure's response carries: Allow on a 405; where and when to ask again on a 202 or a solve's 503. */
function headersOf(error: unknown): Record<string, string> | undefined {
  if (error instanceof MethodNotAllowedError) return { allow: error.allowed.join(', ') };
  if (error instanceof SolvingInBackgroundError) return { location: error.location, 'retry-after': String(error.retryAfterSeconds) };
  if (error instanceof SolveUnavailableError) return { 'retry-after': String(error.retryAfterSeconds) };
  return undefined;
}

/** Refusals are routine (info), a deliberate 503 is a warning, anything else at 500 an error. */
function logRequest(log: Log, status: number, fields: Record<string, unknown>): void {
  if (status >= 500 && status !== 503) log.error('request failed', fields);
  // a degraded /health is the answer monitors ask for, not a request gone wrong
  else if (status === 503 && fields.route !== '/health') log.warn('request could not be answered now', fields);
  else log.info('request', fields);
}

/** The log reads the function's name, version and memory from a full Lambda context only. */
function isFullContext(context: InvocationContext): context is Context {
  return typeof context.functionName === 'string' && typeof context.awsRequestId === 'string';
}
