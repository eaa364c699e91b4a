/**
 * The answer service's side of a background solve, against dynalite, quickly: its solver is a
 * starter of the test's that only takes the job (no worker thread), and the records a solve would
 * leave (kept, failed, a slot held) are written as a solver writes them. Proves what a client
 * hears in each state (202 solving, the kept answer, a failure and when to try again, every solver
 * busy, the solver out of reach), that the kept answer is read once the search has had its moment
 * (SEARCH_BEFORE_KEPT_MS: nearly every question needs no read) but not during a hold-off nor past
 * the request's deadline, that a batch's questions start no solve, and which
 * questions may start one at all.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type Clock, systemClock, wallClock } from '../../core/clock';
import { BudgetExhaustedError } from '../../core/errors';
import type { SearchBudget } from '../../core/ida-star';
import { AnswerService } from '../../lambda/answer-service';
import { createAppState } from '../../lambda/app-state';
import { BackgroundSolves, type SolveJob, SolveUnavailableError, SolvingInBackgroundError } from '../../lambda/background-solves';
import { readConfig } from '../../lambda/config';
import { createHandler } from '../../lambda/handler';
import { eight } from '../../puzzles/eight';
import { fifteen } from '../../puzzles/fifteen';
import { knights } from '../../puzzles/knights';
import { parseKnightsBoard } from '../../puzzles/knights/rules/board';
import { resolveKnightsGoal } from '../../puzzles/knights/rules/goals';
import { registry } from '../../puzzles/registered';
import { createDynamoClient } from '../../store/client';
import { PageStore } from '../../store/page-store';
import { DEFAULT_RETRY } from '../../store/retry';
import { SolveRecords } from '../../store/solve-records';
import { SolveSlots } from '../../store/solve-slots';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { call } from '../support/function-url';
import { quietLog } from '../support/log';

const client = testClient();
/** SPEC: 42 moves, past one node of search. */
const HARD = '6,10,8,11,13,1,2,4,5,12,3,15,9,0,14,7';
/** SPEC: 9 moves, llldrdrdr. */
const EASY = '2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15';
/** Another board past the request's search (SPEC: 30 moves). */
const OTHER = '1,2,7,3,6,13,4,8,14,9,0,15,10,12,5,11';
const NO_TABLES = async () => ({ catalog: new Map(), known: true });
const queryOf = (board: string) => fifteen.http.queryOf({ board }, NO_TABLES);
const questionOf = (board: string) => `${board}|80`;
/** A search that gives up at once. */
const giveUp = (): SearchBudget => ({ maxNodes: 1, deadline: Date.now() + 60_000 });
/** Room for the 9-move board. */
const ample = (): SearchBudget => ({ maxNodes: 10 ** 7, deadline: Date.now() + 60_000 });

/** Background solves on `table` (one slot), their solver only taking its jobs; the records, to write as a solver would. */
function solvesOn(table: string, clock: Clock = wallClock) {
  const records = new SolveRecords(client, table, { timeoutMs: 5000 });
  const slots = new SolveSlots(client, table, { slots: 1, timeoutMs: 5000 });
  const started: SolveJob[] = [];
  const solves = new BackgroundSolves(records, slots, { solveMs: 60_000, start: async (job) => void started.push(job) }, { clock, retryAfterMs: 600_000 });
  return { solves, records, slots, started };
}

/** The service with those solves, telling what it reports. */
function serviceWith(solves: BackgroundSolves | undefined, options: { store?: PageStore; clock?: Clock } = {}) {
  const bad: unknown[] = [];
  const down: unknown[] = [];
  const answers = new AnswerService(registry, options.store, { solves, clock: options.clock, storeBackoffMs: 4000, onBadData: (error) => bad.push(error), onStoreError: (error) => down.push(error) });
  return { answers, bad, down };
}

async function thrown(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('answered, where a refusal was expected');
    },
    (error: Error) => error,
  );
}

/** Writes the record a solver leaves. */
async function solved(records: SolveRecords, board: string, answer: unknown): Promise<void> {
  expect(await records.claim('fifteen', questionOf(board), 'a', { now: Date.now(), solveMs: 60_000, retryAfterMs: 600_000 })).toBe(true);
  expect(await records.finish('fifteen', questionOf(board), { state: 'solved', attempt: 'a', since: 0, at: Date.now(), answer: JSON.stringify(answer) })).toBe(true);
}

