import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LambdaFunctionURLEvent } from 'aws-lambda';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { SEED } from '../../core/seeded';
import { serveFunctionUrl } from '../../emulator/function-url-server';
import { rawRequest } from '../support/raw-http';
import { searchOnlyHandler } from '../support/service';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { createDynamoClient } from '../../store/client';
import { startLocalDynamo } from '../../store/local-dynamodb';
import { ensureTable } from '../../store/table-admin';
import { DEFAULT_TABLE_NAME } from '../../store/table-schema';
import { SCHEMA_VERSION } from '../../store/manifests';

describe('the local Function URL', () => {
  it('turns HTTP requests into Function URL events and results back into responses', async () => {
    const events: unknown[] = [];
    const handler = searchOnlyHandler();
    const server = await serveFunctionUrl(async (event, context) => {
      events.push(event);
      return handler(event, context);
    }, { port: 0 });
    try {
      const get = await fetch(`${server.url}/knights?board=10110/01*11/10111/01001/00000&limit=15`);
      expect(get.status).toBe(200);
      expect(get.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await get.json()).toMatchObject({ steps: 7, source: 'search' });
      expect(events[0]).toMatchObject({
        version: '2.0',
        rawPath: '/knights',
        rawQueryString: 'board=10110/01*11/10111/01001/00000&limit=15',
        queryStringParameters: { board: '10110/01*11/10111/01001/00000', limit: '15' },
        requestContext: { http: { method: 'GET', path: '/knights' } },
        isBase64Encoded: false,
      });

      const judge = await fetch(`${server.url}/eight`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '1\n12X453786\n12345678X\n' });
      expect(await judge.text()).toBe('Case 1: 2\ndd\n');

      const binary = await fetch(`${server.url}/eight`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: '{"from":"12X453786","to":"12345678X"}' });
      expect(await binary.json()).toMatchObject({ steps: 2, path: 'dd' });
      expect(events[2]).toMatchObject({ isBase64Encoded: true, body: Buffer.from('{"from":"12X453786","to":"12345678X"}').toString('base64') });

      const wrong = await fetch(`${server.url}/knights`, { method: 'PATCH' });
      expect(wrong.status).toBe(405);
      expect(wrong.headers.get('allow')).toBe('GET, POST');

      const huge = await fetch(`${server.url}/knights`, { method: 'POST', body: 'x'.repeat(6 * 1024 * 1024 + 1) });
      expect(huge.status).toBe(413);
    } finally {
      await server.close();
    }
  });
});

