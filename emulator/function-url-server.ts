/**
 * A local stand-in for a Lambda Function URL: each HTTP request becomes a payload format 2.0
 * event for the handler, and the handler's result becomes the HTTP response, as on AWS.
 */
import { type IncomingMessage, type Server, STATUS_CODES, createServer, maxHeaderSize } from 'node:http';
import type { Duplex } from 'node:stream';
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


/**
 * The request's body, as far as MAX_PAYLOAD_BYTES (and its whole size): read from its events
 * rather than by async iteration, which costs a GET with no body several times more.
 */
function bodyOf(request: IncomingMessage): Promise<{ chunks: Buffer[]; size: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_PAYLOAD_BYTES) chunks.push(chunk);
    });
    request.once('end', () => resolve({ chunks, size }));
    request.once('error', reject);
  });
}

const NO_BODY = { chunks: [], size: 0 };

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
    let received: { chunks: Buffer[]; size: number };
    try {
      // A GET's or HEAD's answer never depends on a body: none is awaited (a body announced as chunked
      // and never sent would hold the request until Node's 300 s timeout), and the function gets none.
      received = request.method === 'GET' || request.method === 'HEAD' ? NO_BODY : await bodyOf(request);
    } catch {
      response.destroy(); // the client went away while sending: there is no one to answer
      return;
    }
    const { chunks, size } = received;
    if (size > MAX_PAYLOAD_BYTES) {
      response.writeHead(413, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `Request must be smaller than ${MAX_PAYLOAD_BYTES} bytes.` }));
      return;
    }
    try {
      const result = await handler(eventFromRequest(request, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)), lambdaContext(timeoutMs));
      const body = result.body === undefined ? '' : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
      response.writeHead(result.statusCode ?? 200, result.headers as Record<string, string>).end(body);
    } catch (error) {
      onFailure(error);
      // What a Function URL says when the function itself fails.
      response.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Internal Server Error' }));
    }
  });
  // What Node refuses before any handler runs (a request line or headers too large, bytes that are
  // not HTTP) it answers with a bare status and no body by default; said here as every other refusal is.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => refuseMalformed(error, socket));
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

/** The status and sentence for what Node's HTTP parser refused, as a full HTTP/1.1 response that closes the connection. */
export function refuseMalformed(error: NodeJS.ErrnoException, socket: Duplex): void {
  // a connection the client dropped, or a response already under way: nothing can be said on it
  if (error.code === 'ECONNRESET' || !socket.writable || (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, sentence] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, `The request line and headers are too large: together they may be at most ${maxHeaderSize} bytes. Send a long question as a POST body instead.`]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request did not arrive in time.']
        : [400, 'The request is not well-formed HTTP.'];
  const body = JSON.stringify({ error: sentence });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