describe('a single question past the search', () => {
  it('starts a solve and says it is being solved: since when, where to ask again, and how soon', async () => {
    const { solves, started } = solvesOn(await freshTable(client, 'bg-start'));
    const { answers } = serviceWith(solves);
    const error = await thrown(answers.answer(fifteen, await queryOf(HARD), giveUp(), { background: 'start' }));
    expect(error).toBeInstanceOf(SolvingInBackgroundError);
    const solving = error as SolvingInBackgroundError;
    expect(solving.message).toBe('This question needs more search than one request may spend, so it is being solved in the background (for 0 s so far); ask again at the same URL in a few seconds: once solved, its answer is kept and given at once.');
    expect(solving).toMatchObject({ seconds: 0, location: `/fifteen?board=${HARD}`, retryAfterSeconds: 5 });
    expect(solving.since).toBeGreaterThan(Date.now() - 60_000);
    expect(started).toEqual([expect.objectContaining({ puzzle: 'fifteen', question: questionOf(HARD) })]);
    // asked again: its search gives up its moment, and the solve's record says where it stands; none started
    expect(await thrown(answers.answer(fifteen, await queryOf(HARD), giveUp(), { background: 'start' }))).toMatchObject({ since: solving.since });
    expect(started).toHaveLength(1);
  });

  it("is a batch's: none is started, and the client is told how to have it solved", async () => {
    const { solves, started } = solvesOn(await freshTable(client, 'bg-read'));
    const error = await thrown(serviceWith(solves).answers.answer(fifteen, await queryOf(OTHER), giveUp(), { background: 'read' }));
    expect(error).toBeInstanceOf(BudgetExhaustedError);
    expect(error.message).toMatch(new RegExp(`^The search gave up after \\d+ positions \\(node cap reached\\)[^.]*\\. Asked alone \\(GET /fifteen\\?board=${OTHER}\\), it is solved in the background and kept\\.$`));
    expect(started).toEqual([]);
  });

  it('starts none for judge input (no background asked), nor where the service has no solver', async () => {
    const { solves, started } = solvesOn(await freshTable(client, 'bg-none'));
    const advice = /\)[^.]*\. This board needs more search than one request may spend; npm run solve -- fifteen/;
    expect((await thrown(serviceWith(solves).answers.answer(fifteen, await queryOf(OTHER), giveUp()))).message).toMatch(advice);
    expect(started).toEqual([]);
    for (const background of ['start', 'read'] as const) {
      const { answers, bad, down } = serviceWith(undefined);
      const error = await thrown(answers.answer(fifteen, await queryOf(OTHER), giveUp(), { background }));
      expect(error).toBeInstanceOf(BudgetExhaustedError);
      expect(error.message).toMatch(advice);
      expect([bad, down]).toEqual([[], []]);
    }
  });

  it('reads no solve for a puzzle that has none', async () => {
    const { solves } = solvesOn('no-such-table');
    const { answers, bad, down } = serviceWith(solves);
    const sample = eight.http.description.samples[0];
    expect(await answers.answer(eight, await eight.http.queryOf(sample.query, NO_TABLES), ample(), { background: 'start' })).toMatchObject({ source: 'search' });
    expect([bad, down]).toEqual([[], []]);
  });
});

