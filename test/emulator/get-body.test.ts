/**
 * The local URL and the body of a GET or HEAD: never awaited. A GET announcing a chunked body it
 * never sends is answered at once, not after Node's 300 s request timeout (its 408).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { type FunctionUrlServer, serveFunctionUrl } from '../../emulator/function-url-server';
import { searchOnlyHandler } from '../support/service';

let server: FunctionUrlServer;

beforeAll(async () => {
  server = await serveFunctionUrl(searchOnlyHandler(), { port: 0 });
});

afterAll(() => server.close());

/** Sends `head` (a request line) with a chunked body that never comes, the connection kept open; the reply's status line and body, or a failure after 3 s. */
function chunkedWithoutBody(head: string): Promise<{ statusLine: string; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    let reply = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      reply += chunk;
      // the answer comes chunked: whole once its last, empty chunk has come
      if (!reply.endsWith('\r\n0\r\n\r\n')) return;
      socket.destroy();
      const chunks = reply.slice(reply.indexOf('\r\n\r\n') + 4);
      let text = '';
      for (let at = 0, size: number; (size = parseInt(chunks.slice(at), 16)) > 0; at = chunks.indexOf('\r\n', at) + 2 + size + 2) {
        const start = chunks.indexOf('\r\n', at) + 2;
        text += chunks.slice(start, start + size);
      }
      resolve({ statusLine: reply.slice(0, reply.indexOf('\r\n')), text });
    });
    socket.on('error', reject);
    socket.setTimeout(3000, () => socket.destroy(new Error(`no answer within 3 s to ${head}`)));
    // write, never end: the chunked body stays open, as a client that sends none leaves it
    socket.write(`${head}\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n`);
  });
}

describe('a GET or HEAD announcing a chunked body it never sends', () => {
  it('is answered at once, from its path and query', async () => {
    const reply = await chunkedWithoutBody('GET /eight?from=12X453786&to=12345678X HTTP/1.1');
    expect(reply.statusLine).toBe('HTTP/1.1 200 OK');
    expect(JSON.parse(reply.text)).toMatchObject({ steps: 2, path: 'dd' });
  });

  it('HEAD too, without a body', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk) => {
        text += chunk;
        if (text.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', reject);
      socket.setTimeout(3000, () => socket.destroy(new Error('no answer within 3 s to HEAD /health')));
      socket.write('HEAD /health HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n');
    });
    expect(reply).toMatch(/^HTTP\/1\.1 (200 OK|503 Service Unavailable)\r\n/);
  });
});
