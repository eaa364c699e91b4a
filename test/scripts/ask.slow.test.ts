import { execFile } from 'node:child_process';
import { Sha256 } from '@aws-crypto/sha256-js';
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUZZLE_LIST } from '../support/registered-names';
import { type FunctionUrlServer, serveFunctionUrl } from '../../emulator/function-url-server';
import { type AwsKeys, canonicalUrl, encodeRfc3986, functionUrlRegion, postHeaders, signedHeaders } from '../../scripts/function-url-signing';
import { searchOnlyHandler } from '../support/service';
import { parseKnightsBoard } from '../../puzzles/knights/rules/board';
import { createAppState } from '../../lambda/app-state';
import { readConfig } from '../../lambda/config';
import { createHandler } from '../../lambda/handler';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { fifteenSpec } from '../../puzzles/fifteen/offline/loads';
import { PARTITION_33333 } from '../../puzzles/fifteen/rules/pattern-set';
import { loadTable } from '../../store/loader';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { quietLog } from '../support/log';
import { recordLocalService } from '../../scripts/local-service';
import { registry } from '../../puzzles/registered';

const run = promisify(execFile);
const SAMPLE = '10110/01*11/10111/01001/00000';

/** AWS's published SigV4 test suite: its example keys, date, region and service. */
const EXAMPLE_KEYS: AwsKeys = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const EXAMPLE_DATE = new Date('2015-08-30T12:36:00Z');
const SUITE = { keys: EXAMPLE_KEYS, region: 'us-east-1', service: 'service', date: EXAMPLE_DATE };
const CREDENTIAL = 'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=';

/**
 * A second SigV4 signer, written from the specification with node:crypto alone, to check the
 * SDK's against on requests the published suite does not cover.
 */
function referenceAuthorization(method: string, url: URL, headers: Record<string, string>, body: string, keys: AwsKeys, region: string, service: string, amzDate: string): string {
  const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  const query = [...url.searchParams]
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const signed = Object.keys(headers).map((name) => name.toLowerCase()).sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value.trim()]));
  const canonical = [method, url.pathname.split('/').map(encodeRfc3986).join('/'), query, ...signed.map((name) => `${name}:${lower[name]}`), '', signed.join(';'), sha256(body)].join('\n');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, day), region), service), 'aws4_request');
  return `AWS4-HMAC-SHA256 Credential=${keys.accessKeyId}/${scope}, SignedHeaders=${signed.join(';')}, Signature=${createHmac('sha256', key).update(toSign).digest('hex')}`;
}

