/** One raw HTTP/1.1 request, every byte as given (a request line no client would send, headers exactly these). */
import { connect } from 'node:net';

/**
 * Sends `head` (the request line), Host, Connection: close, Content-Length, then `headers` and the
 * body (latin1: bytes as given). The answer: its status, its header lines as sent (`headers`, the
 * status line left out) and its body.
 */
export function rawRequest(url: string, head: string, body = '', headers: Readonly<Record<string, string>> = {}): Promise<{ status: number; headers: string; text: string }> {
  const { port } = new URL(url);
  const lines = [head, 'Host: 127.0.0.1', 'Connection: close', `Content-Length: ${Buffer.byteLength(body, 'latin1')}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let reply = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (reply += chunk));
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1] ?? 0);
      const end = reply.indexOf('\r\n\r\n');
      resolve({ status, headers: reply.slice(reply.indexOf('\r\n') + 2, end), text: reply.slice(end + 4) });
    });
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${JSON.stringify(head)}`)));
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`, 'latin1');
  });
}
