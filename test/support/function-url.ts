/** Function URL events shaped like the real one in fixtures/, varied per test. */
import type { LambdaFunctionURLEvent } from 'aws-lambda';
import sample from '../fixtures/function-url-event.json';
import type { FunctionUrlHandler } from '../../lambda/handler';
import { localContext } from '../../scripts/function-url-server';

export interface EventSpec {
  method?: string;
  path: string;
  query?: string;
  headers?: Record<string, string>;
  body?: string;
  base64?: boolean;
}

export function functionUrlEvent(spec: EventSpec): LambdaFunctionURLEvent {
  const query = spec.query ?? '';
  const params = new URLSearchParams(query);
  const grouped: Record<string, string> = {};
  for (const [key, value] of params) grouped[key] = key in grouped ? `${grouped[key]},${value}` : value;
  return {
    ...(sample as unknown as LambdaFunctionURLEvent),
    rawPath: spec.path,
    rawQueryString: query,
    queryStringParameters: query ? grouped : undefined,
    headers: { host: 'abc.lambda-url.us-east-1.on.aws', 'user-agent': 'curl/8', ...spec.headers },
    requestContext: { ...sample.requestContext, http: { ...sample.requestContext.http, method: spec.method ?? 'GET', path: spec.path } },
    body: spec.body === undefined ? undefined : spec.base64 ? Buffer.from(spec.body).toString('base64') : spec.body,
    isBase64Encoded: Boolean(spec.base64),
  } as unknown as LambdaFunctionURLEvent;
}

/** A Lambda context with `remainingMs` left, as the local Function URL makes them. */
export const lambdaContext = (remainingMs = 10_000) => localContext(remainingMs);

/** Calls the handler and parses a JSON body. */
export async function call(handler: FunctionUrlHandler, spec: EventSpec, remainingMs?: number) {
  const result = await handler(functionUrlEvent(spec), lambdaContext(remainingMs));
  const type = String(result.headers?.['content-type'] ?? '');
  return { status: result.statusCode!, headers: result.headers ?? {}, text: result.body ?? '', json: type.startsWith('application/json') ? JSON.parse(result.body ?? 'null') : undefined };
}