describe('signing for a Function URL', () => {
  it("matches AWS's published SigV4 test vectors (get-vanilla, get-vanilla-query-order-key-case)", async () => {
    const vanilla = await signedHeaders({ method: 'GET', url: new URL('https://example.amazonaws.com/') }, SUITE);
    expect(vanilla.authorization).toBe(`${CREDENTIAL}5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31`);
    expect(vanilla['x-amz-date']).toBe('20150830T123600Z');
    const ordered = await signedHeaders({ method: 'GET', url: new URL('https://example.amazonaws.com/?Param2=value2&Param1=value1') }, SUITE);
    expect(ordered.authorization).toBe(`${CREDENTIAL}b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500`);
  });

  it('the second signer reproduces the published vectors too', () => {
    const headers = { host: 'example.amazonaws.com', 'x-amz-date': '20150830T123600Z' };
    expect(referenceAuthorization('GET', new URL('https://example.amazonaws.com/'), headers, '', EXAMPLE_KEYS, 'us-east-1', 'service', '20150830T123600Z')).toBe(
      `${CREDENTIAL}5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31`,
    );
    expect(
      referenceAuthorization('GET', new URL('https://example.amazonaws.com/?Param2=value2&Param1=value1'), headers, '', EXAMPLE_KEYS, 'us-east-1', 'service', '20150830T123600Z'),
    ).toBe(`${CREDENTIAL}b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500`);
  });

  it('signs a knights query with "/" and "*" in it as the specification does, and sends it encoded the same way', async () => {
    const url = new URL('https://abcdefghijklmnopqrstuvwxyz012345.lambda-url.eu-west-1.on.aws/knights?board=10110/01*11/10111/01001/00000&limit=39');
    const keys = { ...EXAMPLE_KEYS, sessionToken: 'session/token+with=odd*chars' };
    const headers = await signedHeaders({ method: 'GET', url }, { keys, region: 'eu-west-1', date: EXAMPLE_DATE });
    const unsigned = { host: url.host, 'x-amz-date': '20150830T123600Z', 'x-amz-security-token': keys.sessionToken };
    expect(headers['x-amz-security-token']).toBe(keys.sessionToken);
    expect(headers.authorization).toBe(referenceAuthorization('GET', url, unsigned, '', keys, 'eu-west-1', 'lambda', '20150830T123600Z'));
    expect(headers.authorization).toContain('/20150830/eu-west-1/lambda/aws4_request, SignedHeaders=host;x-amz-date;x-amz-security-token,');
    expect(canonicalUrl(url)).toBe(`https://${url.host}/knights?board=10110%2F01%2A11%2F10111%2F01001%2F00000&limit=39`);
    // a POST's body is covered by the signature
    const post = await signedHeaders({ method: 'POST', url, body: '{"board":"x"}', headers: { 'content-type': 'application/json' } }, { keys: EXAMPLE_KEYS, region: 'eu-west-1', date: EXAMPLE_DATE });
    expect(post.authorization).toBe(
      referenceAuthorization('POST', url, { 'content-type': 'application/json', host: url.host, 'x-amz-date': '20150830T123600Z' }, '{"board":"x"}', EXAMPLE_KEYS, 'eu-west-1', 'lambda', '20150830T123600Z'),
    );
  });

  it('knows a Function URL on AWS from any other URL', () => {
    expect(functionUrlRegion(new URL('https://abc123.lambda-url.us-east-1.on.aws/'))).toBe('us-east-1');
    expect(functionUrlRegion(new URL('http://127.0.0.1:3000/'))).toBeUndefined();
    expect(functionUrlRegion(new URL('https://lambda-url.us-east-1.on.aws.example.com/'))).toBeUndefined();
  });
});

