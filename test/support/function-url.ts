/** Function URL events for the handler tests, built as the local URL builds them (emulator/function-url-event.ts). */
import type { LambdaFunctionURLEvent } from 'aws-lambda';
import type { FunctionUrlHandler } from '../../lambda/handler';
import { FUNCTION_TIMEOUT_SECONDS } from '../../lib/function-defaults';
import { functionUrlEvent as eventOf, lambdaContext as contextOf } from '../../emulator/function-url-event';
import { checkAgainstDescription } from './openapi-check';
import { registry as registered } from '../../puzzles/registered';
import type { Registry } from '../../puzzles/registry';

export interface EventSpec {
  method?: string;
  path: string;
  query?: string;
  headers?: Record<string, string>;
  /** Delivered as text or as base64 by its content type, as a Function URL does (none: base64). */
  body?: string;
}

export function functionUrlEvent(spec: EventSpec): LambdaFunctionURLEvent {
  return eventOf({
    method: spec.method ?? 'GET',
    target: spec.query ? `${spec.path}?${spec.query}` : spec.path,
    headers: { host: 'abc.lambda-url.us-east-1.on.aws', 'user-agent': 'curl/8', ...spec.headers },
    body: spec.body,
  });
}

/** A Lambda context with `remainingMs` left. */
export const lambdaContext = (remainingMs = FUNCTION_TIMEOUT_SECONDS * 1000) => contextOf(remainingMs);

/**
 * Calls the handler and parses a JSON body. Every answer is first checked against the API's
 * description (/openapi.json): a test that gets an answer the description does not give fails.
 */
export function call(handler: FunctionUrlHandler, spec: EventSpec, remainingMs?: number) {
  return callFor(registered)(handler, spec, remainingMs);
}

/** call, for a handler that serves another registry's puzzles (checked against that registry's description). */
export const callFor = (registry: Registry) => async (handler: FunctionUrlHandler, spec: EventSpec, remainingMs?: number) => {
  const result = await handler(functionUrlEvent(spec), lambdaContext(remainingMs));
  const type = String(result.headers?.['content-type'] ?? '');
  const response = { status: result.statusCode!, headers: result.headers ?? {}, text: result.body ?? '' };
  await checkAgainstDescription({ method: spec.method ?? 'GET', path: spec.path }, response, registry);
  return { ...response, json: type.startsWith('application/json') && response.text !== '' ? JSON.parse(response.text) : undefined };
};
