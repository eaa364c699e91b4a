/**
 * A local stand-in for a Lambda Function URL: each HTTP request becomes a payload format 2.0
 * event for the handler, and the handler's result becomes the HTTP response, as on AWS.
 */
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LambdaFunctionURLEvent } from 'aws-lambda';
import type { FunctionUrlHandler } from '../lambda/handler';
import { FUNCTION_TIMEOUT_SECONDS } from '../lib/function-defaults';
import { functionUrlEvent, lambdaContext } from './function-url-event';

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


/** The event a Function URL would make of this request. */
export function eventFromRequest(request: IncomingMessage, body: Buffer): LambdaFunctionURLEvent {
  return functionUrlEvent({
    method: request.method ?? 'GET',
    target: request.url ?? '/',
    headers: request.headersDistinct,
    body,
    sourceIp: request.socket.remoteAddress,
    protocol: `HTTP/${request.httpVersion}`,
  });
}

export async function serveFunctionUrl(handler: FunctionUrlHandler, options: FunctionUrlServerOptions): Promise<FunctionUrlServer> {
  const timeoutMs = options.timeoutMs ?? FUNCTION_TIMEOUT_SECONDS * 1000;
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
      const result = await handler(eventFromRequest(request, Buffer.concat(chunks)), lambdaContext(timeoutMs));
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
