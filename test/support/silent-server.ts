/**
 * A server that accepts connections and never answers: a DynamoDB that hangs, which no local
 * server imitates. `body` gets its endpoint; the server is closed after, connections and all.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function withSilentEndpoint<T>(body: (endpoint: string) => Promise<T>): Promise<T> {
  const silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  try {
    return await body(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`);
  } finally {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  }
}
