import { systemClock } from '../../core/clock';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseKnightsBoard, playKnightsLine } from '../../core/knights/board';
import { type AppStateParts, DEFAULT_SEARCH_LIMITS, createAppState } from '../../lambda/app-state';
import { readConfig } from '../../lambda/config';
import { type FunctionUrlHandler, createHandler } from '../../lambda/handler';
import { MAX_JUDGE_CASES } from '../../lambda/routes';
import { Tablebase } from '../../lambda/tablebase';
import { createDynamoClient } from '../../store/client';
import { loadTable } from '../../store/loader';
import { knightsSpec } from '../../store/table-pages';
import { PageStore } from '../../store/page-store';
import { DEFAULT_RETRY } from '../../store/retry';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { keyPrefix, manifestKey } from '../../store/table-schema';
import { scanAll } from '../support/dynamodb';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { call, functionUrlEvent } from '../support/function-url';
import { createLogger } from '../../lambda/log';
import { localContext } from '../../scripts/function-url-server';
import { memoryLog, quietLog } from '../support/log';
import { nearEightSpec } from '../support/small-tables';

const client = testClient();
const SAMPLE = '10110/01*11/10111/01001/00000';
const FAR = '01011/110*1/01110/01010/00100';
const KNIGHTS_JUDGE = '2\n10110\n01*11\n10111\n01001\n00000\n01011\n110*1\n01110\n01010\n00100\n';
const EIGHT_JUDGE = '2\n12X453786\n12345678X\n564178X23\n7568X4123\n';

/** The function as index.ts builds it, on a table of the suite's DynamoDB (none: search only). */
function handlerOn(table: string | undefined, parts: AppStateParts = {}, endpoint = testEndpoint()): FunctionUrlHandler {
  const config = readConfig({ TABLE_NAME: table, DYNAMODB_ENDPOINT: table ? endpoint : undefined });
  return createHandler(createAppState(config, { log: quietLog(), ...parts }));
}

let tableName: string;
/** A fresh function for every test (its own caches), so that no test depends on another's requests. */
let handler: FunctionUrlHandler;
let searchOnly: FunctionUrlHandler;

beforeAll(async () => {
  tableName = await freshTable(client, 'handler');
  await loadTable(client, knightsSpec('standard', 8), { tableName, concurrency: 8 });
  await loadTable(client, nearEightSpec(8), { tableName, concurrency: 8 });
});

beforeEach(() => {
  handler = handlerOn(tableName);
  searchOnly = handlerOn(undefined);
});