describe('npm run ask, against the local URL', () => {
  let server: FunctionUrlServer;
  const ask = async (...args: string[]) => {
    try {
      const url = args.includes('--url') ? [] : ['--url', server.url];
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/ask.ts', ...args, ...url], { encoding: 'utf8' });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  /** The query strings the local URL received, as sent. */
  const received: string[] = [];
  /** Fifteen questions answered 202 first (a solve in the background, as the service says it), this many times. */
  let solvingFor = 0;
  beforeAll(async () => {
    const handler = searchOnlyHandler();
    server = await serveFunctionUrl(async (event, context) => {
      received.push(event.rawQueryString);
      if (event.rawPath === '/fifteen' && solvingFor > 0) {
        const seconds = 3 - solvingFor--;
        return { statusCode: 202, headers: { 'content-type': 'application/json', 'retry-after': '1', 'cache-control': 'no-store' }, body: JSON.stringify({ status: 'solving', since: new Date().toISOString(), seconds, message: 'being solved' }) };
      }
      return handler(event, context);
    }, { port: 0 });
  });

  it('waits out a question solved in the background, saying so on stderr, and prints the answer', async () => {
    solvingFor = 2;
    const asked = received.length;
    const { code, stdout, stderr } = await ask('fifteen', '2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15');
    expect(code).toBe(0);
    expect(stderr).toBe('being solved in the background, 1 s so far; asking again in 1 s (Ctrl-C stops; the solve goes on)\nbeing solved in the background, 2 s so far; asking again in 1 s (Ctrl-C stops; the solve goes on)\n');
    expect(stdout).toContain('9 moves: llldrdrdr (search)');
    expect(received.length - asked).toBe(3);
  });
  afterAll(() => server?.close());

  it('prints a knights answer as a person reads it: the board, the distance, the line, every move', async () => {
    const { code, stdout } = await ask('knights', '10110/01*11/10111/01001/00000');
    expect(code).toBe(0);
    // sent encoded as a signature encodes it, * too, locally as on AWS
    expect(received.at(-1)).toMatch(/^board=10110%2F01%2A11%2F10111%2F01001%2F00000(&|$)/);
    expect(stdout).toContain('10110\n01*11\n10111\n01001\n00000\n7 moves from the standard goal (search)\n');
    expect(stdout).toContain('line: the empty square goes to 4 13 16 7 10 1 12\n');
    expect(stdout).toContain('   4 -> 6 moves  (optimal)\n');
    expect(stdout).toContain('   0 -> 8 moves\n');
    expect((await ask('knights', '01011/110*1/01110/01010/00100', '--limit', '17')).stdout).toContain('more than 17 moves from the standard goal');
  });

  it('prints eight answers and the stats, and the raw answer with --json', async () => {
    const eight = await ask('eight', '12X453786', '12345678X');
    expect(eight.stdout).toContain('12X        123\n453   ->   456\n786        78X\n');
    expect(eight.stdout).toContain('2 moves: dd (search)\n');
    expect(eight.stdout).toContain('   d -> 1 move  (optimal)\n');
    const raw = JSON.parse((await ask('eight', '12X453786', '12345678X', '--json')).stdout);
    expect(raw).toMatchObject({ steps: 2, path: 'dd', moves: [{ move: 'd', steps: 1, optimal: true }, { move: 'l', steps: 3, optimal: false }] });
    expect((await ask('stats')).stdout).toMatch(
      /^knights#standard \(knights, goal standard = 11111\/01111\/00\*11\/00001\/00000, limits up to 39\): missing\. .*not loaded.*67,603,900 positions in the whole space/m,
    );
  });

  it('asks about a goal of one\'s own by name, and lists it in the stats with its levels and farthest positions', async () => {
    const client = testClient();
    const tableName = await freshTable(client, 'ask');
    await loadTable(client, knightsSpec('mine', 3, parseKnightsBoard(SAMPLE)), { tableName, concurrency: 8 });
    const tabled = await serveFunctionUrl(createHandler(createAppState(registry, readConfig({ TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint() }), { log: quietLog() })), { port: 0 });
    try {
      const near = await ask('knights', '1011*/01011/10111/01001/00000', '--goal', 'mine', '--url', tabled.url);
      expect(near.stdout).toMatch(/^1 move from the mine goal \(table\)$/m);
      expect(near.stdout).toContain('line: the empty square goes to 7\n');
      const stats = (await ask('stats', '--url', tabled.url)).stdout;
      expect(stats).toMatch(/^knights#mine \(knights, goal mine = 10110\/01\*11\/10111\/01001\/00000, limits up to 39\): loaded to depth 3, /m);
      expect(stats).toMatch(/^ {3}3 moves: \d+$/m);
      expect(stats).toMatch(/^ {2}3 moves: [01*/]{29} {2}\d+ \d+ \d+$/m);
    } finally {
      await tabled.close();
    }
  });

  it('says what a table of estimates holds in the stats: its arrays and their entries, no positions, no farthest list', async () => {
    const client = testClient();
    const tableName = await freshTable(client, 'ask-estimates');
    await loadTable(client, fifteenSpec(PARTITION_33333), { tableName, concurrency: 8 });
    const tabled = await serveFunctionUrl(createHandler(createAppState(registry, readConfig({ TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint() }), { log: quietLog() })), { port: 0 });
    try {
      const stats = (await ask('stats', '--url', tabled.url)).stdout;
      expect(stats).toMatch(/^fifteen \(.*\): loaded, 5 arrays of estimates, 16,800 entries in \d+ pages .*; its search reads them, no answer is stored in them$/m);
      expect(stats).toMatch(/^ {2}tiles-1-2-3: 3,360 entries$/m);
      const block = stats.slice(stats.indexOf('fifteen (')).split('\n\n')[0];
      expect(block).not.toMatch(/positions|farthest:/);
    } finally {
      await tabled.close();
    }
  });

  it('posts judge input with the SHA-256 of its body, which an origin access control requires, and prints the judge output', async () => {
    const seen: Record<string, string | undefined>[] = [];
    const handler = searchOnlyHandler();
    const recording = await serveFunctionUrl(async (event, context) => (seen.push(event.headers ?? {}), handler(event, context)), { port: 0 });
    const input = '2\n12X453786\n12345678X\n564178X23\n7568X4123\n';
    try {
      const child = execFile(process.execPath, ['--import', 'tsx', 'scripts/ask.ts', 'judge', 'eight', '--url', recording.url], { encoding: 'utf8' });
      child.stdin!.end(input);
      const stdout = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (chunk) => (out += chunk));
        child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
      });
      expect(stdout).toBe('Case 1: 2\ndd\nCase 2: 8\nurrulldr\n');
      // an independent SHA-256: the published digest of the empty string checks the helper's own
      expect(postHeaders('', 'text/plain')['x-amz-content-sha256']).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
      const pureJs = new Sha256(); // a SHA-256 written in JavaScript, not node:crypto's
      pureJs.update(input);
      expect(seen[0]['x-amz-content-sha256']).toBe(Buffer.from(await pureJs.digest()).toString('hex'));
      expect(seen[0]['content-type']).toBe('text/plain');
    } finally {
      await recording.close();
    }
  });

  it("says what was wrong: the API's sentence for a bad board, usage for a bad command", async () => {
    // the question as typed refused: a usage error (2), as lookup, which checks the board itself, says
    const bad = await ask('knights', '123');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^400: .*25/);
    const usage = await ask('chess');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(new RegExp(`^There is no command "chess"\\. The commands are ${PUZZLE_LIST}, stats, judge\\.\\nusage: npm run --silent ask`));
  });
});

