/**
 * A question past one request's search, end to end against dynalite: the first ask answers 202
 * (Location, Retry-After, never cached) and hands the board to npm start's solver, a worker thread
 * running the deploy's solver code; asking again gives 202 until the answer is kept, then 200 with
 * source "kept", the exact line and every move's value, from one read. Failures say so, bounded.
 *
 * The request's search is held to a few thousand positions, so that a 42-move board (the SPEC's)
 * is past it, as an 80-move board is past 2 s.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fifteen } from '../../puzzles/fifteen';
import { type AppState, createAppState } from '../../lambda/app-state';
import { BackgroundSolves, type SolveJob, type SolveStarter } from '../../lambda/background-solves';
import { SolveSlots } from '../../store/solve-slots';
import { readConfig } from '../../lambda/config';
import { createHandler } from '../../lambda/handler';
import { solveOnWorkers } from '../../emulator/solve-on-worker';
import { SolveRecords } from '../../store/solve-records';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { call } from '../support/function-url';
import { memoryLog } from '../support/log';
import { registry } from '../../puzzles/registered';

const client = testClient();
/** SPEC: 42 moves. */
const BOARD = '6,10,8,11,13,1,2,4,5,12,3,15,9,0,14,7';
const LINE = 'luurrrulddlluruldddruuuldddrrruldruuulddrd';
/** Another board past the request's search (30 moves, SPEC). */
const OTHER = '1,2,7,3,6,13,4,8,14,9,0,15,10,12,5,11';
const SEARCH = { maxMs: 2000, reserveMs: 300, maxNodes: 2000 };

async function service(tableName: string, starter?: (config: ReturnType<typeof readConfig>) => SolveStarter, slots = '1'): Promise<{ app: AppState; ask: (board: string) => ReturnType<typeof call> }> {
  const config = readConfig({ TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint(), SOLVER_SLOTS: slots, POWERTOOLS_LOG_LEVEL: 'SILENT' });
  const app = createAppState(registry, config, { log: memoryLog(), search: SEARCH, solveStarter: (starter ?? solveOnWorkers)(config) });
  const handler = createHandler(app);
  return { app, ask: (board) => call(handler, { path: '/fifteen', query: `board=${board}` }) };
}

