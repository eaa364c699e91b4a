/**
 * A local stand-in for a Lambda Function URL: each HTTP request becomes a payload format 2.0
 * event for the handler, and the handler's result becomes the HTTP response, as on AWS.
 */
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LambdaFunctionURLEvent } from 'aws-lambda';
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
}

/** Bodies of these types reach the function as text; every other body is base64, as on AWS. */
const TEXT_TYPES = /^(text\/|application\/(json|.*\+json|xml|.*\+xml|javascript)\b)/i;

export function eventFromRequest(request: IncomingMessage, body: Buffer): LambdaFunctionURLEvent {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = key in query ? `${query[key]},${value}` : value;
  const text = TEXT_TYPES.test(headers['content-type'] ?? '');
  const now = new Date();
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: url.search ? query : undefined,
    requestContext: {
      accountId: 'anonymous',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: request.method ?? 'GET',
        path: url.pathname,
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

export async function serveFunctionUrl(handler: FunctionUrlHandler, options: FunctionUrlServerOptions): Promise<FunctionUrlServer> {
  const timeoutMs = options.timeoutMs ?? 10_000;
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
    const deadline = Date.now() + timeoutMs;
    try {
      const result = await handler(eventFromRequest(request, Buffer.concat(chunks)), { getRemainingTimeInMillis: () => deadline - Date.now() });
      const body = result.body === undefined ? '' : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
      response.writeHead(result.statusCode ?? 200, result.headers as Record<string, string>).end(body);
    } catch {
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
