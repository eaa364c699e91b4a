import { systemClock } from '../../core/clock';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseKnightsBoard, playKnightsLine } from '../../puzzles/knights/rules/board';
import { type AppStateParts, DEFAULT_SEARCH_LIMITS, createAppState } from '../../lambda/app-state';
import { readConfig } from '../../lambda/config';
import { type FunctionUrlHandler, createHandler } from '../../lambda/handler';
import { MAX_BATCH_QUERIES, MAX_JUDGE_CASES } from '../../lambda/routes';
import fc from 'fast-check';
import { formatEightBoard, isReachable } from '../../puzzles/eight/rules/board';
import { EightBfsTables } from '../../puzzles/eight/rules/bfs-table';
import { formatKnightsBoard } from '../../puzzles/knights/rules/board';
import { resolveKnightsGoal } from '../../puzzles/knights/rules/goals';
import { buildKnightsBfsTable } from '../../puzzles/knights/rules/bfs-table';
import { eightBoardArbitrary } from '../../puzzles/eight/seeded-inputs';
import { knightsBoardArbitrary, knightsWalkArbitrary } from '../../puzzles/knights/seeded-inputs';
import { samples } from '../../core/seeded';
import { AnswerService } from '../../lambda/answer-service';
import { createDynamoClient } from '../../store/client';
import { loadTable } from '../../store/loader';
import { fifteenSpec } from '../../puzzles/fifteen/offline/loads';
import { PARTITION_33333 } from '../../puzzles/fifteen/rules/pattern-set';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { PageStore } from '../../store/page-store';
import { DEFAULT_RETRY } from '../../store/retry';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { manifestKey } from '../../store/table-keys';
import { generationPrefix } from '../../store/generations';
import { pageItem } from '../../store/page-items';
import { SCHEMA_VERSION } from '../../store/manifests';
import { scanAll } from '../support/dynamodb';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { call, functionUrlEvent, lambdaContext } from '../support/function-url';
import { createLogger } from '../../lambda/log';
import { memoryLog, quietLog } from '../support/log';
import { builtOnce, nearEightSpec } from '../support/small-tables';
// the function of the three puzzles whose tables it loads and whose answers, /health and errors it checks word for word, whatever else is registered
import { registry } from '../support/three-puzzles';

const client = testClient();
const SAMPLE = '10110/01*11/10111/01001/00000';
const FAR = '01011/110*1/01110/01010/00100';
const KNIGHTS_JUDGE = '2\n10110\n01*11\n10111\n01001\n00000\n01011\n110*1\n01110\n01010\n00100\n';
const EIGHT_JUDGE = '2\n12X453786\n12345678X\n564178X23\n7568X4123\n';

/** The function as index.ts builds it, on a table of the suite's DynamoDB (none: search only). */
function handlerOn(table: string | undefined, parts: AppStateParts = {}, endpoint = testEndpoint()): FunctionUrlHandler {
  const config = readConfig({ TABLE_NAME: table, DYNAMODB_ENDPOINT: table ? endpoint : undefined });
  return createHandler(createAppState(registry, config, { log: quietLog(), ...parts }));
}

/** The standard goal's table to depth 8, loaded into three tables here and built once. */
const standard8 = builtOnce(knightsSpec('standard', 8));
let tableName: string;
/** A fresh function for every test (its own caches), so that no test depends on another's requests. */
let handler: FunctionUrlHandler;
let searchOnly: FunctionUrlHandler;

beforeAll(async () => {
  tableName = await freshTable(client, 'handler');
  await loadTable(client, standard8, { tableName, concurrency: 8 });
  await loadTable(client, nearEightSpec(8), { tableName, concurrency: 8 });
  // the 15-puzzle's pattern databases, five groups of three: built and loaded in well under a second
  await loadTable(client, fifteenSpec(PARTITION_33333), { tableName, concurrency: 8 });
});

beforeEach(() => {
  handler = handlerOn(tableName);
  searchOnly = handlerOn(undefined);
});