describe('a kept answer', () => {
  it('is read once the search has had its moment, and served as kept; then from memory', async () => {
    const { solves, records } = solvesOn(await freshTable(client, 'bg-kept'));
    await solved(records, EASY, { steps: 9, path: 'llldrdrdr', bound: 9 });
    const { answers } = serviceWith(solves);
    expect(await answers.answer(fifteen, await queryOf(EASY), giveUp(), { background: 'start' })).toMatchObject({ steps: 9, path: 'llldrdrdr', source: 'kept', cached: false });
    expect(await answers.answer(fifteen, await queryOf(EASY), giveUp(), { background: 'start' })).toMatchObject({ source: 'kept', cached: true });
  });

  it('is not read when the search answers within its moment', async () => {
    const { solves, records } = solvesOn(await freshTable(client, 'bg-kept-unread'));
    await solved(records, EASY, { steps: 9, path: 'llldrdrdr', bound: 9 });
    const { answers } = serviceWith(solves);
    expect(await answers.answer(fifteen, await queryOf(EASY), ample(), { background: 'start' })).toMatchObject({ steps: 9, path: 'llldrdrdr', source: 'search' });
  });

  it('kept since the request read (its deadline spent) is served when the search gives up, and kept in memory', async () => {
    const { solves, records } = solvesOn(await freshTable(client, 'bg-kept-late'));
    await solved(records, HARD, { steps: 42, path: 'luurrrulddlluruldddruuuldddrrruldruuulddrd', bound: 42 });
    const { answers } = serviceWith(solves);
    const spent: SearchBudget = { maxNodes: 1, deadline: systemClock.now() - 1 };
    expect(await answers.answer(fifteen, await queryOf(HARD), spent, { background: 'start' })).toMatchObject({ steps: 42, source: 'kept', cached: false });
    expect(await answers.answer(fifteen, await queryOf(HARD), spent, { background: 'start' })).toMatchObject({ steps: 42, source: 'kept', cached: true });
  });

  it('that fails its check is not served, and the operators are told which', async () => {
    const { solves, records } = solvesOn(await freshTable(client, 'bg-bad'));
    await solved(records, EASY, { steps: 9, path: 'llldrdrdu', bound: 9 });
    const { answers, bad } = serviceWith(solves);
    const error = await thrown(answers.answer(fifteen, await queryOf(EASY), giveUp(), { background: 'start' }));
    expect(error).toBeInstanceOf(SolveUnavailableError);
    expect(error.message).toBe("The answer kept for this question fails its check, so it is not served; the service's operators have been told.");
    expect((error as SolveUnavailableError).retryAfterSeconds).toBe(60);
    expect(bad.map(String)).toEqual([expect.stringMatching(new RegExp(`^Error: the answer kept for fifteen ${EASY}\\|80 fails its check: its line ends on .*, not on the goal`))]);
    // a service that tells no one refuses it the same
    const quiet = new AnswerService(registry, undefined, { solves });
    expect(await thrown(quiet.answer(fifteen, await queryOf(EASY), giveUp(), { background: 'start' }))).toMatchObject({ message: error.message });
  });

  it('is not read during a hold-off (the search answers), but is again from its last millisecond', async () => {
    const { solves, records } = solvesOn(await freshTable(client, 'bg-hold-off'));
    await solved(records, EASY, { steps: 9, path: 'llldrdrdr', bound: 9 });
    let now = Date.now();
    const clock = { now: () => now };
    const store = new PageStore(createDynamoClient({ endpoint: testEndpoint() }), 'no-such-table', { timeoutMs: 2000, manifestTtlMs: 60_000, cacheBytes: 1 << 20, retry: DEFAULT_RETRY, clock: systemClock });
    const { answers, down } = serviceWith(solves, { store, clock });
    const knightsQuery = { board: parseKnightsBoard('10110/01*11/10111/01001/00000'), goal: resolveKnightsGoal('standard'), limit: 15 };
    // the search's clock moves 300 ms at every reading: its first node is past its moment, and the rest of the request is ample
    const budget = (): SearchBudget => {
      let searchNow = now;
      return { maxNodes: 10 ** 7, deadline: now + 5000, clock: { now: () => (searchNow += 300) } };
    };
    await answers.answer(knights, knightsQuery, budget());
    expect(down).toHaveLength(1);
    expect(await answers.answer(fifteen, await queryOf(EASY), budget(), { background: 'start' })).toMatchObject({ source: 'search' });
    answers.tablesChanged(); // forgets the answers kept in memory, not the hold-off
    now += 4000;
    expect(await answers.answer(fifteen, await queryOf(EASY), budget(), { background: 'start' })).toMatchObject({ source: 'kept' });
  });

  it('is not read once the request\'s deadline has come', async () => {
    const { solves } = solvesOn('no-such-table');
    const now = Date.now();
    for (const ms of [-1, 0]) {
      const { answers, down } = serviceWith(solves, { clock: { now: () => now } });
      // the search runs on a clock of its own: the question is answered, and no read was made to fail
      expect(await answers.answer(fifteen, await queryOf(EASY), { maxNodes: 10 ** 7, deadline: now + ms, clock: { now: () => now - 60_000 } }, { background: 'start' })).toMatchObject({ source: 'search' });
      expect(down).toEqual([]);
    }
  });
});