async function until<T>(ask: () => Promise<T>, done: (result: T) => boolean, ms = 60_000): Promise<{ last: T; asks: T[] }> {
  const asks: T[] = [];
  const end = Date.now() + ms;
  for (;;) {
    const result = await ask();
    asks.push(result);
    if (done(result) || Date.now() > end) return { last: result, asks };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a board past one request’s search', () => {
  let tableName: string;
  beforeAll(async () => {
    tableName = await freshTable(client, 'background-solve');
  });

  it('answers 202 while it is solved in the background, then its kept answer, exact, from one read', async () => {
    const { ask } = await service(tableName);
    const first = await ask(BOARD);
    expect(first.status).toBe(202);
    expect(first.headers).toMatchObject({ location: `/fifteen?board=${BOARD}`, 'retry-after': '5', 'cache-control': 'no-store' });
    expect(first.json).toMatchObject({ status: 'solving', seconds: 0 });
    expect(first.json.message).toMatch(/being solved in the background/);
    expect(Date.parse(first.json.since)).toBeGreaterThan(Date.now() - 60_000);

    const { last, asks } = await until(() => ask(BOARD), (result) => result.status !== 202);
    // every ask in between said the same solve, since the same moment
    for (const between of asks.slice(0, -1)) expect(between.json).toMatchObject({ status: 'solving', since: first.json.since });
    expect(last.status).toBe(200);
    expect(last.headers['cache-control']).toBe('public, max-age=86400');
    expect(last.json).toMatchObject({ steps: 42, path: LINE, source: 'kept', cached: false });
    // every move valued, as a request's own search with room enough values them
    const direct = createHandler(createAppState(registry, readConfig({ POWERTOOLS_LOG_LEVEL: 'SILENT' }), { log: memoryLog(), search: { maxMs: 60_000, reserveMs: 300, maxNodes: 10 ** 9 } }));
    const searched = (await call(direct, { path: '/fifteen', query: `board=${BOARD}` }, 120_000)).json;
    expect(searched).toMatchObject({ steps: 42, path: LINE, source: 'search' });
    expect(last.json.moves).toEqual(searched.moves);
    expect(last.json.moves).toHaveLength(3);

    // a fresh container (no answer in memory) reads it: the kept answer, not another solve
    const fresh = await service(tableName, () => ({ solveMs: 60_000, start: () => Promise.reject(new Error('no second solve may start')) }));
    expect((await fresh.ask(BOARD)).json).toMatchObject({ steps: 42, path: LINE, source: 'kept', moves: last.json.moves });
  });

  it('starts one solve however many ask at once, and no more solves than slots', async () => {
    const started: SolveJob[] = [];
    const holding = { solveMs: 60_000, start: async (job: SolveJob) => void started.push(job) };
    const { ask } = await service(await freshTable(client, 'background-once'), () => holding);
    const asks = await Promise.all(Array.from({ length: 6 }, () => ask(BOARD)));
    expect(asks.map((result) => result.status)).toEqual([202, 202, 202, 202, 202, 202]);
    expect(started).toHaveLength(1);
    // the one slot is held by that solve: another board waits, told when to ask again
    // asked again while it is solved: its search has its moment (no more), one read says so, and the seconds run on
    const searched = vi.spyOn(fifteen.solver, 'search');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await ask(BOARD);
    expect(again.status).toBe(202);
    expect(again.json.since).toBe(asks[0].json.since);
    expect(again.json.seconds).toBeGreaterThanOrEqual(1);
    expect(again.json.message).toMatch(new RegExp(`for ${again.json.seconds} s so far`));
    expect(searched).toHaveBeenCalledTimes(1);
    searched.mockRestore();
    const other = await ask(OTHER);
    expect(other.status).toBe(503);
    expect(other.json.error).toMatch(/every background solver is busy/);
    expect(Number(other.headers['retry-after'])).toBeGreaterThan(0);
    expect(other.headers['cache-control']).toBe('no-store');
  });

  it('says a failed solve failed, and why, until it may be tried again', async () => {
    const table = await freshTable(client, 'background-failed');
    const { ask } = await service(table, () => ({ solveMs: 60_000, start: () => Promise.reject(new Error('the solver function is throttled')) }));
    for (let i = 0; i < 2; i++) {
      const failed = await ask(BOARD);
      expect(failed.status).toBe(503);
      // the error's own words go to the log, not to the client
      expect(failed.json.error).toMatch(/^This question's background solve failed \(the solver could not be started\); it can be tried again in \d+ s\.$/);
      expect(Number(failed.headers['retry-after'])).toBeGreaterThan(500);
    }
    expect(await new SolveRecords(client, table, { timeoutMs: 5000 }).read('fifteen', '6,10,8,11,13,1,2,4,5,12,3,15,9,0,14,7|80', true)).toMatchObject({ state: 'failed' });
  });

  it('says so when the solver cannot be reached (DynamoDB failing), without a command for a visitor to run', async () => {
    const { ask } = await service('no-such-table', () => ({ solveMs: 60_000, start: () => Promise.reject(new Error('never reached')) }));
    const result = await ask(BOARD);
    expect(result.status).toBe(503);
    expect(result.json.error).toMatch(/the background solver cannot be reached now \(.*ResourceNotFoundException.*\); ask again in a minute\.$/);
    expect(result.json.error).not.toMatch(/npm run/);
    expect(result.headers['retry-after']).toBe('60');
  });

  it('tells a batch where a question\'s solve stands, and keeps the batch from any cache, but starts none from a batch', async () => {
    const started: SolveJob[] = [];
    const { app, ask } = await service(await freshTable(client, 'background-batch'), () => ({ solveMs: 60_000, start: async (job) => void started.push(job) }));
    expect((await ask(BOARD)).status).toBe(202);
    const batch = (...boards: string[]) => call(createHandler(app), { method: 'POST', path: '/fifteen', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ queries: boards.map((board) => ({ board })) }) });
    const result = await batch('2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15', BOARD);
    expect(result.status).toBe(200);
    expect(result.headers['cache-control']).toBe('no-store');
    expect(result.json.answers[0]).toMatchObject({ steps: 9, source: 'search' });
    expect(result.json.answers[1]).toMatchObject({ status: 202, location: `/fifteen?board=${BOARD}` });
    // a board no solve holds: the batch's slot says how to have it solved; nothing is started
    const other = await batch(OTHER);
    expect(other.json.answers[0]).toMatchObject({ status: 503, error: expect.stringMatching(new RegExp(`Asked alone \\(GET /fifteen\\?board=${OTHER}\\), it is solved in the background and kept\\.$`)) });
    expect(started).toHaveLength(1);
  });

  it('counts a solve that died without a word as failed for as long as a failure, then lets it be tried again; frees the question when no slot can be had', async () => {
    const table = await freshTable(client, 'background-died');
    let now = Date.parse('2026-12-02T12:00:00Z');
    const started: SolveJob[] = [];
    const solves = new BackgroundSolves(
      new SolveRecords(client, table, { timeoutMs: 5000 }),
      new SolveSlots(client, table, { slots: 1, timeoutMs: 5000 }),
      { solveMs: 60_000, start: async (job) => void started.push(job) },
      { clock: { now: () => now }, retryAfterMs: 600_000 },
    );
    expect(await solves.begin('fifteen', 'q', {})).toEqual({ state: 'solving', since: now, seconds: 0 });
    expect(started[0]).toMatchObject({ until: now + 60_000 });
    now += 30_000;
    expect(await solves.standing('fifteen', 'q')).toMatchObject({ state: 'solving', seconds: 30 });
    // its time and the minute's margin past (120 s), no word from it: failed, not tried again until 10 minutes after
    now += 100_000;
    expect(await solves.begin('fifteen', 'q', {})).toEqual({ state: 'failed', reason: 'the solver stopped without a word before its time was up', wait: 590 });
    expect(started).toHaveLength(1);
    now += 590_000;
    expect(await solves.begin('fifteen', 'q', {})).toMatchObject({ state: 'solving', seconds: 0 });
    expect(started).toHaveLength(2);
    // the one slot held by that solve: another question is told every solver is busy, and is left free
    expect(await solves.begin('fifteen', 'other', {})).toEqual({ state: 'busy', wait: 30 });
    expect(await solves.standing('fifteen', 'other')).toBeUndefined();
  });

  it('does not serve a kept answer that fails its check, and says so loudly', async () => {
    const table = await freshTable(client, 'background-bad');
    const records = new SolveRecords(client, table, { timeoutMs: 5000 });
    const question = '6,10,8,11,13,1,2,4,5,12,3,15,9,0,14,7|80';
    expect(await records.claim('fifteen', question, 'a', { now: Date.now(), solveMs: 60_000, retryAfterMs: 60_000 })).toBe(true);
    expect(await records.finish('fifteen', question, { state: 'solved', attempt: 'a', since: 0, at: Date.now(), answer: JSON.stringify({ steps: 42, path: LINE.replace(/d$/, 'u'), bound: 42 }) })).toBe(true);
    const log = memoryLog();
    const config = readConfig({ TABLE_NAME: table, DYNAMODB_ENDPOINT: testEndpoint(), POWERTOOLS_LOG_LEVEL: 'SILENT' });
    const handler = createHandler(createAppState(registry, config, { log, search: SEARCH, solveStarter: { solveMs: 60_000, start: () => Promise.reject(new Error('no solve')) } }));
    const result = await call(handler, { path: '/fifteen', query: `board=${BOARD}` });
    expect(result.status).toBe(503);
    expect(result.json.error).toBe("The answer kept for this question fails its check, so it is not served; the service's operators have been told.");
    expect(log.lines.some((line) => line.level === 'ERROR' && /fails its check: its line ends on/.test(String(line.error)))).toBe(true);
  });

  it('leaves judge input to its own limit: no solve is started for it', async () => {
    const started: SolveJob[] = [];
    const { app } = await service(await freshTable(client, 'background-judge'), () => ({ solveMs: 60_000, start: async (job) => void started.push(job) }));
    const result = await call(createHandler(app), { method: 'POST', path: '/fifteen', headers: { 'content-type': 'text/plain' }, body: `1\n\n${OTHER.split(',').reduce((rows, tile, i) => rows + tile + (i % 4 === 3 ? '\n' : ' '), '')}` });
    expect(result.status).toBe(503);
    expect(started).toHaveLength(0);
  });
});

afterAll(() => client.destroy());
