/**
 * A stand-in for Lambda's Invoke endpoint, for a bundle that starts another function with the
 * SDK's InvokeCommand (the API starting the background solver): pointed at by the SDK's own
 * setting AWS_ENDPOINT_URL_LAMBDA. An asynchronous invocation (X-Amz-Invocation-Type: Event) is
 * answered 202 at once, as Lambda queues it, and the event is then handed to `invoke`.
 */
import { type IncomingMessage, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface InvokeEndpoint {
  readonly url: string;
  /** Every invocation so far: its path, its type header and its event. */
  readonly invoked: readonly { readonly path: string; readonly type: string | undefined; readonly event: unknown }[];
  /** What each invocation's `invoke` returned (its promise), in order. */
  readonly results: readonly Promise<unknown>[];
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startInvokeEndpoint(invoke: (event: unknown) => Promise<unknown>): Promise<InvokeEndpoint> {
  const invoked: { path: string; type: string | undefined; event: unknown }[] = [];
  const results: Promise<unknown>[] = [];
  const server = createServer(async (request, response) => {
    const event = JSON.parse((await bodyOf(request)) || 'null') as unknown;
    const type = request.headers['x-amz-invocation-type'] as string | undefined;
    invoked.push({ path: request.url ?? '', type, event });
    if (type !== 'Event') {
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"this stand-in takes asynchronous invocations only"}');
      return;
    }
    response.writeHead(202, { 'content-type': 'application/json' }).end();
    const result = invoke(event);
    result.catch(() => {}); // read by whoever awaits results
    results.push(result);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    invoked,
    results,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
