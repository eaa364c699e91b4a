/**
 * The Function URL handler: event in, result out. It turns the event into a typed request,
 * routes it, turns failures into statuses (errors.ts), and writes one JSON log line per request.
 * Everything it needs comes in as dependencies, built once per container by index.ts.
 */
import type { APIGatewayProxyStructuredResultV2 as FunctionUrlResult, Context, LambdaFunctionURLEvent } from 'aws-lambda';
import { type SearchBudget, budgetOf } from '../core/ida-star';
import { MethodNotAllowedError, messageOf, statusOf } from './errors';
import { type ApiResponse, requestFromEvent, resultFromResponse } from './http';
import { route } from './routes';
import type { Source, Tablebase } from './tablebase';

export interface SearchLimits {
  /** Longest a request may spend searching, in milliseconds. */
  readonly maxMs: number;
  /** Time kept back from the invocation's remaining time, to answer before the timeout. */
  readonly reserveMs: number;
  /** Most positions one request's search may expand. */
  readonly maxNodes: number;
}

export const DEFAULT_SEARCH_LIMITS: SearchLimits = { maxMs: 2000, reserveMs: 300, maxNodes: 20_000_000 };

export interface Dependencies {
  readonly tablebase: Tablebase;
  readonly search?: SearchLimits;
  /** Receives one structured line per request. */
  readonly log?: (line: Record<string, unknown>) => void;
}

export type FunctionUrlHandler = (event: LambdaFunctionURLEvent, context: Pick<Context, 'getRemainingTimeInMillis'>) => Promise<FunctionUrlResult>;

export function createHandler(dependencies: Dependencies): FunctionUrlHandler {
  const limits = dependencies.search ?? DEFAULT_SEARCH_LIMITS;
  const log = dependencies.log ?? ((line) => console.log(JSON.stringify(line)));

  return async (event, context) => {
    const started = performance.now();
    const sources = new Set<Source>();
    let response: ApiResponse;
    let failure: unknown;
    const budget = (): SearchBudget => {
      const remaining = context.getRemainingTimeInMillis() - limits.reserveMs;
      return budgetOf(Math.max(0, Math.min(limits.maxMs, remaining)), limits.maxNodes);
    };
    let path = '?';
    let method = '?';
    try {
      const request = requestFromEvent(event);
      path = request.path.slice(0, 100);
      method = request.method.slice(0, 20);
      response = await route(request, { tablebase: dependencies.tablebase, budget, noteSource: (source) => sources.add(source) });
    } catch (error) {
      failure = error;
      response = {
        status: statusOf(error),
        body: { error: messageOf(error) },
        headers: error instanceof MethodNotAllowedError ? { allow: error.allowed.join(', ') } : undefined,
      };
    }
    log({
      route: path,
      method,
      status: response.status,
      source: sources.size === 0 ? 'none' : sources.size === 1 ? [...sources][0] : 'mixed',
      latencyMs: Math.round((performance.now() - started) * 10) / 10,
      outcome: response.status < 400 ? 'answered' : response.status < 500 ? 'refused' : response.status === 503 ? 'unavailable' : 'failed',
      ...(failure ? { error: failure instanceof Error ? `${failure.name}: ${failure.message}`.slice(0, 300) : String(failure) } : {}),
    });
    return resultFromResponse(response);
  };
}
