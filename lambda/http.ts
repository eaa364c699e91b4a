/**
 * The Function URL's HTTP shapes (payload format 2.0) and the service's own typed request and
 * response, translated both ways. Nothing here knows about puzzles.
 */
import type { APIGatewayProxyStructuredResultV2 as FunctionUrlResult, LambdaFunctionURLEvent } from 'aws-lambda';
import { questionFromPath } from './edge-question';

/** Request bodies larger than this get 413 (a Function URL itself accepts up to 6 MB). */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface ApiRequest {
  readonly method: string;
  readonly path: string;
  /** Query parameters; a repeated key keeps its first value here, and is named in `repeated`. */
  readonly query: ReadonlyMap<string, string>;
  /** The query parameters given more than once, and how many times each. */
  readonly repeated: ReadonlyMap<string, number>;
  /** Media type of the body, lower case, without parameters ("application/json"). */
  readonly contentType: string;
  /** The body decoded as UTF-8, a leading byte-order mark left out ("" when there is none). */
  readonly body: string;
  /** Size of the body in bytes as received. */
  readonly bodyBytes: number;
}

export interface ApiResponse {
  readonly status: number;
  /** JSON bodies are objects; text bodies (judge output) strings. */
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** An answer to HEAD: the headers of the body, without the body. */
  readonly head?: boolean;
}

/**
 * The typed request of an event. The public edge forwards a question in the path
 * (`<path>/~<base64url>`: edge-question.ts), read here as that path and query; a malformed one is
 * an InvalidInputError (400).
 */
export function requestFromEvent(event: LambdaFunctionURLEvent): ApiRequest {
  const { path, query: rawQuery } = questionFromPath(event.rawPath || '/', event.rawQueryString ?? '');
  const raw = event.body ?? '';
  // Most requests are GETs: no body to decode.
  const bytes = raw === '' ? undefined : event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  // The raw query, not queryStringParameters: there a repeated key's values are joined by commas, which a board may hold.
  const query = new Map<string, string>();
  const repeated = new Map<string, number>();
  for (const [key, value] of new URLSearchParams(rawQuery)) {
    if (!query.has(key)) query.set(key, value);
    else repeated.set(key, (repeated.get(key) ?? 1) + 1);
  }
  return {
    method: methodOf(event),
    path,
    query,
    repeated,
    contentType: (headerOf(event.headers, 'content-type') ?? '').split(';')[0].trim().toLowerCase(),
    body: bytes ? withoutByteOrderMark(bytes.toString('utf8')) : '',
    bodyBytes: bytes ? bytes.length : 0,
  };
}

/**
 * A UTF-8 body as editors on Windows save it starts with a byte-order mark (U+FEFF), which says
 * nothing of its content: RFC 8259 lets a JSON reader ignore it, and JSON.parse does not.
 */
function withoutByteOrderMark(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The request's method, in upper case (GET when the event has none). */
export function methodOf(event: LambdaFunctionURLEvent): string {
  return (event.requestContext?.http?.method ?? 'GET').toUpperCase();
}

/** A header's value, its name in any case (a Function URL writes names in lower case; a test may not). */
function headerOf(headers: LambdaFunctionURLEvent['headers'] | undefined, lowerCaseName: string): string | undefined {
  let value: string | undefined;
  for (const name in headers) if (name.toLowerCase() === lowerCaseName) value = headers[name] ?? ''; // the last, as when they were one object
  return value;
}

/**
 * The Function URL's result for a response, kept as `cacheControl` says unless the response says
 * otherwise: every result carries a Cache-Control, so the edge's default TTL (a day, under the
 * managed cache policy of the Free and Pro plans) never applies to one.
 */
export function resultFromResponse(response: ApiResponse, cacheControl = 'no-store'): FunctionUrlResult {
  const text = typeof response.body === 'string';
  const headers: Record<string, string> = {
    'content-type': text ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
    // a public, read-only API: any origin may read its answers (no cookies or credentials are used)
    'access-control-allow-origin': '*',
    ...response.headers,
  };
  // A response's own Cache-Control replaces the default, never removes it.
  if (!headers['cache-control']) headers['cache-control'] = cacheControl || 'no-store';
  return {
    statusCode: response.status,
    headers,
    body: response.head ? '' : text ? (response.body as string) : JSON.stringify(response.body),
    isBase64Encoded: false,
  };
}
