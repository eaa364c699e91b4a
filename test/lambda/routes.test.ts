/**
 * The API's routes (routes.ts) as a client meets them: the icon and the description are served,
 * a path's trailing slashes do not matter, a refusal quotes at most a short piece of what it was
 * sent, the limits on a body and a judge batch are exact, the log says which answers came from the
 * cache, a bug in one query of a batch is the whole request's 500, and /stats answers from the
 * manifests already read (a moment's DynamoDB failure does not blank it). A failure to build the
 * description is not kept: the next request builds it again.
 */
import { type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../core/clock';
import { AnswerService } from '../../lambda/answer-service';
import { DEFAULT_SEARCH_LIMITS, createAppState } from '../../lambda/app-state';
import { readConfig } from '../../lambda/config';
import { createHandler } from '../../lambda/handler';
import { MAX_BODY_BYTES } from '../../lambda/http';
import { MAX_JUDGE_CASES } from '../../lambda/routes';
import { fifteen } from '../../puzzles/fifteen';
import { knights } from '../../puzzles/knights';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import type { Puzzle } from '../../puzzles/puzzle';
import { registry } from '../../puzzles/registered';
import { registryOf } from '../../puzzles/registry';
import { createDynamoClient } from '../../store/client';
import { loadTable } from '../../store/loader';
import { PageStore } from '../../store/page-store';
import { DEFAULT_RETRY } from '../../store/retry';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { call, functionUrlEvent, lambdaContext } from '../support/function-url';
import { memoryLog, quietLog } from '../support/log';
import { searchOnlyHandler } from '../support/service';
import { switchFaults } from '../support/faults';

const client = testClient();
const SAMPLE = '10110/01*11/10111/01001/00000';
const KNIGHTS_CASE = '10110\n01*11\n10111\n01001\n00000\n';

describe('the routes', () => {
  const handler = searchOnlyHandler();

  it('answer the icon with no content, GET and HEAD', async () => {
    for (const method of ['GET', 'HEAD']) expect((await call(handler, { method, path: '/favicon.ico' })).status).toBe(204);
  });

  it("serve the API's description", async () => {
    const described = await call(handler, { path: '/openapi.json' });
    expect(described.status).toBe(200);
    expect(described.json).toMatchObject({ openapi: expect.any(String), paths: expect.objectContaining({ '/knights': expect.anything() }) });
  });

  it("mark a puzzle's answers as lasting a day", async () => {
    expect((await call(handler, { path: '/knights', query: `board=${SAMPLE}` })).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('take a path with any number of trailing slashes as the path', async () => {
    expect(await call(handler, { path: '/knights///', query: `board=${SAMPLE}` })).toMatchObject({ status: 200, json: { steps: 7 } });
  });

  it('quote at most 80 characters of a path and 20 of a method', async () => {
    const path = `/${'p'.repeat(200)}`;
    const missing = await call(handler, { path });
    expect(missing.status).toBe(404);
    // every registered puzzle's path, in the registry's order
    const puzzles = registry.PUZZLES.map((puzzle) => `/${puzzle.name}, `).join('');
    expect(missing.json.error).toBe(`There is nothing at /${'p'.repeat(79)}; the API has /, ${puzzles}/health, /stats, /openapi.json.`);
    const refused = await call(handler, { method: 'M'.repeat(50), path: '/knights', query: `board=${SAMPLE}` });
    expect(refused.status).toBe(405);
    expect(refused.json.error).toBe(`/knights answers GET and POST, not ${'M'.repeat(20)}.`);
  });

  it('take a body of exactly 1 MiB, and refuse one byte more', async () => {
    const json = JSON.stringify({ board: SAMPLE });
    const body = (bytes: number) => json + ' '.repeat(bytes - json.length);
    const post = (bytes: number) => call(handler, { method: 'POST', path: '/knights', headers: { 'content-type': 'application/json' }, body: body(bytes) });
    expect(await post(MAX_BODY_BYTES)).toMatchObject({ status: 200, json: { steps: 7 } });
    expect((await post(MAX_BODY_BYTES + 1)).status).toBe(413);
  });

  it(`answer a judge batch of exactly ${MAX_JUDGE_CASES} cases, and refuse one more`, async () => {
    const judge = (cases: number) => call(handler, { method: 'POST', path: '/knights', headers: { 'content-type': 'text/plain' }, body: `${cases}\n${KNIGHTS_CASE.repeat(cases)}` });
    const full = await judge(MAX_JUDGE_CASES);
    expect(full.status).toBe(200);
    expect(full.text.trim().split('\n')).toHaveLength(MAX_JUDGE_CASES);
    expect((await judge(MAX_JUDGE_CASES + 1)).status).toBe(413);
  });
});

describe("the API's description", () => {
  it('is built again after a failure to build it, not kept failed', async () => {
    // a puzzle of the test's whose description cannot be read the first time: a bug that passes
    let reads = 0;
    const http = Object.create(knights.http, {
      description: {
        get() {
          if (reads++ === 0) throw new Error('not yet');
          return knights.http.description;
        },
      },
    });
    const flaky = registryOf([{ ...knights, http } as Puzzle]);
    const handler = createHandler(createAppState(flaky, readConfig({}), { log: quietLog() }));
    // a 500 is in no description: the handler is called without the check
    expect((await handler(functionUrlEvent({ path: '/openapi.json' }), lambdaContext())).statusCode).toBe(500);
    const again = await handler(functionUrlEvent({ path: '/openapi.json' }), lambdaContext());
    expect(again.statusCode).toBe(200);
    expect(JSON.parse(again.body!)).toMatchObject({ paths: { '/knights': expect.anything() } });
  });
});

describe("the request's log line", () => {
  it('says an answer came from the cache, for a question and for a judge batch', async () => {
    const log = memoryLog();
    const handler = createHandler(createAppState(registry, readConfig({}), { log }));
    const sources = () => log.lines.filter((line) => line.route === '/knights').map((line) => line.source);
    await call(handler, { path: '/knights', query: `board=${SAMPLE}` });
    await call(handler, { path: '/knights', query: `board=${SAMPLE}` });
    expect(sources()).toEqual(['search', 'cache']);
    const judge = () => call(handler, { method: 'POST', path: '/knights', headers: { 'content-type': 'text/plain' }, body: `1\n01011\n110*1\n01110\n01010\n00100\n` });
    await judge();
    await judge();
    expect(sources()).toEqual(['search', 'cache', 'search', 'cache']);
  });
});

describe('a batch', () => {
  it('with a query that meets a bug is answered 500 as a whole, not with the bug in its slot', async () => {
    const broken = { ...fifteen, estimates: undefined, backgroundSolve: undefined, solver: { ...fifteen.solver, search: () => { throw new RangeError('a bug'); } } } as unknown as Puzzle;
    const brokenRegistry = registryOf([broken]);
    const handler = createHandler(createAppState(brokenRegistry, readConfig({}), { log: quietLog() }));
    // a 500 is in no description: the handler is called without the check
    const result = await handler(functionUrlEvent({ method: 'POST', path: '/fifteen', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ queries: [{ board: '2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15' }] }) }), lambdaContext());
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body!)).toMatchObject({ error: 'Something went wrong on our side; the request was not answered. Please try again.' });
  });
});

