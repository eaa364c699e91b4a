/**
 * The bounds of background solves as a client meets them, against dynalite, quickly: the solver is
 * a starter of the test's that only takes its jobs (or, as a fault no server produces, cannot be
 * started), and a solve ends as the solver code ends it (lambda/solve-job.ts). At most SOLVER_SLOTS
 * solves run at once; a question told every solver is busy is left free, so that the next ask
 * once a solver is free starts its solve; a solver that could not be started gives its slot back
 * at once; a failed solve is tried again only the whole wait after it failed, however long it ran.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallClock } from '../../core/clock';
import { AnswerService } from '../../lambda/answer-service';
import { createAppState } from '../../lambda/app-state';
import { BackgroundSolves, type SolveJob, type SolveStarter } from '../../lambda/background-solves';
import { readConfig } from '../../lambda/config';
import { createHandler } from '../../lambda/handler';
import { runSolveJob } from '../../lambda/solve-job';
import { fifteen } from '../../puzzles/fifteen';
import { registry } from '../../puzzles/registered';
import { SolveRecords } from '../../store/solve-records';
import { SolveSlots } from '../../store/solve-slots';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { call } from '../support/function-url';
import { quietLog } from '../support/log';

const client = testClient();
/** Boards past the request's search below (SPEC: 42, 30 and 80 moves). */
const HARD = '6,10,8,11,13,1,2,4,5,12,3,15,9,0,14,7';
const OTHER = '1,2,7,3,6,13,4,8,14,9,0,15,10,12,5,11';
const FARTHEST = '0,12,9,13,15,11,10,14,3,7,5,6,4,8,2,1';
const questionOf = (board: string) => `${board}|80`;
/** A request's search held to a few thousand positions: each of those boards is past it. */
const SEARCH = { maxMs: 2000, reserveMs: 300, maxNodes: 2000 };
const BUSY = /^This question needs more search than one request may spend, and every background solver is busy with another; ask again in 30 s\.$/;

/** A table for each test, made at once: a table is ready in a moment, or after a second's wait. */
const tables: Record<string, string> = {};
beforeAll(async () => {
  const labels = ['bg-slots-1', 'bg-slots-2', 'bg-busy-free', 'bg-unstarted', 'bg-retry-wait'];
  await Promise.all(labels.map(async (label) => void (tables[label] = await freshTable(client, label))));
});

/** A solver that only takes its jobs. */
function taking(): SolveStarter & { jobs: SolveJob[] } {
  const jobs: SolveJob[] = [];
  return { jobs, solveMs: 60_000, start: async (job) => void jobs.push(job) };
}

/** The service on a table of its own, configured by `environment` as the function is. */
async function service(label: string, environment: Record<string, string>, starter: SolveStarter) {
  const tableName = tables[label];
  const config = readConfig({ TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint(), POWERTOOLS_LOG_LEVEL: 'SILENT', ...environment });
  const handler = createHandler(createAppState(registry, config, { log: quietLog(), search: SEARCH, solveStarter: starter }));
  return { tableName, ask: (board: string) => call(handler, { path: '/fifteen', query: `board=${board}` }) };
}

/** Ends a job as the solver does when its time has run out: its failure written, its slot given back. */
async function endOutOfTime(tableName: string, job: SolveJob) {
  const outcome = await runSolveJob(job, {
    records: new SolveRecords(client, tableName, { timeoutMs: 5000 }),
    slots: new SolveSlots(client, tableName, { slots: 1, timeoutMs: 5000 }),
    puzzleNamed: registry.puzzleNamed,
    answers: new AnswerService(registry, undefined),
    clock: wallClock,
    deadline: wallClock.now() - 1,
  });
  expect(outcome).toMatchObject({ state: 'failed', reason: expect.stringMatching(/^the solver ran out of its time/) });
}

describe('SOLVER_SLOTS', () => {
  it.each([
    ['1', [202, 503, 503]],
    ['2', [202, 202, 503]],
  ])('%s: that many questions start a solve, the next is told every solver is busy', async (slots, statuses) => {
    const starter = taking();
    const { ask } = await service(`bg-slots-${slots}`, { SOLVER_SLOTS: slots }, starter);
    const asked = [];
    for (const board of [HARD, OTHER, FARTHEST]) asked.push(await ask(board));
    expect(asked.map((result) => result.status)).toEqual(statuses);
    expect(starter.jobs).toHaveLength(Number(slots));
    const busy = asked[asked.length - 1];
    expect(busy.json.error).toMatch(BUSY);
    expect(busy.headers['retry-after']).toBe('30');
  });
});