describe('the local Function URL with raw requests', () => {
  it('passes the raw path as it came: "//" is a path, not a host', async () => {
    const events: LambdaFunctionURLEvent[] = [];
    const handler = searchOnlyHandler();
    const server = await serveFunctionUrl(async (event, context) => (events.push(event), handler(event, context)), { port: 0 });
    try {
      const odd = await rawRequest(server.url, 'POST //2%5B%3D%5B HTTP/1.1', '{}');
      expect(odd.status).toBe(404);
      expect(events[0]).toMatchObject({ rawPath: '//2%5B%3D%5B', rawQueryString: '' });
      const notThePage = await rawRequest(server.url, 'GET //x HTTP/1.1');
      expect(notThePage.status).toBe(404);
      expect(events[1]).toMatchObject({ rawPath: '//x' });
      // a repeated parameter reaches the function as it came, which refuses it
      const query = await rawRequest(server.url, 'GET /eight?from=12X453786&to=12345678X&from=x HTTP/1.1');
      expect(query.status).toBe(400);
      expect(JSON.parse(query.text.slice(query.text.indexOf('{'), query.text.lastIndexOf('}') + 1))).toMatchObject({ error: expect.stringMatching(/^The parameter "from" is given 2 times/) });
      expect(events[2]).toMatchObject({ rawPath: '/eight', rawQueryString: 'from=12X453786&to=12345678X&from=x', queryStringParameters: { from: '12X453786,x' } });
    } finally {
      await server.close();
    }
  });

  it('answers HEAD on / and /health like GET, without a body', async () => {
    const server = await serveFunctionUrl(searchOnlyHandler(), { port: 0 });
    try {
      for (const path of ['/', '/health']) {
        const [head, get] = await Promise.all([fetch(`${server.url}${path}`, { method: 'HEAD' }), fetch(`${server.url}${path}`)]);
        expect(head.status).toBe(path === '/' ? 200 : 503); // no table here: /health is degraded
        expect(head.status).toBe(get.status);
        expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
        expect(await head.text()).toBe('');
        expect((await get.text()).length).toBeGreaterThan(10);
      }
      expect((await fetch(`${server.url}/knights`, { method: 'HEAD' })).status).toBe(405);
    } finally {
      await server.close();
    }
  });

  it('logs every failure of the function it turns into a 502, with its stack', async () => {
    const failures: unknown[] = [];
    const server = await serveFunctionUrl(async () => {
      throw new Error('the function broke');
    }, { port: 0, onFailure: (error) => failures.push(error) });
    try {
      const reply = await fetch(`${server.url}/health`);
      expect(reply.status).toBe(502);
      expect(failures).toHaveLength(1);
      expect((failures[0] as Error).stack).toMatch(/the function broke\n\s+at /);
    } finally {
      await server.close();
    }
  });

  it('never answers a 5xx but a deliberate 503 to random requests: methods, paths of slashes and escapes, control bytes, bodies', async () => {
    const failures: unknown[] = [];
    const server = await serveFunctionUrl(searchOnlyHandler(), { port: 0, onFailure: (error) => failures.push(error) });
    const statuses = new Map<number, number>();
    try {
      const pieces = fc.constantFrom('/', '//', '%2F', '%', '%5B', '%E0%A4%A', 'knights', 'eight', 'health', '?', '=', '&', 'board', 'x', '\x01', '\x7f', '..', '#', '*', ' ');
      const request = fc.record({
        method: fc.constantFrom('GET', 'POST', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'BREW', 'get'),
        target: fc.array(pieces, { minLength: 1, maxLength: 12 }).map((parts) => parts.join('')),
        body: fc.oneof(fc.constant(''), fc.string({ unit: 'binary', maxLength: 80 }), fc.constant('{"board":"10110/01*11/10111/01001/00000"}')),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ method, target, body }) => {
          const { status } = await rawRequest(server.url, `${method} ${target} HTTP/1.1`, Buffer.from(body, 'utf8').toString('latin1'));
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          expect(status === 503 || (status >= 200 && status < 500), `${status} for ${JSON.stringify([method, target])}`).toBe(true);
        }),
        { numRuns: 300, seed: SEED },
      );
      expect(failures).toEqual([]);
      expect(statuses.get(404) ?? 0).toBeGreaterThan(20);
    } finally {
      await server.close();
    }
  });
});