describe('/stats', () => {
  it('answers from the manifests already read while DynamoDB fails a moment; /health asks afresh', async () => {
    const tableName = await freshTable(client, 'routes-stats');
    await loadTable(client, knightsSpec('standard', 2), { tableName, concurrency: 8 });
    const faulty: DynamoDBClient = createDynamoClient({ endpoint: testEndpoint() });
    afterAll(() => faulty.destroy());
    const faults = switchFaults(faulty);
    const store = new PageStore(faulty, tableName, { timeoutMs: 2000, manifestTtlMs: 60_000, cacheBytes: 1 << 20, retry: DEFAULT_RETRY, clock: systemClock });
    const answers = new AnswerService(registry, store);
    const handler = createHandler({ registry, answers, clock: systemClock, log: quietLog(), search: DEFAULT_SEARCH_LIMITS } as unknown as Parameters<typeof createHandler>[0]);
    expect((await call(handler, { path: '/stats' })).json).toMatchObject({ dynamodb: 'reachable', tables: { 'knights#standard': { state: 'loaded' } } });
    faults.down = true;
    expect((await call(handler, { path: '/stats' })).json).toMatchObject({ dynamodb: 'reachable', tables: { 'knights#standard': { state: 'loaded' } } });
    // the service's health without `fresh` is the cached one too, as /stats has it
    expect(await answers.health({})).toMatchObject({ dynamodb: 'reachable' });
    expect((await call(handler, { path: '/health' })).json).toMatchObject({ dynamodb: 'unreachable' });
  });
});