describe('npm run ask, when no npm start answers where it looked', () => {
  /** ask run in `cwd` (its default data folder is cwd/.data), with tsx found from this repository. */
  const askIn = async (cwd: string, env: Record<string, string>, ...args: string[]) => {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', tsx, resolve('scripts/ask.ts'), ...args], { encoding: 'utf8', cwd, env: { ...process.env, ...env } });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };
  /** A port nothing listens on (it was free a moment ago). */
  const closedPort = () =>
    new Promise<number>((done) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => done(port));
      });
    });

  it('names the folder it looked in and --data DIR for another, and exits 1 (nothing to talk to), as lookup does', async () => {
    const here = mkdtempSync(join(tmpdir(), 'tablebase-ask-'));
    try {
      const port = String(await closedPort());
      const other = join(here, 'elsewhere');
      const named = await askIn(here, { PORT: port }, 'knights', SAMPLE, '--data', other);
      expect(named.code).toBe(1);
      expect(named.stderr).toContain(`No npm start is running on the data folder ${other} (`);
      expect(named.stderr).toContain('name it here with --data DIR');
      expect(named.stderr).toContain('--url URL');
      // --data names a folder: a service on the default port is not asked in its place
      expect(named.stderr).not.toContain(`127.0.0.1:${port}`);
      const unnamed = await askIn(here, { PORT: port }, 'knights', SAMPLE);
      expect(unnamed.code).toBe(1);
      expect(unnamed.stderr).toContain(`No npm start is running on the default data folder ${join(here, '.data')} (`);
      expect(unnamed.stderr).toContain(`nothing answered at http://127.0.0.1:${port} either`);
      expect(unnamed.stderr).toContain('name it here with --data DIR');
      // a usage error is still 2
      expect((await askIn(here, { PORT: port }, 'chess', '--data', other)).code).toBe(2);
    } finally {
      rmSync(here, { recursive: true, force: true });
    }
  });

  it('finds the npm start running on the data folder --data names', async () => {
    const here = mkdtempSync(join(tmpdir(), 'tablebase-ask-'));
    const server = await serveFunctionUrl(searchOnlyHandler(), { port: 0 });
    const forget = recordLocalService(join(here, 'elsewhere'), { url: server.url, endpoint: 'http://127.0.0.1:1', pid: process.pid });
    try {
      const found = await askIn(here, { PORT: String(await closedPort()) }, 'eight', '12X453786', '12345678X', '--data', join(here, 'elsewhere'));
      expect(found.code).toBe(0);
      expect(found.stdout).toContain('2 moves: dd (search)\n');
    } finally {
      forget();
      await server.close();
      rmSync(here, { recursive: true, force: true });
    }
  });
});