describe('npm start', () => {
  const data = mkdtempSync(join(tmpdir(), 'tablebase-start-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(data, { recursive: true, force: true });
  });

  function start(folder = data): { child: ChildProcess; ready: Promise<string>; output: () => string } {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--tables', 'standard', '--knights-depth', '6', '--data', folder], {
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    const ready = new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk) => {
        output += chunk;
        const match = /tablebase is answering on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match) resolve(match[1]);
      });
      child.stderr!.on('data', (chunk) => (output += chunk));
      child.on('exit', (code) => reject(new Error(`npm start exited with ${code} before it was ready:\n${output}`)));
    });
    return { child, ready, output: () => output };
  }

  const until = async (condition: () => boolean) => {
    for (let i = 0; i < 600 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  /** Its exit code once its output is read to the end ('exit' may come before the last lines are read). */
  const stopped = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null && (child.stdout?.closed ?? true) && (child.stderr?.closed ?? true) ? resolve(child.exitCode) : child.on('close', (code) => resolve(code))));

  it('loads the tables the first time, serves the API, stops on Ctrl-C, and restarts without reloading', async () => {
    const first = start();
    const url = await first.ready;
    // its own readiness probe is no client's request: the first lines a person reads log none
    const beforeReady = first.output().slice(0, first.output().indexOf('tablebase is answering'));
    expect(beforeReady).not.toMatch(/"message":"request|\/health|503/);
    // It answers at once, by search, while the table loads behind it; once loaded, the table
    // answers the same question (the answer found by search is not kept).
    expect(await (await fetch(`${url}/knights?board=1*111/01111/00111/00001/00000`)).json()).toMatchObject({ steps: 1 });
    await until(() => /knights#standard: answering from the table/.test(first.output()));
    expect(first.output()).toMatch(/knights#standard: loaded \d+ pages \(1578 positions, depth 6/);
    expect(await (await fetch(`${url}/knights?board=1*111/01111/00111/00001/00000`)).json()).toMatchObject({ steps: 1, source: 'table' });
    expect(await (await fetch(`${url}/knights?board=10110/01*11/10111/01001/00000`)).json()).toMatchObject({ steps: 7, source: 'search' });
    expect(await (await fetch(`${url}/health`)).json()).toMatchObject({ dynamodb: 'reachable', tables: { 'knights#standard': { state: 'loaded', positions: 1578 }, eight: { state: 'missing' } } });
    expect(first.output()).toMatch(/curl '.*\/knights\?board=10110\/01\*11\/10111\/01001\/00000'/);
    // the local URL says how long a response may be kept, as the function does on AWS
    expect((await fetch(`${url}/knights?board=10110/01*11/10111/01001/00000`)).headers.get('cache-control')).toBe('public, max-age=86400');
    expect((await fetch(`${url}/health`)).headers.get('cache-control')).toBe('no-store');
    first.child.kill('SIGINT');
    expect(await stopped(first.child)).toBe(0);

    const second = start();
    const again = await second.ready;
    await until(() => /knights#standard: already loaded/.test(second.output()));
    expect(second.output()).toMatch(/knights#standard: already loaded: \d+ pages \(1578 positions, depth 6/);
    expect(await (await fetch(`${again}/knights?board=1*111/01111/00111/00001/00000`)).json()).toMatchObject({ steps: 1, source: 'table' });
    second.child.kill('SIGTERM');
    expect(await stopped(second.child)).toBe(0);
  });

  it('answers a goal loaded by another precompute while it runs from its table within 90 s', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tablebase-goal-'));
    try {
      const run = start(folder);
      const url = await run.ready;
      await until(() => /knights#standard: answering from the table/.test(run.output()));
      // where its DynamoDB answers, as npm start records it for lookup and ask
      const { endpoint } = JSON.parse(readFileSync(join(folder, 'service.json'), 'utf8'));
      // A goal of its own (the standard goal turned upside down), and a board one move from it.
      const goal = '00000/10000/11*00/11110/11111';
      const board = '00000/10000/11000/1111*/11111';
      const asked = () => fetch(`${url}/knights?board=${board}&goal=second`).then(async (reply) => ({ status: reply.status, json: await reply.json() }));
      expect(await asked()).toMatchObject({ status: 400, json: { error: expect.stringMatching(/^There is no goal named "second"/) } });
      const loading = performance.now();
      const precompute = spawn(process.execPath, ['--import', 'tsx', 'scripts/precompute.ts', '--endpoint', endpoint, '--tables', 'standard', '--goal', `second=${goal}`, '--knights-depth', '6'], { stdio: 'ignore' });
      children.push(precompute);
      expect(await stopped(precompute)).toBe(0);
      let answer = await asked();
      while (answer.status !== 200 && performance.now() - loading < 90_000) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        answer = await asked();
      }
      const seconds = (performance.now() - loading) / 1000;
      expect(answer).toMatchObject({ status: 200, json: { goal: 'second', source: 'table' } });
      expect(answer.json).toMatchObject({ steps: 1, path: [12] });
      expect(seconds).toBeLessThan(90);
      run.child.kill('SIGINT');
      expect(await stopped(run.child)).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 150_000);

  it('rebuilds its own data folder by itself when an older version wrote the tables there, and says so in one line', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tablebase-old-'));
    try {
      // What schema 1 left behind: one item per position and a manifest counting them.
      const old = await startLocalDynamo({ path: join(folder, 'dynamodb') });
      const client = createDynamoClient({ endpoint: old.endpoint });
      await ensureTable(client, DEFAULT_TABLE_NAME);
      await client.send(new PutItemCommand({ TableName: DEFAULT_TABLE_NAME, Item: { pk: { S: 'knights#standard#10110/01*11/10111/01001/00000' }, steps: { N: '7' }, path: { S: '4,13,16,7,10,1,12' } } }));
      await client.send(
        new PutItemCommand({
          TableName: DEFAULT_TABLE_NAME,
          Item: { pk: { S: 'manifest#knights#standard' }, table: { S: 'knights#standard' }, schemaVersion: { N: '1' }, goal: { S: '11111/01111/00*11/00001/00000' }, depth: { N: '6' }, items: { N: '1578' } },
        }),
      );
      client.destroy();
      await old.close();

      const run = start(folder);
      const url = await run.ready;
      expect(run.output().match(/older version/g)).toEqual(['older version']);
      expect(run.output()).toMatch(/The tables in .* were written by an older version of tablebase; rebuilding them from scratch\./);
      await until(() => /knights#standard: answering from the table/.test(run.output()));
      expect(await (await fetch(`${url}/knights?board=1*111/01111/00111/00001/00000`)).json()).toMatchObject({ steps: 1, source: 'table' });
      expect(await (await fetch(`${url}/health`)).json()).toMatchObject({ tables: { 'knights#standard': { state: 'loaded', schemaVersion: SCHEMA_VERSION } } });
      run.child.kill('SIGINT');
      expect(await stopped(run.child)).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