describe('GET and POST /knights', () => {
  it('answers from the table, then from the cache', async () => {
    const first = await call(handler, { path: '/knights', query: `board=${SAMPLE}` });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ steps: 7, path: [4, 13, 16, 7, 10, 1, 12], source: 'table', cached: false, board: SAMPLE, goal: 'standard', limit: 15 });
    const second = await call(handler, { path: '/knights', query: `board=${SAMPLE}` });
    expect(second.json).toMatchObject({ steps: 7, source: 'table', cached: true });
  });

  it('trusts the manifest: a missing item within its depth is "more than the limit"', async () => {
    expect((await call(handler, { path: '/knights', query: `board=${FAR}&limit=8` })).json).toMatchObject({ steps: -1, path: [], source: 'table' });
    expect((await call(handler, { path: '/knights', query: `board=${SAMPLE}&limit=6` })).json).toMatchObject({ steps: -1, path: [], source: 'table' });
  });

  it('answers limits up to 39: from the table within its depth, by search past it', async () => {
    // SAMPLE is 7 moves away, within the table's depth 8: the table answers whatever the limit.
    expect((await call(handler, { path: '/knights', query: `board=${SAMPLE}&limit=39` })).json).toMatchObject({ steps: 7, source: 'table', limit: 39 });
    // FAR is 18 moves away, beyond the table: a limit past the depth goes to the search.
    expect((await call(handler, { path: '/knights', query: `board=${FAR}&limit=39` })).json).toMatchObject({ steps: 18, path: expect.any(Array), source: 'search' });
    expect((await call(handler, { path: '/knights', query: `board=${FAR}&limit=17` })).json).toMatchObject({ steps: -1, source: 'search' });
  });

  it('says, when the search gives up past the table, how deep the table is and how to load it deeper', async () => {
    const starved = handlerOn(tableName, { search: { maxMs: 1000, reserveMs: 0, maxNodes: 10 } });
    const result = await call(starved, { path: '/knights', query: `board=${FAR}&limit=39` });
    expect(result.status).toBe(503);
    expect(result.json.error).toMatch(/gave up after \d+ positions.*The standard knights table is loaded to depth 8, so a limit of 39 needs the search\. To answer up to 39 moves from the table, load it deeper: npm run precompute -- --knights-depth 39/);
  });

  it('searches past the loaded depth and for goals never precomputed', async () => {
    expect((await call(handler, { path: '/knights', query: `board=${FAR}` })).json).toMatchObject({ steps: -1, source: 'search' });
    // The standard goal written out as a board is the standard goal, table and all.
    const written = await call(handler, { path: '/knights', query: `board=${SAMPLE}&goal=${encodeURIComponent('11111/01111/00*11/00001/00000')}` });
    expect(written.json).toMatchObject({ steps: 7, source: 'table', goal: 'standard' });
    const custom = await call(handler, { path: '/knights', query: `board=${FAR}&goal=${encodeURIComponent(SAMPLE)}` });
    expect(custom.json).toMatchObject({ source: 'search', goal: SAMPLE });
    const line = await call(handler, { path: '/knights', query: `board=${SAMPLE}&goal=${encodeURIComponent('1*111/01111/00111/00001/00000')}` });
    expect(line.json).toMatchObject({ source: 'search', goal: '1*111/01111/00111/00001/00000' });
    expect(playKnightsLine(parseKnightsBoard(SAMPLE), line.json.path)).toBe(parseKnightsBoard('1*111/01111/00111/00001/00000'));
    expect(line.json.steps).toBe(line.json.path.length);
  });

  it('takes JSON bodies (any content type but text/plain), base64 included', async () => {
    const body = JSON.stringify({ board: SAMPLE.replaceAll('/', ''), limit: 7 });
    expect((await call(handler, { method: 'POST', path: '/knights', body, headers: { 'content-type': 'application/json' } })).json).toMatchObject({ steps: 7 });
    expect((await call(handler, { method: 'POST', path: '/knights', body, base64: true })).json).toMatchObject({ steps: 7 });
  });

  it('answers judge batches in text', async () => {
    const result = await call(handler, { method: 'POST', path: '/knights', body: KNIGHTS_JUDGE, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    expect(result.status).toBe(200);
    expect(result.headers['content-type']).toMatch(/^text\/plain/);
    expect(result.text).toBe('7\n-1\n');
  });
});

describe('GET and POST /eight', () => {
  it('answers the SPEC samples from the table', async () => {
    expect((await call(handler, { path: '/eight', query: 'from=12X453786&to=12345678X' })).json).toEqual({ steps: 2, path: 'dd', source: 'table', cached: false, from: '12X453786', to: '12345678X' });
    const body = JSON.stringify({ from: '564178X23', to: '7568X4123' });
    expect((await call(handler, { method: 'POST', path: '/eight', body })).json).toMatchObject({ steps: 8, path: 'urrulldr', source: 'table' });
  });

  it('searches when an item is missing from a loaded table', async () => {
    expect((await call(handler, { path: '/eight', query: 'from=X87654321&to=12345678X' })).json).toMatchObject({ steps: 28, path: 'ddrruullddrruullddrruullddrr', source: 'search' });
  });

  it('answers judge batches in text', async () => {
    const result = await call(handler, { method: 'POST', path: '/eight', body: EIGHT_JUDGE, headers: { 'content-type': 'text/plain' } });
    expect(result.text).toBe('Case 1: 2\ndd\nCase 2: 8\nurrulldr\n');
  });

  it('refuses an unreachable pair with 422', async () => {
    const result = await call(handler, { path: '/eight', query: 'from=12345678X&to=12345687X' });
    expect(result.status).toBe(422);
    expect(result.json.error).toMatch(/12345687X cannot be reached from 12345678X/);
  });
});