describe('GET and POST /knights', () => {
  it('answers from the table, then from the cache', async () => {
    const first = await call(handler, { path: '/knights', query: `board=${SAMPLE}` });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      steps: 7,
      path: [4, 13, 16, 7, 10, 1, 12],
      source: 'table',
      cached: false,
      board: SAMPLE,
      goal: 'standard',
      limit: 15,
      // the empty square at cell 7 jumps to 0, 4, 10, 14, 16 or 18: only 4 is one step closer
      moves: [
        { move: 0, steps: 8, optimal: false },
        { move: 4, steps: 6, optimal: true },
        { move: 10, steps: 8, optimal: false },
        { move: 14, steps: 8, optimal: false },
        { move: 16, steps: 8, optimal: false },
        { move: 18, steps: 8, optimal: false },
      ],
    });
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
    expect(result.json.error).toMatch(/gave up after \d+ positions.*The standard knights table is loaded to depth 8, so a limit of 39 needs the search\. To answer up to 39 moves from a table, load it that deep: npm run precompute -- --tables standard --knights-depth 39/);
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
    expect((await call(handler, { method: 'POST', path: '/knights', body, headers: { 'content-type': 'application/octet-stream' } })).json).toMatchObject({ steps: 7 });
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
    expect((await call(handler, { path: '/eight', query: 'from=12X453786&to=12345678X' })).json).toEqual({
      steps: 2,
      path: 'dd',
      source: 'table',
      cached: false,
      from: '12X453786',
      to: '12345678X',
      moves: [
        { move: 'd', steps: 1, optimal: true },
        { move: 'l', steps: 3, optimal: false },
      ],
    });
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
    // the registry's goal, written into the knights panel's markup by the build (its board, until /stats lists the goals loaded)
    expect(result.text).toMatch(/<div [^>]*id="kgoal"[^>]*data-built-in="111110111100\*110000100000">/);
    // nothing fetched from elsewhere (the one URL allowed is SVG's namespace, a name and never fetched)
    expect(result.text.replaceAll('http://www.w3.org/2000/svg', '')).not.toMatch(/<script src=|<link [^>]*href=|https?:\/\//);
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
  it('lists the loaded tables by named fields, not the stored manifest', async () => {
    const result = await call(handler, { path: '/health' });
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({
      status: 'ok',
      dynamodb: 'reachable',
      tables: { 'knights#standard': { state: 'loaded', depth: 8, positions: 10486, schemaVersion: SCHEMA_VERSION }, eight: { state: 'loaded', depth: 8 } },
    });
    expect(Object.keys(result.json.tables['knights#standard']).sort()).toEqual(
      ['bytes', 'checksum', 'completedAt', 'depth', 'generation', 'goal', 'goalName', 'maxLimit', 'pages', 'positions', 'puzzle', 'schemaVersion', 'state', 'whole', 'writeUnits'],
    );
    expect(result.json.tables['knights#standard']).toMatchObject({ puzzle: 'knights', goalName: 'standard', goal: '11111/01111/00*11/00001/00000', maxLimit: 39, whole: false });
    const unconfigured = await call(searchOnly, { path: '/health' });
    expect(unconfigured.status).toBe(503);
    expect(unconfigured.json).toEqual({
      status: 'degraded',
      message: 'No table is configured (TABLE_NAME is not set), so every answer is found by search.',
      dynamodb: 'not configured',
      tables: {
        'knights#standard': { state: 'missing', puzzle: 'knights', goalName: 'standard', goal: '11111/01111/00*11/00001/00000', maxLimit: 39 },
        eight: { state: 'missing', puzzle: 'eight', goal: 'X12345678,1X2345678,12X345678,123X45678,1234X5678,12345X678,123456X78,1234567X8,12345678X' },
        fifteen: { state: 'missing', puzzle: 'fifteen', goal: '1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0' },
      },
      // with no table and no package, the 15-puzzle's search has no pattern databases to read
      estimates: { fifteen: { inUse: 'manhattan and linear conflicts' } },
    });
  });
});

describe('errors', () => {
  it.each([
    [{ path: '/knights' }, 400, /^GET \/knights takes its question as query parameters, and none came; for example \/knights\?board=/],
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
    [{ path: '/api' }, 404, /the API has \/, \/knights, \/eight, \/fifteen, \/health/],
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
    const health = await call(broken, { path: '/health' });
    expect(health.status).toBe(503);
    expect(health.json).toMatchObject({ status: 'degraded', dynamodb: 'unreachable', message: expect.stringMatching(/^DynamoDB cannot be read now \(.+\), so answers are found by search\.$/) });
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

  it('writes each line as one JSON object whose fields are fields, with the request id and the cold start (the keys of Powertools Logger)', async () => {
    const written: string[] = [];
    const write = process.stdout.write;
    vi.stubEnv('AWS_LAMBDA_INITIALIZATION_TYPE', 'on-demand'); // as the runtime sets it
    process.stdout.write = ((chunk: string) => (written.push(String(chunk)), true)) as typeof process.stdout.write;
    try {
      const logged = handlerOn(undefined, { log: createLogger('INFO') });
      const context = lambdaContext(10_000);
      await logged(functionUrlEvent({ path: '/eight', query: 'from=12X453786&to=12345678X' }), context);
      await logged(functionUrlEvent({ path: '/knights' }), { ...lambdaContext(10_000), awsRequestId: 'second' });
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
    const answers = new AnswerService(registry, store, { storeBackoffMs: 5000, clock, onStoreError: (error) => errors.push(error) });
    const failing = createHandler({ registry, answers, clock, log: quietLog(), search: DEFAULT_SEARCH_LIMITS });
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
    expect(health.tables['knights#standard']).toMatchObject({ state: 'outdated', schemaVersion: 1, message: expect.stringMatching(new RegExp(`schema version 1.*reads version ${SCHEMA_VERSION} only.*reloaded`)) });
    expect((await call(old, { path: '/stats' })).json.tables['knights#standard']).toMatchObject({ state: 'outdated', message: expect.stringMatching(/older version.*--force/) });
    expect(health.tables.eight).toMatchObject({ state: 'missing', puzzle: 'eight' });
  });

  it('reports a malformed page loudly and answers by search, without holding off the table', async () => {
    const damaged = await freshTable(client, 'damaged');
    const { manifest } = await loadTable(client, standard8, { tableName: damaged, concurrency: 8 });
    for (const item of await scanAll(client, damaged, generationPrefix(manifest.generation, 'knights#standard'))) {
      // its checksum made anew: bytes that pass it and still cannot be a page
      await client.send(new PutItemCommand({ TableName: damaged, Item: pageItem(item.pk.S!, Uint8Array.from([0, 0xff, 0xff])) }));
    }
    const bad: unknown[] = [];
    const down: unknown[] = [];
    const answers = new AnswerService(registry, 
      new PageStore(createDynamoClient({ endpoint: testEndpoint() }), damaged, { timeoutMs: 800, manifestTtlMs: 60_000, cacheBytes: 1 << 20, retry: DEFAULT_RETRY, clock: systemClock }),
      { onBadData: (error) => bad.push(error), onStoreError: (error) => down.push(error) },
    );
    const damagedHandler = createHandler({ registry, answers, clock: systemClock, log: quietLog(), search: DEFAULT_SEARCH_LIMITS });
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

describe('every move valued', () => {
  it('from the table, equal to the search, on random knights positions and eight pairs', async () => {
    const knights = [...samples(knightsWalkArbitrary(resolveKnightsGoal('standard').board, 12), 12, 21), ...samples(knightsBoardArbitrary, 4, 21)];
    const limits = samples(fc.integer({ min: 0, max: 12 }), knights.length, 22);
    const eight = samples(fc.tuple(eightBoardArbitrary, eightBoardArbitrary), 30, 23).filter(([a, b]) => isReachable(a, b));
    const queries = [
      ...knights.map((board, i) => ({ path: '/knights', query: `board=${formatKnightsBoard(board)}&limit=${limits[i]}` })),
      // near the goals the eight table holds them; farther, the handler searches too
      ...eight.slice(0, 30).map(([from, to]) => ({ path: '/eight', query: `from=${formatEightBoard(from)}&to=${formatEightBoard(to)}` })),
    ];
    let fromTables = 0;
    for (const query of queries) {
      const fromTable = (await call(handler, query)).json;
      const fromSearch = (await call(searchOnly, query)).json;
      if (fromTable.source === 'table') fromTables++;
      expect(fromTable.moves.length, JSON.stringify(query)).toBeGreaterThan(1);
      expect(fromTable.moves, JSON.stringify(query)).toEqual(fromSearch.moves);
    }
    expect(fromTables).toBeGreaterThan(10);
  });

  it('gives eight moves as letters, and every move +1 at the goal', async () => {
    const atGoal = (await call(handler, { path: '/eight', query: 'from=12345678X&to=12345678X' })).json;
    expect(atGoal).toMatchObject({ steps: 0, path: '', moves: [{ move: 'l', steps: 1, optimal: false }, { move: 'u', steps: 1, optimal: false }] });
    const knightsGoal = (await call(handler, { path: '/knights', query: `board=${formatKnightsBoard(resolveKnightsGoal('standard').board)}` })).json;
    expect(knightsGoal.moves.every((move: { steps: number; optimal: boolean }) => move.steps === 1 && !move.optimal)).toBe(true);
  });

  it("at a limit equal to the table's depth, for a board the table does not hold: the moves to a position at the limit are valued", async () => {
    // 9 moves from the standard goal, so not in the depth-8 table; at limit 8 its optimal moves reach 8-move positions
    const NINE = '111*1/01001/11111/00001/00000';
    const asked = { path: '/knights', query: `board=${NINE}&limit=8` };
    const { json } = await call(handler, asked);
    expect(json).toMatchObject({ steps: -1, path: [], limit: 8 });
    const optimal = json.moves.filter((move: { optimal: boolean }) => move.optimal);
    expect(optimal.length).toBeGreaterThan(0);
    for (const move of json.moves) expect(move.steps).toBe(move.optimal ? 8 : -1);
    expect((await call(searchOnly, asked)).json.moves).toEqual(json.moves);
    expect((await call(searchOnly, { path: '/knights', query: `board=${NINE}&limit=9` })).json).toMatchObject({ steps: 9, path: [optimal[0].move, ...Array(8).fill(expect.any(Number))] });
  });

  it('past the limit: -1, except the moves that reach a position exactly at the limit', async () => {
    // SAMPLE is 7 moves away: at limit 6 only its optimal move (to cell 4) reaches a 6-move position
    const { json } = await call(handler, { path: '/knights', query: `board=${SAMPLE}&limit=6` });
    expect(json.steps).toBe(-1);
    expect(json.moves.filter((move: { optimal: boolean }) => move.optimal)).toEqual([{ move: 4, steps: 6, optimal: true }]);
    expect(json.moves.filter((move: { steps: number }) => move.steps !== -1)).toHaveLength(1);
    expect((await call(searchOnly, { path: '/knights', query: `board=${SAMPLE}&limit=6` })).json.moves).toEqual(json.moves);
  });
});

describe('JSON batches', () => {
  const post = (path: string, queries: unknown) => ({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ queries }) });

  it('answer in order, each answer equal to the single one', async () => {
    const knights = [{ board: SAMPLE }, { board: FAR, limit: 8 }, { board: FAR, limit: 39 }, { board: SAMPLE, limit: 6 }];
    const batch = await call(handler, post('/knights', knights));
    expect(batch.status).toBe(200);
    expect(batch.json.answers).toHaveLength(knights.length);
    for (const [i, query] of knights.entries()) {
      const single = (await call(handlerOn(tableName), { method: 'POST', path: '/knights', body: JSON.stringify(query) })).json;
      expect(batch.json.answers[i]).toEqual(single);
    }
    const eight = [{ from: '12X453786', to: '12345678X' }, { from: '564178X23', to: '7568X4123' }];
    const eightBatch = await call(handler, post('/eight', eight));
    for (const [i, query] of eight.entries()) expect(eightBatch.json.answers[i]).toEqual((await call(handlerOn(tableName), { path: '/eight', query: `from=${query.from}&to=${query.to}` })).json);
  });

  it('answer the other queries when one is bad, the bad one holding its error and status', async () => {
    const batch = await call(handler, post('/eight', [{ from: '12X453786', to: '12345678X' }, { from: '12X45378', to: '12345678X' }, { from: '12345678X', to: '21345678X' }, 'x', { from: '12X453786', to: '12345678X', extra: 1 }]));
    expect(batch.status).toBe(200);
    const [good, short, unreachable, notObject, extra] = batch.json.answers;
    expect(good).toMatchObject({ steps: 2, path: 'dd' });
    expect(short).toEqual({ error: expect.stringMatching(/^Query 2: .*9/), status: 400 });
    expect(unreachable).toEqual({ error: expect.stringMatching(/^Query 3: .*cannot be reached/), status: 422 });
    expect(notObject).toEqual({ error: expect.stringMatching(/^Query 4: A query must be a JSON object/), status: 400 });
    expect(extra).toEqual({ error: expect.stringMatching(/^Query 5: Unknown field "extra"/), status: 400 });
  });

  it('take up to 1,000 queries, refuse 1,001 with 413 and a malformed batch with 400', async () => {
    const many = Array.from({ length: MAX_BATCH_QUERIES }, () => ({ board: SAMPLE }));
    const full = await call(handler, post('/knights', many));
    expect(full.status).toBe(200);
    expect(full.json.answers).toHaveLength(1000);
    const over = await call(handler, post('/knights', [...many, { board: SAMPLE }]));
    expect(over.status).toBe(413);
    expect(over.json.error).toMatch(/1001 queries.*at most 1000/);
    expect((await call(handler, post('/knights', 'x'))).json.error).toMatch(/"queries" must be an array/);
    expect((await call(handler, { method: 'POST', path: '/knights', body: '{"queries": [], "board": "x"}' })).status).toBe(400);
    expect((await call(handler, post('/knights', []))).json).toEqual({ answers: [] });
  });

  it('fetch the distinct pages of a batch with BatchGetItem, not one read each', async () => {
    const commands: string[] = [];
    const counting = createDynamoClient({ endpoint: testEndpoint() });
    counting.middlewareStack.add((next, context) => async (args) => {
      commands.push(String(context.commandName));
      return next(args);
    });
    const store = new PageStore(counting, tableName, { timeoutMs: 5000, manifestTtlMs: 60_000, cacheBytes: 1 << 20, retry: DEFAULT_RETRY, clock: systemClock });
    const counted = createHandler({ registry, answers: new AnswerService(registry, store), clock: systemClock, log: quietLog(), search: DEFAULT_SEARCH_LIMITS });
    const boards = samples(knightsWalkArbitrary(resolveKnightsGoal('standard').board, 8), 60, 31).map((board) => ({ board: formatKnightsBoard(board), limit: 8 }));
    const batch = await call(counted, post('/knights', boards));
    expect(batch.json.answers.every((answer: { source: string }) => answer.source === 'table')).toBe(true);
    expect(commands.filter((name) => name === 'GetItemCommand')).toEqual(['GetItemCommand', 'GetItemCommand']); // the catalogue, the manifest
    expect(commands.filter((name) => name === 'BatchGetItemCommand').length).toBeGreaterThan(0);
    expect(commands.filter((name) => name === 'BatchGetItemCommand').length).toBeLessThanOrEqual(2);
  });
});

describe('GET /stats', () => {
  it('gives each loaded table its counts per distance, as the BFS has them, its farthest positions and its cost', async () => {
    const { status, json } = await call(handler, { path: '/stats' });
    expect(status).toBe(200);
    const knights = json.tables['knights#standard'];
    expect(knights).toMatchObject({ state: 'loaded', depth: 8, positions: 10486, goal: formatKnightsBoard(resolveKnightsGoal('standard').board) });
    // SPEC.md's counts at 0..8, which the BFS gives too
    expect(knights.levels).toEqual([1, 8, 14, 38, 148, 368, 1001, 2440, 6468]);
    expect(knights.levels).toEqual(buildKnightsBfsTable(resolveKnightsGoal('standard'), 8).bfs.levels);
    expect(knights.pages).toBeGreaterThan(0);
    expect(knights.bytes).toBeGreaterThan(knights.positions);
    expect(knights.writeUnits).toBeGreaterThanOrEqual(knights.pages);
    expect(knights.farthest).toHaveLength(10);
    for (const far of knights.farthest) {
      expect(far.steps).toBe(8);
      const answer = (await call(searchOnly, { path: '/knights', query: `board=${far.board}` })).json;
      expect({ steps: answer.steps, path: answer.path }).toEqual({ steps: far.steps, path: far.path });
    }
    const eight = json.tables.eight;
    const tables = new EightBfsTables(); // each goal's table built once, not once per distance
    expect(eight.levels).toEqual(tables.table(0).levels.slice(0, 9).map((_, k) => [0, 1, 2, 3, 4, 5, 6, 7, 8].reduce((sum, goal) => sum + tables.table(goal).levels[k], 0)));
    expect(eight.farthest[0]).toMatchObject({ steps: 8 });
    const pair = eight.farthest[0];
    expect((await call(searchOnly, { path: '/eight', query: `from=${pair.board}&to=${pair.goal}` })).json).toMatchObject({ steps: 8, path: pair.path });
  });

  it('says when a table is not loaded, with only the figures the core can state', async () => {
    const { json } = await call(searchOnly, { path: '/stats' });
    expect(json.dynamodb).toBe('not configured');
    expect(json.tables['knights#standard']).toEqual({
      state: 'missing',
      puzzle: 'knights',
      goalName: 'standard',
      goal: '11111/01111/00*11/00001/00000',
      maxLimit: 39,
      message: expect.stringMatching(/not loaded.*npm run precompute -- --tables standard --knights-depth 39/),
      spacePositions: 67_603_900,
    });
    expect(json.tables.eight).toEqual({ state: 'missing', puzzle: 'eight', goal: expect.stringContaining('12345678X'), message: expect.stringMatching(/not loaded.*npm run precompute -- --tables eight/), spacePositions: 9 * 181_440 });
  });
});

describe('a load that completes while the service runs', () => {
  it('is answered from once the service hears of it, even for questions it answered by search before', async () => {
    const later = await freshTable(client, 'later');
    const store = new PageStore(createDynamoClient({ endpoint: testEndpoint() }), later, { timeoutMs: 5000, manifestTtlMs: 60_000, cacheBytes: 1 << 20, retry: DEFAULT_RETRY, clock: systemClock });
    const answers = new AnswerService(registry, store);
    const service = createHandler({ registry, answers, clock: systemClock, log: quietLog(), search: DEFAULT_SEARCH_LIMITS });
    const ask = async () => (await call(service, { path: '/knights', query: `board=${SAMPLE}` })).json;
    expect(await ask()).toMatchObject({ steps: 7, source: 'search' });
    await loadTable(client, standard8, { tableName: later, concurrency: 8 });
    expect(await ask()).toMatchObject({ steps: 7, source: 'search', cached: true }); // not told yet
    answers.tablesChanged();
    expect(await ask()).toMatchObject({ steps: 7, source: 'table', cached: false });
  });
});
