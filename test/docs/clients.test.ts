/**
 * The clients docs/api.md shows (docs/clients/), run against the function on a local URL as
 * `npm start` serves it, so that the examples cannot rot: the public one as it is, the IAM one
 * through a stand-in of a Function URL's IAM auth that checks every request's SigV4 signature
 * (written here from the specification with node:crypto, not with the SDK's signer the client
 * uses) and refuses a request it does not cover with Lambda's 403.
 */
import { createHash, createHmac } from 'node:crypto';
import type { LambdaFunctionURLEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iamClient } from '../../docs/clients/iam-client';
import { TablebaseError, encodeQuery, publicClient } from '../../docs/clients/public-client';
import type { FunctionUrlHandler } from '../../lambda/handler';
import { type FunctionUrlServer, serveFunctionUrl } from '../../emulator/function-url-server';
import { searchOnlyHandler } from '../support/service';

const KEYS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'a-session-token' };
const REGION = 'eu-west-1';
const KNIGHTS_SAMPLE = '10110/01*11/10111/01001/00000';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Why a Function URL with IAM auth would refuse this event, or undefined when its signature covers
 * it: the canonical request rebuilt from what arrived (the query decoded and encoded again, as the
 * service canonicalises it, the signed headers, the body's hash), signed with the secret key.
 */
function signatureProblem(event: LambdaFunctionURLEvent, secretAccessKey: string): string | undefined {
  const authorization = event.headers.authorization;
  if (authorization === undefined) return 'no Authorization header';
  const parsed = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(authorization);
  if (!parsed) return `an Authorization header of another form: ${authorization}`;
  const [, , day, region, service, signedList, signature] = parsed;
  if (service !== 'lambda') return `signed for ${service}, not lambda`;
  const signed = signedList.split(';');
  if (!signed.includes('host') || !signed.includes('x-amz-date')) return 'host or x-amz-date not signed';
  const amzDate = event.headers['x-amz-date'] ?? '';
  const query = event.rawQueryString
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=').map((part) => rfc3986(decodeURIComponent(part.replace(/\+/g, ' ')))).join('='))
    .sort()
    .join('&');
  const body = event.body === undefined ? Buffer.alloc(0) : Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  const canonical = [
    event.requestContext.http.method,
    event.rawPath.split('/').map((segment) => rfc3986(decodeURIComponent(segment))).join('/'),
    query,
    ...signed.map((name) => `${name}:${(event.headers[name] ?? '').trim()}`),
    '',
    signedList,
    sha256(body),
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), 'aws4_request');
  const expected = createHmac('sha256', key).update(['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n')).digest('hex');
  return expected === signature ? undefined : 'the signature does not cover the request as it arrived';
}

/** The handler behind a stand-in of IAM auth: 403 `{"Message":"Forbidden"}`, as a Function URL answers, unless signed. */
function signedOnly(handler: FunctionUrlHandler, refused: string[]): FunctionUrlHandler {
  return async (event, context) => {
    const problem = signatureProblem(event, KEYS.secretAccessKey);
    if (problem === undefined && event.headers['x-amz-security-token'] === KEYS.sessionToken) return handler(event, context);
    refused.push(problem ?? 'no session token');
    return { statusCode: 403, headers: { 'content-type': 'application/json' }, body: '{"Message":"Forbidden"}' };
  };
}

let open: FunctionUrlServer;
let signedUrl: FunctionUrlServer;
/** Every query string the open URL received, as it arrived. */
const received: string[] = [];
/** Why the signed URL refused what it refused. */
const refused: string[] = [];
/** Questions of the open URL's /fifteen answered 202 first (solved in the background), this many times. */
let solvingFor = 0;

beforeAll(async () => {
  const handler = searchOnlyHandler();
  open = await serveFunctionUrl(
    async (event, context) => {
      received.push(event.rawQueryString);
      if (event.rawPath === '/fifteen' && solvingFor > 0) {
        solvingFor--;
        return { statusCode: 202, headers: { 'content-type': 'application/json', 'retry-after': '0', 'cache-control': 'no-store' }, body: JSON.stringify({ status: 'solving', since: new Date().toISOString(), seconds: 3, message: 'being solved in the background' }) };
      }
      return handler(event, context);
    },
    { port: 0 },
  );
  signedUrl = await serveFunctionUrl(signedOnly(handler, refused), { port: 0 });
});

afterAll(async () => {
  await open?.close();
  await signedUrl?.close();
});