describe('GET /', () => {
  it('serves the page, self-contained, with the registry goal', async () => {
    const result = await call(handler, { path: '/' });
    expect(result.status).toBe(200);
    expect(result.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(result.text).toMatch(/^<!doctype html>/);
    expect(result.text).toContain('<main data-goal="111110111100*110000100000">');
    expect(result.text).not.toMatch(/<script src=|<link [^>]*href=|https?:\/\//);
  });

  it('allows exactly its own inline script and style, by their sha256, and nothing inline besides', async () => {
    const result = await call(handler, { path: '/' });
    const policy = String(result.headers['content-security-policy']);
    expect(policy).toMatch(/^default-src 'none'; /);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    const scripts = [...result.text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    const styles = [...result.text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    const hash = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');
    expect(policy).toContain(`script-src 'sha256-${hash(scripts[0])}';`);
    expect(policy).toContain(`style-src 'sha256-${hash(styles[0])}';`);
    expect(result.text).not.toMatch(/ on[a-z]+=| style=/); // no inline handlers or style attributes, which hashes do not cover
  });
});

describe('GET /health', () => {
  it('lists the loaded tables with their manifests', async () => {
    const result = await call(handler, { path: '/health' });
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({
      status: 'ok',
      dynamodb: 'reachable',
      tables: { 'knights#standard': { state: 'loaded', manifest: { depth: 8, positions: 10486, schemaVersion: 2 } }, eight: { state: 'loaded', manifest: { depth: 8 } } },
    });
    expect((await call(searchOnly, { path: '/health' })).json).toEqual({ status: 'ok', dynamodb: 'not configured', tables: { 'knights#standard': { state: 'missing' }, eight: { state: 'missing' } } });
  });
});

describe('errors', () => {
  it.each([
    [{ path: '/knights' }, 400, /"board" is missing/],
    [{ path: '/knights', query: 'board=123' }, 400, /25 cells/],
    [{ path: '/knights', query: `board=${SAMPLE}&limit=40` }, 400, /limit must be a whole number of moves from 0 to 39; got "40"/],
    [{ path: '/knights', query: `board=${SAMPLE}&limit=-1` }, 400, /limit must be a whole number of moves from 0 to 39/],
    [{ path: '/knights', query: `board=${SAMPLE}&limit=1.5` }, 400, /limit must be a whole number of moves from 0 to 39/],
    [{ path: '/knights', query: `board=${SAMPLE}&limit=x` }, 400, /limit must be a whole number of moves from 0 to 39; got "x"/],
    [{ path: '/knights', query: `board=${SAMPLE}&goal=nowhere` }, 400, /no goal named "nowhere"/],
    [{ path: '/knights', query: `board=${SAMPLE}&colour=red` }, 400, /Unknown field "colour"/],
    [{ method: 'POST', path: '/knights', body: '{"board": 5}' }, 400, /"board" must be a string/],
    [{ method: 'POST', path: '/knights', body: '{"board": ' }, 400, /not valid JSON/],
    [{ method: 'POST', path: '/knights', body: '[1,2]' }, 400, /must be a JSON object/],
    [{ method: 'POST', path: '/knights', body: '' }, 400, /no body/],
    [{ method: 'POST', path: '/knights', body: '2\n10110', headers: { 'content-type': 'text/plain' } }, 400, /announces 2 cases/],
    [{ path: '/eight', query: 'from=12X453786' }, 400, /"to" is missing/],
    [{ path: '/eight', query: 'from=12X45378&to=12345678X' }, 400, /"from" "12X45378" has 8 characters/],
    [{ path: '/nowhere' }, 404, /nothing at \/nowhere/],
    [{ path: '/api' }, 404, /the API has \/, \/knights, \/eight, \/health/],
    [{ method: 'POST', path: '/' }, 405, /answers GET/],
    [{ method: 'POST', path: '//' }, 405, /^\/ answers GET/],
    [{ method: 'DELETE', path: '/knights' }, 405, /answers GET and POST, not DELETE/],
    [{ method: 'POST', path: '/health' }, 405, /answers GET/],
  ])('%j gets %i', async (spec, status, message) => {
    const result = await call(handler, spec);
    expect(result.status).toBe(status);
    expect(result.json.error).toMatch(message);
  });

  it('says which methods a path allows', async () => {
    expect((await call(handler, { method: 'PUT', path: '/eight' })).headers.allow).toBe('GET, POST');
  });

  it('refuses bodies over 1 MiB and batches over the case cap with 413', async () => {
    const big = await call(handler, { method: 'POST', path: '/knights', body: ' '.repeat(1024 * 1024 + 1) });
    expect(big.status).toBe(413);
    expect(big.json.error).toMatch(/limit is 1048576 bytes/);
    const cases = MAX_JUDGE_CASES + 1;
    const batch = await call(handler, { method: 'POST', path: '/eight', body: `${cases}\n${'12345678X\n12345678X\n'.repeat(cases)}`, headers: { 'content-type': 'text/plain' } });
    expect(batch.status).toBe(413);
    expect(batch.json.error).toMatch(/at most 1000/);
  });

  it('answers 503 when the search budget runs out', async () => {
    const starved = handlerOn(undefined, { search: { maxMs: 1000, reserveMs: 0, maxNodes: 10 } });
    const result = await call(starved, { path: '/eight', query: 'from=8X7654321&to=12345678X' });
    expect(result.status).toBe(503);
    expect(result.json.error).toMatch(/gave up after/);
    const late = await call(searchOnly, { path: '/eight', query: 'from=8X7654321&to=12345678X' }, 200); // less time left than the reserve
    expect(late.status).toBe(503);
  });
});

describe('table and search agree', () => {
  it('on knights and eight queries the table can answer', async () => {
    const queries = [
      { path: '/knights', query: `board=${SAMPLE}` },
      { path: '/knights', query: `board=${SAMPLE}&limit=7` },
      { path: '/knights', query: `board=${FAR}&limit=8` },
      { path: '/eight', query: 'from=12X453786&to=12345678X' },
      { path: '/eight', query: 'from=564178X23&to=7568X4123' },
      { path: '/eight', query: 'from=1234X5678&to=12345X678' },
    ];
    for (const query of queries) {
      const fromTable = (await call(handler, query)).json;
      const fromSearch = (await call(searchOnly, query)).json;
      expect(fromTable.source).toBe('table');
      expect(fromSearch.source).toBe('search');
      expect({ ...fromTable, source: undefined, cached: undefined }).toEqual({ ...fromSearch, source: undefined, cached: undefined });
    }
  });
});

describe('DynamoDB unreachable', () => {
  it('still answers correctly, by search', async () => {
    const broken = handlerOn(tableName, {}, 'http://127.0.0.1:9');
    expect((await call(broken, { path: '/knights', query: `board=${SAMPLE}` })).json).toMatchObject({ steps: 7, source: 'search' });
    expect((await call(broken, { path: '/eight', query: 'from=564178X23&to=7568X4123' })).json).toMatchObject({ steps: 8, path: 'urrulldr', source: 'search' });
    expect((await call(broken, { path: '/health' })).json).toMatchObject({ status: 'ok', dynamodb: 'unreachable' });
  });
});

describe('logging', () => {
  it('logs one line per request: the matched route, source, latency and outcome, refusals below failures', async () => {
    const log = memoryLog();
    const logged = handlerOn(tableName, { log });
    await call(logged, { path: '/eight', query: 'from=12X453786&to=12345678X' });
    await call(logged, { path: '/knights/' });
    await call(logged, { path: '//' });
    await call(logged, { path: '/nowhere' });
    await call(handlerOn(undefined, { log, search: { maxMs: 1000, reserveMs: 0, maxNodes: 10 } }), { path: '/eight', query: 'from=8X7654321&to=12345678X' });
    expect(log.lines).toEqual([
      expect.objectContaining({ level: 'INFO', route: '/eight', method: 'GET', status: 200, source: 'table', outcome: 'answered', latencyMs: expect.any(Number) }),
      expect.objectContaining({ level: 'INFO', route: '/knights', status: 400, outcome: 'refused' }),
      expect.objectContaining({ level: 'INFO', route: '/', status: 200 }),
      expect.objectContaining({ level: 'INFO', route: 'unmatched', status: 404, source: 'none', outcome: 'refused', error: expect.stringMatching(/^RouteNotFoundError/) }),
      expect.objectContaining({ level: 'WARN', route: '/eight', status: 503, outcome: 'unavailable' }),
    ]);
  });

  it('writes each line as one JSON object whose fields are fields, with the request id and the cold start (Powertools Logger)', async () => {
    const written: string[] = [];
    const write = process.stdout.write;
    vi.stubEnv('AWS_LAMBDA_INITIALIZATION_TYPE', 'on-demand'); // as the runtime sets it
    process.stdout.write = ((chunk: string) => (written.push(String(chunk)), true)) as typeof process.stdout.write;
    try {
      const logged = handlerOn(undefined, { log: createLogger('INFO') });
      const context = localContext(10_000);
      await logged(functionUrlEvent({ path: '/eight', query: 'from=12X453786&to=12345678X' }), context);
      await logged(functionUrlEvent({ path: '/knights' }), { ...localContext(10_000), awsRequestId: 'second' });
    } finally {
      process.stdout.write = write;
      vi.unstubAllEnvs();
    }
    const lines = written.join('').trim().split('\n').map((line) => JSON.parse(line));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 'INFO', message: 'request', service: 'tablebase', route: '/eight', status: 200, source: 'search', cold_start: true, function_name: 'tablebase-local', function_request_id: expect.any(String) });
    expect(typeof lines[0].latencyMs).toBe('number');
    expect(lines[1]).toMatchObject({ level: 'INFO', route: '/knights', status: 400, cold_start: false, function_request_id: 'second' });
  });
});

describe('a failing DynamoDB', () => {
  it('is not asked again for a while after it fails, then tried again', async () => {
    // One fake clock for everything that measures time: the store, the hold-off, the request's budget.
    let time = 0;
    const clock = { now: () => time };
    const errors: unknown[] = [];
    const store = new PageStore(createDynamoClient({ endpoint: 'http://127.0.0.1:9' }), tableName, {
      timeoutMs: 500,
      manifestTtlMs: 0,
      cacheBytes: 1 << 20,
      retry: DEFAULT_RETRY,
      clock,
    });
    const tablebase = new Tablebase(store, { storeBackoffMs: 5000, clock, onStoreError: (error) => errors.push(error) });
    const failing = createHandler({ tablebase, clock, log: quietLog(), search: DEFAULT_SEARCH_LIMITS });
    await call(failing, { path: '/eight', query: 'from=12X453786&to=12345678X' });
    await call(failing, { path: '/eight', query: 'from=564178X23&to=7568X4123' });
    expect(errors.length).toBe(1);
    time = 6000;
    expect((await call(failing, { path: '/knights', query: `board=${SAMPLE}` })).json).toMatchObject({ steps: 7, source: 'search' });
    expect(errors.length).toBe(2);
  });
});

describe('tables the function cannot read', () => {
  it('reads a table of another schema version as outdated, answers by search, and says so in /health', async () => {
    const oldTable = await freshTable(client, 'outdated');
    await client.send(
      new PutItemCommand({
        TableName: oldTable,
        Item: { pk: { S: manifestKey('knights#standard') }, table: { S: 'knights#standard' }, schemaVersion: { N: '1' }, goal: { S: '11111/01111/00*11/00001/00000' }, depth: { N: '15' }, items: { N: '1671855' } },
      }),
    );
    const old = handlerOn(oldTable);
    expect((await call(old, { path: '/knights', query: `board=${SAMPLE}` })).json).toMatchObject({ steps: 7, source: 'search' });
    const health = (await call(old, { path: '/health' })).json;
    expect(health.tables['knights#standard']).toMatchObject({ state: 'outdated', schemaVersion: 1, message: expect.stringMatching(/schema version 1.*reads version 2 only.*reloaded/) });
    expect(health.tables.eight).toEqual({ state: 'missing' });
  });

  it('reports a malformed page loudly and answers by search, without holding off the table', async () => {
    const damaged = await freshTable(client, 'damaged');
    await loadTable(client, knightsSpec('standard', 8), { tableName: damaged, concurrency: 8 });
    for (const item of await scanAll(client, damaged, keyPrefix('knights#standard'))) {
      await client.send(new PutItemCommand({ TableName: damaged, Item: { ...item, page: { B: Uint8Array.from([0, 0xff, 0xff]) } } }));
    }
    const bad: unknown[] = [];
    const down: unknown[] = [];
    const tablebase = new Tablebase(
      new PageStore(createDynamoClient({ endpoint: testEndpoint() }), damaged, { timeoutMs: 800, manifestTtlMs: 60_000, cacheBytes: 1 << 20, retry: DEFAULT_RETRY, clock: systemClock }),
      { onBadData: (error) => bad.push(error), onStoreError: (error) => down.push(error) },
    );
    const damagedHandler = createHandler({ tablebase, clock: systemClock, log: quietLog(), search: DEFAULT_SEARCH_LIMITS });
    expect((await call(damagedHandler, { path: '/knights', query: `board=${SAMPLE}` })).json).toMatchObject({ steps: 7, source: 'search' });
    expect((await call(damagedHandler, { path: '/knights', query: 'board=1*111/01111/00111/00001/00000' })).json).toMatchObject({ steps: 1, source: 'search' });
    expect(bad.length).toBe(2); // both tried the table: no five-second hold-off for bad data
    expect(String(bad[0])).toMatch(/MalformedPageError/);
    expect(down).toEqual([]);
  });
});

describe('the time an invocation has', () => {
  it('is never overrun: with 1,200 ms left and a DynamoDB that never answers, every answer comes in time', async () => {
    const silent = createServer(() => {}); // accepts connections, never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const hanging = handlerOn(tableName, {}, endpoint);
      for (const spec of [
        { path: '/eight', query: 'from=8672543X1&to=12345678X' },
        { path: '/knights', query: `board=${SAMPLE}` },
        { path: '/knights', query: `board=${FAR}&goal=${encodeURIComponent(SAMPLE)}` },
      ]) {
        const started = performance.now();
        const result = await call(hanging, spec, 1200);
        const elapsed = performance.now() - started;
        expect(elapsed, `${JSON.stringify(spec)} took ${elapsed} ms`).toBeLessThan(1200);
        expect([200, 503]).toContain(result.status);
      }
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});
