/**
 * The check a 15-puzzle answer passes before it is kept, and again before a kept one is served
 * (puzzles/fifteen/background-solve.ts), as the solver and a client meet it, against dynalite: a
 * line must be as long as the search's last bound (docs/api.md), so a line longer than its bound,
 * or one with no bound, is neither kept nor served as exact. The fault, a search that returns such
 * a line, is what no real search produces: injected around the real records and handler.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallClock } from '../../../core/clock';
import { AnswerService } from '../../../lambda/answer-service';
import { createAppState } from '../../../lambda/app-state';
import { readConfig } from '../../../lambda/config';
import { createHandler } from '../../../lambda/handler';
import { runSolveJob } from '../../../lambda/solve-job';
import { fifteen } from '../../../puzzles/fifteen';
import type { Puzzle } from '../../../puzzles/puzzle';
import { registry } from '../../../puzzles/registered';
import { SolveRecords } from '../../../store/solve-records';
import { SolveSlots } from '../../../store/solve-slots';
import { freshTable, testClient, testEndpoint } from '../../support/dynamodb';
import { call } from '../../support/function-url';
import { quietLog } from '../../support/log';

const client = testClient();
/** SPEC: 42 moves, this line. */
const BOARD = '6,10,8,11,13,1,2,4,5,12,3,15,9,0,14,7';
const LINE = 'luurrrulddlluruldddruuuldddrrruldruuulddrd';
const QUESTION = `${BOARD}|80`;
const RULES = { solveMs: 60_000, retryAfterMs: 600_000 };

const CASES = [
  ['longer than its bound', { steps: 42, path: LINE, bound: 41 }, /its line has 42 moves but the search's last bound was 41/],
  ['with no bound', { steps: 42, path: LINE }, /its line has 42 moves but the search's last bound was not given/],
] as const;

const tables: Record<string, string> = {};
beforeAll(async () => {
  const labels = ['solve-longer', 'solve-unbound', 'kept-longer', 'kept-unbound', 'kept-exact'];
  await Promise.all(labels.map(async (label) => void (tables[label] = await freshTable(client, label))));
});

describe('a line found by the solver', () => {
  it.each([
    ['solve-longer', ...CASES[0]],
    ['solve-unbound', ...CASES[1]],
  ])('%s: %s is not kept, and its record says why', async (label, _name, line, reason) => {
    const records = new SolveRecords(client, tables[label], { timeoutMs: 5000 });
    const slots = new SolveSlots(client, tables[label], { slots: 1, timeoutMs: 5000 });
    const query = await fifteen.http.queryOf({ board: BOARD }, async () => ({ catalog: new Map(), known: true }));
    const now = wallClock.now();
    expect(await records.claim('fifteen', QUESTION, 'a', { ...RULES, now })).toBe(true);
    const slot = (await slots.take('a', now, now + 60_000))!;
    const searching = { ...fifteen, estimates: undefined, solver: { ...fifteen.solver, search: () => line } } as unknown as Puzzle;
    const outcome = await runSolveJob(
      { puzzle: 'fifteen', question: QUESTION, query, attempt: 'a', slot, until: now + 60_000 },
      { records, slots, puzzleNamed: () => searching, answers: new AnswerService(registry, undefined), clock: wallClock, deadline: now + 60_000 },
    );
    expect(outcome.state).toBe('failed');
    expect(await records.read('fifteen', QUESTION, true)).toMatchObject({ state: 'failed', reason: expect.stringMatching(reason) });
  });
});

describe('a kept line', () => {
  /** The service over a table holding `answer` kept for the board, as a solver keeps it. */
  async function servedFrom(label: string, answer: unknown) {
    const records = new SolveRecords(client, tables[label], { timeoutMs: 5000 });
    expect(await records.claim('fifteen', QUESTION, 'a', { ...RULES, now: wallClock.now() })).toBe(true);
    expect(await records.finish('fifteen', QUESTION, { state: 'solved', attempt: 'a', since: 0, at: wallClock.now(), answer: JSON.stringify(answer) })).toBe(true);
    const config = readConfig({ TABLE_NAME: tables[label], DYNAMODB_ENDPOINT: testEndpoint(), POWERTOOLS_LOG_LEVEL: 'SILENT' });
    const handler = createHandler(
      createAppState(registry, config, {
        log: quietLog(),
        search: { maxMs: 2000, reserveMs: 300, maxNodes: 2000 },
        solveStarter: { solveMs: 60_000, start: () => Promise.reject(new Error('no solve starts here')) },
      }),
    );
    return call(handler, { path: '/fifteen', query: `board=${BOARD}` });
  }

  it('as long as its bound is served, exact', async () => {
    const served = await servedFrom('kept-exact', { steps: 42, path: LINE, bound: 42 });
    expect(served.status).toBe(200);
    expect(served.json).toMatchObject({ steps: 42, path: LINE, source: 'kept' });
  });

  it.each([
    ['kept-longer', CASES[0][0], CASES[0][1]],
    ['kept-unbound', CASES[1][0], CASES[1][1]],
  ])('%s: %s is not served', async (label, _name, line) => {
    const served = await servedFrom(label, line);
    expect(served.status).toBe(503);
    expect(served.json.error).toBe("The answer kept for this question fails its check, so it is not served; the service's operators have been told.");
  });
});

afterAll(() => client.destroy());