describe('a question told every solver is busy', () => {
  it('is left free: asked again once a solver is free, it starts its solve', async () => {
    const starter = taking();
    const { tableName, ask } = await service('bg-busy-free', { SOLVER_SLOTS: '1' }, starter);
    expect((await ask(HARD)).status).toBe(202);
    const busy = await ask(OTHER);
    expect(busy.status).toBe(503);
    expect(busy.json.error).toMatch(BUSY);
    // the one solve ends (out of its time): its slot is free again
    await endOutOfTime(tableName, starter.jobs[0]);
    const asked = Date.now();
    const started = await ask(OTHER);
    expect(started.status).toBe(202);
    expect(started.json).toMatchObject({ status: 'solving', seconds: 0 });
    expect(Date.parse(started.json.since)).toBeGreaterThanOrEqual(asked - 1000);
    expect(starter.jobs.map((job) => job.question)).toEqual([questionOf(HARD), questionOf(OTHER)]);
  });
});

describe('a solver that could not be started', () => {
  it('gives its slot back at once: the next question starts its solve', async () => {
    const starter = taking();
    let refuse = true;
    const flaky: SolveStarter = {
      solveMs: starter.solveMs,
      start: async (job) => {
        if (refuse) {
          refuse = false;
          throw new Error('the solver function is throttled');
        }
        await starter.start(job);
      },
    };
    const { ask } = await service('bg-unstarted', { SOLVER_SLOTS: '1' }, flaky);
    const failed = await ask(HARD);
    expect(failed.status).toBe(503);
    expect(failed.json.error).toMatch(/^This question's background solve failed \(the solver could not be started\); it can be tried again in \d+ s\.$/);
    const next = await ask(OTHER);
    expect(next.status).toBe(202);
    expect(starter.jobs.map((job) => job.question)).toEqual([questionOf(OTHER)]);
  });
});

describe('a solve that ran out of its time', () => {
  it('is tried again only the whole wait after it failed, however long it ran', async () => {
    const tableName = tables['bg-retry-wait'];
    const records = new SolveRecords(client, tableName, { timeoutMs: 5000 });
    const slots = new SolveSlots(client, tableName, { slots: 1, timeoutMs: 5000 });
    let now = Date.parse('2026-12-02T12:00:00Z');
    const starter = { ...taking(), solveMs: 15 * 60_000 };
    const solves = new BackgroundSolves(records, slots, starter, { clock: { now: () => now }, retryAfterMs: 600_000 });
    const query = await fifteen.http.queryOf({ board: FARTHEST }, async () => ({ catalog: new Map(), known: true }));
    expect(await solves.begin('fifteen', questionOf(FARTHEST), query)).toMatchObject({ state: 'solving' });
    // the solver searches for five minutes of its clock (a second passes at every reading) and gives up
    const began = now;
    const outcome = await runSolveJob(starter.jobs[0], {
      records,
      slots,
      puzzleNamed: registry.puzzleNamed,
      answers: new AnswerService(registry, undefined),
      clock: { now: () => (now += 1000) },
      deadline: now + 300_000,
    });
    expect(outcome).toMatchObject({ state: 'failed', reason: expect.stringMatching(/^the solver ran out of its time/) });
    expect(now - began).toBeGreaterThan(300_000);
    // asked right after: the whole ten minutes from its failure
    const failed = await solves.begin('fifteen', questionOf(FARTHEST), query);
    expect(failed).toMatchObject({ state: 'failed', reason: expect.stringMatching(/ran out of its time/) });
    expect((failed as { wait: number }).wait).toBeGreaterThanOrEqual(595);
    now += 590_000;
    expect(await solves.begin('fifteen', questionOf(FARTHEST), query)).toMatchObject({ state: 'failed' });
    expect(starter.jobs).toHaveLength(1);
    now += 10_000;
    expect(await solves.begin('fifteen', questionOf(FARTHEST), query)).toMatchObject({ state: 'solving', seconds: 0 });
    expect(starter.jobs).toHaveLength(2);
  });
});

afterAll(() => client.destroy());