describe("a solve's other states", () => {
  it('a failed one: why (its own full stop left out), and when it may be tried again', async () => {
    const { solves, records } = solvesOn(await freshTable(client, 'bg-failed'));
    const at = Date.now();
    expect(await records.claim('fifteen', questionOf(HARD), 'a', { now: at, solveMs: 60_000, retryAfterMs: 600_000 })).toBe(true);
    expect(await records.finish('fifteen', questionOf(HARD), { state: 'failed', attempt: 'a', since: at, at, reason: 'the solver ran out of its time: 1.5 s.' })).toBe(true);
    const error = await thrown(serviceWith(solves).answers.answer(fifteen, await queryOf(HARD), giveUp(), { background: 'start' }));
    expect(error).toBeInstanceOf(SolveUnavailableError);
    expect(error.message).toMatch(/^This question's background solve failed \(the solver ran out of its time: 1\.5 s\); it can be tried again in (600|599) s\.$/);
    expect((error as SolveUnavailableError).retryAfterSeconds).toBeGreaterThanOrEqual(599);
  });

  it('every solver busy: ask again in half a minute', async () => {
    const { solves, slots } = solvesOn(await freshTable(client, 'bg-busy'));
    expect(await slots.take('another', Date.now(), Date.now() + 60_000)).toBe(0);
    const error = await thrown(serviceWith(solves).answers.answer(fifteen, await queryOf(HARD), giveUp(), { background: 'start' }));
    expect(error).toBeInstanceOf(SolveUnavailableError);
    expect(error.message).toBe('This question needs more search than one request may spend, and every background solver is busy with another; ask again in 30 s.');
    expect((error as SolveUnavailableError).retryAfterSeconds).toBe(30);
  });

  it("the solver out of reach (DynamoDB failing): the failure's own words, ask again in a minute", async () => {
    const { solves } = solvesOn('no-such-table');
    const { answers, down } = serviceWith(solves);
    // an easy question is answered by its search alone, with no read to fail
    expect(await answers.answer(fifteen, await queryOf(EASY), ample(), { background: 'start' })).toMatchObject({ source: 'search' });
    expect(down).toHaveLength(0);
    const error = await thrown(answers.answer(fifteen, await queryOf(HARD), giveUp(), { background: 'start' }));
    expect(error).toBeInstanceOf(SolveUnavailableError);
    expect(error.message).toMatch(/\. It is solved in the background, but the background solver cannot be reached now \(ResourceNotFoundException: [^)]+\); ask again in a minute\.$/);
    expect((error as SolveUnavailableError).retryAfterSeconds).toBe(60);
    expect(down).toHaveLength(2);
  });
});

describe('the API', () => {
  const SEARCH = { maxMs: 2000, reserveMs: 300, maxNodes: 2000 };
  async function api(label: string) {
    const tableName = await freshTable(client, label);
    const started: SolveJob[] = [];
    const config = readConfig({ TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint(), SOLVER_SLOTS: '1', POWERTOOLS_LOG_LEVEL: 'SILENT' });
    const handler = createHandler(createAppState(registry, config, { log: quietLog(), search: SEARCH, solveStarter: { solveMs: 60_000, start: async (job) => void started.push(job) } }));
    const batch = (...boards: string[]) => call(handler, { method: 'POST', path: '/fifteen', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ queries: boards.map((board) => ({ board })) }) });
    return { handler, started, batch };
  }

  it('answers a single question past the search 202; a batch says where its solve stands, kept from any cache, and starts none', async () => {
    const { handler, started, batch } = await api('bg-api');
    const first = await call(handler, { path: '/fifteen', query: `board=${HARD}` });
    expect(first.status).toBe(202);
    expect(started).toHaveLength(1);
    const plain = await batch(EASY);
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).not.toBe('no-store');
    const result = await batch(EASY, HARD);
    expect(result.headers['cache-control']).toBe('no-store');
    expect(result.json.answers[0]).toMatchObject({ steps: 9, source: 'search' });
    expect(result.json.answers[1]).toEqual({ status: 202, since: first.json.since, seconds: expect.any(Number), message: expect.stringMatching(/being solved in the background/), location: `/fifteen?board=${HARD}` });
    const other = await batch(OTHER);
    expect(other.json.answers[0]).toMatchObject({ status: 503, error: expect.stringMatching(new RegExp(`^Query 1: .*Asked alone \\(GET /fifteen\\?board=${OTHER}\\), it is solved in the background and kept\\.$`)) });
    expect(started).toHaveLength(1);
  });
});

afterAll(() => client.destroy());