describe('the public client (docs/clients/public-client.ts)', () => {
  it('asks each puzzle by GET, sending the query encoded as a signature encodes it, and reads the answers', async () => {
    const tablebase = publicClient(open.url);
    expect(await tablebase.get('knights', { board: KNIGHTS_SAMPLE })).toMatchObject({ steps: 7, path: [4, 13, 16, 7, 10, 1, 12] });
    expect(received.at(-1)).toBe('board=10110%2F01%2A11%2F10111%2F01001%2F00000');
    expect(await tablebase.get('eight', { from: '12X453786', to: '12345678X' })).toMatchObject({ steps: 2, path: 'dd' });
    expect(await tablebase.get('fifteen', { board: '2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15' })).toMatchObject({ steps: 9, path: 'llldrdrdr' });
    expect(await tablebase.get('stats')).toHaveProperty('tables');
  });

  it('posts a batch and judge text', async () => {
    const tablebase = publicClient(`${open.url}/`);
    const batch = (await tablebase.post('eight', { queries: [{ from: '12X453786', to: '12345678X' }, { from: '12X453786', to: '21345678X' }] })) as { answers: unknown[] };
    expect(batch.answers[0]).toMatchObject({ steps: 2 });
    expect(batch.answers[1]).toMatchObject({ status: 422 });
    expect(await tablebase.judge('fifteen', '1\n\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n')).toBe('Case 1: LLLDRDRDR\n');
  });

  it('waits out a question solved in the background (202, Retry-After), then gives the answer', async () => {
    solvingFor = 2;
    const told: number[] = [];
    const answer = await publicClient(open.url, { onSolving: (seconds) => told.push(seconds) }).get('fifteen', { board: '2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15' });
    expect(told).toEqual([3, 3]);
    expect(answer).toMatchObject({ steps: 9 });
    // and gives up, saying so, past its wait
    solvingFor = 1;
    await expect(publicClient(open.url, { waitSeconds: -1 }).get('fifteen', { board: '1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15' })).rejects.toThrow(/still being solved/);
    solvingFor = 0;
  });

  it('throws the API\'s sentence and status on a refusal', async () => {
    const refusal = await publicClient(open.url)
      .get('knights', { board: '10110/01*11' })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TablebaseError);
    expect((refusal as TablebaseError).status).toBe(400);
    // the API's own sentence, as it came
    const raw = await fetch(`${open.url}/knights?board=${encodeQuery({ board: '10110/01*11' }).slice('board='.length)}`);
    expect((refusal as TablebaseError).message).toBe(((await raw.json()) as { error: string }).error);
    expect((refusal as TablebaseError).message).toMatch(/^[A-Z].*\.$/);
  });

  it('encodes every byte but A-Z a-z 0-9 - _ . ~', () => {
    expect(encodeQuery({ board: "a b*c/(d)!'~", n: 15 })).toBe('board=a%20b%2Ac%2F%28d%29%21%27~&n=15');
  });
});

describe('the IAM client (docs/clients/iam-client.ts)', () => {
  const client = (keys = KEYS) => iamClient(signedUrl.url, { region: REGION, credentials: keys });

  it('signs a GET with "/" and "*" in its query so that a Function URL\'s IAM auth takes it', async () => {
    expect(await client().get('knights', { board: KNIGHTS_SAMPLE, limit: 15 })).toMatchObject({ steps: 7, path: [4, 13, 16, 7, 10, 1, 12] });
    expect(await client().get('stats')).toHaveProperty('tables');
  });

  it('signs a POST\'s body: JSON and judge text', async () => {
    expect(await client().post('knights', { board: KNIGHTS_SAMPLE })).toMatchObject({ steps: 7 });
    expect(await client().judge('eight', '2\n12X453786\n12345678X\n564178X23\n7568X4123\n')).toBe('Case 1: 2\ndd\nCase 2: 8\nurrulldr\n');
  });

  it('is refused (403) with another secret key, as an unsigned request is', async () => {
    const before = refused.length;
    const wrong = await client({ ...KEYS, secretAccessKey: 'not-the-key' })
      .get('knights', { board: KNIGHTS_SAMPLE })
      .catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(TablebaseError);
    expect((wrong as TablebaseError).status).toBe(403);
    expect((wrong as TablebaseError).message).toBe('Forbidden');
    expect((await fetch(`${signedUrl.url}/knights?board=${encodeURIComponent(KNIGHTS_SAMPLE)}`)).status).toBe(403);
    expect(refused.slice(before)).toEqual(['the signature does not cover the request as it arrived', 'no Authorization header']);
  });

  it('needs a region when the URL is not a Function URL, and reads it from one that is', () => {
    expect(() => iamClient(signedUrl.url, { credentials: KEYS })).toThrow(/give its region/);
    expect(() => iamClient('https://abcdefghij.lambda-url.eu-west-1.on.aws/', { credentials: KEYS })).not.toThrow();
  });
});
