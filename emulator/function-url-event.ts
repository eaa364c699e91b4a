/**
 * What a Lambda Function URL hands the function for one HTTP request: the payload format 2.0
 * event and the invocation's context. The local URL builds every event here, and so do the tests,
 * which hold this builder to the AWS example event (test/fixtures/function-url-event.json).
 */
import { randomUUID } from 'node:crypto';
import type { Context, LambdaFunctionURLEvent } from 'aws-lambda';
import { FUNCTION_MEMORY_MB } from '../lib/function-defaults';

/** One HTTP request as it arrived. */
export interface HttpRequest {
  readonly method: string;
  /** The request-target as sent: the raw path and query, nothing decoded. */
  readonly target: string;
  /** Header names in any case; a header sent several times as a list, as node:http gives them. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly body?: Uint8Array | string;
  readonly sourceIp?: string;
  /** "HTTP/1.1" unless told. */
  readonly protocol?: string;
}

/**
 * Bodies of these media types reach the function as text; every other body, one without a
 * Content-Type included, is base64 (`isBase64Encoded: true`). The list is what AWS delivers as
 * text to payload 2.0 functions; application/x-www-form-urlencoded, for one, arrives as base64.
 */
const TEXT_MEDIA_TYPE = /^\s*(text\/[^;\s]*|application\/(json|xml|javascript))\s*(;|$)/i;

export function deliveredAsText(contentType: string | undefined): boolean {
  return TEXT_MEDIA_TYPE.test(contentType ?? '');
}

/**
 * The request-target split into path and query the way a Function URL passes them: raw, not
 * parsed as a URL (which would read a path starting with "//" as a host name).
 */
export function splitTarget(target: string): { rawPath: string; rawQueryString: string } {
  let rest = target.replace(/#.*$/s, '');
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?]*/i.exec(rest); // absolute-form, as sent to proxies
  if (absolute) rest = rest.slice(absolute[0].length) || '/';
  const question = rest.indexOf('?');
  return question < 0 ? { rawPath: rest, rawQueryString: '' } : { rawPath: rest.slice(0, question), rawQueryString: rest.slice(question + 1) };
}

const EMPTY = Buffer.alloc(0);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The request time as Function URL events write it: "12/Mar/2020:19:03:58 +0000" (no Intl: it costs a request's worth of time). */
function requestTime(now: Date): string {
  return `${two(now.getUTCDate())}/${MONTHS[now.getUTCMonth()]}/${now.getUTCFullYear()}:${two(now.getUTCHours())}:${two(now.getUTCMinutes())}:${two(now.getUTCSeconds())} +0000`;
}

/** A repeated header or query key: its values joined by commas, as a Function URL joins them. */
function appendJoined(into: Map<string, string>, key: string, value: string): void {
  into.set(key, into.has(key) ? `${into.get(key)},${value}` : value);
}

/**
 * The event for one request, shaped as a Function URL shapes it: header names in lower case and
 * repeated headers joined by commas, except cookies, which come apart in `cookies`; the query both
 * raw and decoded, a repeated key's values joined by commas; the body as text or as base64.
 */
export function functionUrlEvent(request: HttpRequest, now: Date = new Date()): LambdaFunctionURLEvent {
  const { rawPath, rawQueryString } = splitTarget(request.target);
  // Maps, then own properties: a header or a query key named "constructor" or "__proto__" is just a name.
  const joined = new Map<string, string>();
  const cookies: string[] = [];
  for (const name in request.headers) {
    const value = request.headers[name];
    if (value === undefined) continue;
    const key = name.toLowerCase();
    if (key === 'cookie') cookies.push(...(typeof value === 'string' ? [value] : value).flatMap((line) => line.split(';')).map((cookie) => cookie.trim()).filter(Boolean));
    else appendJoined(joined, key, typeof value === 'string' ? value : value.join(','));
  }
  const headers: Record<string, string> = Object.fromEntries(joined);
  const values = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(rawQueryString)) appendJoined(values, key, value);
  const query: Record<string, string> = Object.fromEntries(values);
  // Most requests are GETs: no body to copy.
  const body = request.body === undefined || request.body.length === 0 ? EMPTY : typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : Buffer.from(request.body);
  const text = deliveredAsText(joined.get('content-type'));
  const domainName = joined.get('host') ?? 'localhost';
  const domainPrefix = domainName.split('.')[0];
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString,
    ...(cookies.length > 0 ? { cookies } : {}),
    headers,
    ...(rawQueryString ? { queryStringParameters: query } : {}),
    requestContext: {
      accountId: 'anonymous',
      authentication: null,
      apiId: domainPrefix,
      domainName,
      domainPrefix,
      http: {
        method: request.method,
        path: rawPath,
        protocol: request.protocol ?? 'HTTP/1.1',
        sourceIp: request.sourceIp ?? '127.0.0.1',
        userAgent: joined.get('user-agent') ?? '',
      },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: requestTime(now),
      timeEpoch: now.getTime(),
    },
    ...(body.length > 0 ? { body: text ? body.toString('utf8') : body.toString('base64') } : {}),
    pathParameters: null,
    isBase64Encoded: body.length > 0 && !text,
    stageVariables: null,
  } as unknown as LambdaFunctionURLEvent;
}

const LOCAL_FUNCTION = 'tablebase-local';
/** The callback-era members, which nodejs24.x no longer offers: they do nothing here. */
const NOTHING = () => {};

/** A Lambda context for one invocation, counting down `millisecondsLeft` (the function's timeout, for a fresh invocation). */
export function lambdaContext(millisecondsLeft: number, memoryMb = FUNCTION_MEMORY_MB): Context {
  const deadline = Date.now() + millisecondsLeft;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: LOCAL_FUNCTION,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${LOCAL_FUNCTION}`,
    memoryLimitInMB: String(memoryMb),
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${LOCAL_FUNCTION}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: NOTHING,
    fail: NOTHING,
    succeed: NOTHING,
  };
}
