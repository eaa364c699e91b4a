/**
 * A local stand-in for a Lambda Function URL: each HTTP request becomes a payload format 2.0
 * event for the handler, and the handler's result becomes the HTTP response, as on AWS.
 */
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context, LambdaFunctionURLEvent } from 'aws-lambda';
import type { FunctionUrlHandler } from '../lambda/handler';

/** A Function URL refuses request payloads over 6 MB before the function runs. */
const MAX_PAYLOAD_BYTES = 6 * 1024 * 1024;

export interface FunctionUrlServer {
  readonly url: string;
  close(): Promise<void>;
}

export interface FunctionUrlServerOptions {
  readonly port: number;
  readonly host?: string;
  /** The function's timeout, which getRemainingTimeInMillis counts down from. */
  readonly timeoutMs?: number;
  /** Told, with its stack, about every failure of the function that became a 502. */
  readonly onFailure?: (error: unknown) => void;
}

/** The function's timeout in the stack (lib/tablebase-function.ts). */
const FUNCTION_TIMEOUT_MS = 10_000;

/** Bodies of these types reach the function as text; every other body is base64, as on AWS. */
const TEXT_TYPES = /^(text\/|application\/(json|.*\+json|xml|.*\+xml|javascript)\b)/i;

/**
 * The request-target as it came, split into path and query the way a Function URL passes them:
 * raw, not parsed as a URL (which would read a path starting with "//" as a host name).
 */
export function splitTarget(target: string): { rawPath: string; rawQueryString: string } {
  let rest = target.replace(/#.*$/s, '');
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?]*/i.exec(rest); // absolute-form, as sent to proxies
  if (absolute) rest = rest.slice(absolute[0].length) || '/';
  const question = rest.indexOf('?');
  return question < 0 ? { rawPath: rest, rawQueryString: '' } : { rawPath: rest.slice(0, question), rawQueryString: rest.slice(question + 1) };
}

export function eventFromRequest(request: IncomingMessage, body: Buffer): LambdaFunctionURLEvent {
  const { rawPath, rawQueryString } = splitTarget(request.url ?? '/');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(rawQueryString)) query[key] = key in query ? `${query[key]},${value}` : value;
  const text = TEXT_TYPES.test(headers['content-type'] ?? '');
  const now = new Date();
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString,
    headers,
    queryStringParameters: rawQueryString ? query : undefined,
    requestContext: {
      accountId: 'anonymous',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: request.method ?? 'GET',
        path: rawPath,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body: body.length === 0 ? undefined : text ? body.toString('utf8') : body.toString('base64'),
    isBase64Encoded: body.length > 0 && !text,
  } as LambdaFunctionURLEvent;
}

/** A Lambda context for one local invocation, counting down from the function's timeout. */
export function localContext(timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  const name = 'tablebase-local';
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${name}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
}

export async function serveFunctionUrl(handler: FunctionUrlHandler, options: FunctionUrlServerOptions): Promise<FunctionUrlServer> {
  const timeoutMs = options.timeoutMs ?? FUNCTION_TIMEOUT_MS;
  const onFailure = options.onFailure ?? ((error: unknown) => console.error('the function failed; the local URL answered 502', error));
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size <= MAX_PAYLOAD_BYTES) chunks.push(chunk as Buffer);
    }
    if (size > MAX_PAYLOAD_BYTES) {
      response.writeHead(413, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `Request must be smaller than ${MAX_PAYLOAD_BYTES} bytes.` }));
      return;
    }
    try {
      const result = await handler(eventFromRequest(request, Buffer.concat(chunks)), localContext(timeoutMs));
      const body = result.body === undefined ? '' : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
      response.writeHead(result.statusCode ?? 200, result.headers as Record<string, string>).end(body);
    } catch (error) {
      onFailure(error);
      // What a Function URL says when the function itself fails.
      response.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Internal Server Error' }));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
