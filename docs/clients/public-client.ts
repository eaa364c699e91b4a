/**
 * A client of tablebase's public edge (`npx cdk deploy -c public=true`: the stack's `Url`) or of
 * `npm start`'s local URL: plain `fetch`, nothing to install (Node 18 or newer, Deno, a browser).
 *
 *   const tablebase = publicClient('https://d111111abcdef8.cloudfront.net/');
 *   await tablebase.get('knights', { board: '10110/01*11/10111/01001/00000' });  // { steps: 7, path: [...], ... }
 *   await tablebase.post('eight', { queries: [{ from: '12X453786', to: '12345678X' }] });
 *   await tablebase.judge('fifteen', '1\n\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n');  // 'Case 1: LLLDRDRDR\n'
 *
 * A question past one request's search (the 15-puzzle's hardest boards) is answered `202` while
 * it is solved in the background; the client asks again after each `Retry-After` until the kept
 * answer comes (`source: "kept"`), for at most `waitSeconds`. A refusal throws a TablebaseError
 * holding the status and the API's sentence. docs/clients/iam-client.ts signs the same requests for
 * a Function URL with IAM auth.
 */

/** A refusal, or an answer that did not come in time: the status and the API's own sentence. */
export class TablebaseError extends Error {
  override readonly name = 'TablebaseError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface Client {
  /** A GET: a puzzle's question (`get('knights', { board })`), or `stats`, `health`, `openapi.json`. */
  get(path: string, query?: Readonly<Record<string, string | number>>): Promise<unknown>;
  /** A POST of JSON: one query, or a batch `{ queries: [...] }` (up to 1,000). */
  post(path: string, json: unknown): Promise<unknown>;
  /** A POST of the judge's input: the judge's output. */
  judge(path: string, input: string): Promise<string>;
}

/** One request as the client sends it: a plain fetch here; iam-client.ts signs it first. */
export type Send = (method: 'GET' | 'POST', url: URL, headers: Record<string, string>, body?: string) => Promise<Response>;

export interface ClientOptions {
  /** How long to wait for a question solved in the background, in seconds (default 120). */
  readonly waitSeconds?: number;
  /** Told at each `202`: the seconds the solve has taken so far. */
  readonly onSolving?: (seconds: number) => void;
}

/**
 * A query encoded as a SigV4 signature encodes it (RFC 3986: `/` is %2F, `*` is %2A), so that the
 * edge sees one question whichever way it is written, and a signature covers what is sent.
 */
export function encodeQuery(query: Readonly<Record<string, string | number>>): string {
  const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return Object.entries(query)
    .map(([name, value]) => `${encode(name)}=${encode(String(value))}`)
    .join('&');
}

/** The hex SHA-256 of a body: the `x-amz-content-sha256` a POST through the edge must carry. */
async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

const plainFetch: Send = (method, url, headers, body) => fetch(url, { method, headers, body });

/** A client of the API at `baseUrl`; `send` makes each request (iam-client.ts passes one that signs). */
export function publicClient(baseUrl: string, options: ClientOptions = {}, send: Send = plainFetch): Client {
  const base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  const waitMs = (options.waitSeconds ?? 120) * 1000;

  async function request(method: 'GET' | 'POST', path: string, query: string, contentType?: string, body?: string): Promise<Response> {
    const url = new URL(path, base);
    url.search = query;
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': contentType!, 'x-amz-content-sha256': await sha256Hex(body) };
    const started = Date.now();
    for (;;) {
      const response = await send(method, url, headers, body);
      if (response.status !== 202) {
        if (response.ok) return response;
        const text = await response.text();
        let sentence = text;
        try {
          sentence = JSON.parse(text).error ?? JSON.parse(text).Message ?? text;
        } catch {
          // not JSON (a proxy's page): the text as it came
        }
        throw new TablebaseError(response.status, sentence);
      }
      // solved in the background: ask again after Retry-After, as the answer says
      const solving = (await response.json()) as { seconds?: number; message?: string };
      options.onSolving?.(solving.seconds ?? 0);
      const retryMs = 1000 * Number(response.headers.get('retry-after') ?? 5);
      if (Date.now() + retryMs - started > waitMs) throw new TablebaseError(202, `still being solved after ${Math.round((Date.now() - started) / 1000)} s: ${solving.message ?? ''}`);
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }

  return {
    get: async (path, query = {}) => (await request('GET', path, encodeQuery(query))).json(),
    post: async (path, json) => (await request('POST', path, '', 'application/json', JSON.stringify(json))).json(),
    judge: async (path, input) => (await request('POST', path, '', 'text/plain', input)).text(),
  };
}
