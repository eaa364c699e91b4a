/**
 * The store as requests read it (store-guard.ts, through the answer service), against dynalite: a
 * read only while the request's deadline has not come, none during the hold-off after a failure
 * (to its exact edge), the hold-off's default length, DynamoDB read again at once when it is known
 * to be back, a table not loaded read as no fault, a read not back in time left to the search, and
 * the failure told in the underlying error's own words. Also the answers kept: a search answer a
 * table could hold is kept for its period exactly, not renewed by being asked again; moves valued
 * later are kept with it; and what the client is told when the search gives up, by puzzle.
 *
 * The faults are DynamoDB failing and slow (middleware around the real client, which a healthy
 * local server never is) and a table that does not exist; the time is a clock of the test's.
 */
import { type DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { type Clock, systemClock } from '../../core/clock';
import { BudgetExhaustedError, MovesUnvaluedError } from '../../core/errors';
import type { SearchBudget } from '../../core/ida-star';
import { AnswerService } from '../../lambda/answer-service';
import { DEFAULT_STORE_BACKOFF_MS, describeFailure } from '../../lambda/store-guard';
import { eight } from '../../puzzles/eight';
import { fifteen } from '../../puzzles/fifteen';
import { knights } from '../../puzzles/knights';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { parseKnightsBoard } from '../../puzzles/knights/rules/board';
import { resolveKnightsGoal } from '../../puzzles/knights/rules/goals';
import type { Puzzle } from '../../puzzles/puzzle';
import { registry } from '../../puzzles/registered';
import { createDynamoClient } from '../../store/client';
import { generationPrefix } from '../../store/generations';
import { loadTable } from '../../store/loader';
import { pageItem } from '../../store/page-items';
import { PageStore, StoreUnavailableError } from '../../store/page-store';
import { DEFAULT_RETRY } from '../../store/retry';
import { manifestKey } from '../../store/table-keys';
import { freshTable, scanAll, testClient, testEndpoint } from '../support/dynamodb';
import { type SwitchedFaults, switchFaults } from '../support/faults';

const client = testClient();
/** The SPEC's first knights board: 7 moves from the standard goal. */
const SAMPLE = { board: parseKnightsBoard('10110/01*11/10111/01001/00000'), goal: resolveKnightsGoal('standard'), limit: 15 };
const BACKOFF_MS = 4000;

/** A clock the test moves; it starts at the wall clock's time, so that a request's deadline is near it. */
function testClock(): Clock & { now: () => number; move: (ms: number) => void } {
  let now = Date.now();
  return { now: () => now, move: (ms) => void (now += ms) };
}

/** A request's budget on `clock`, `ms` from now; the search itself runs on a clock of its own, far from any deadline. */
function budgetOn(clock: Clock, ms: number): SearchBudget {
  const deadline = clock.now() + ms;
  return { maxNodes: 10 ** 7, deadline, clock: { now: () => deadline - 60_000 } };
}

/** A client of the suite's server that fails while `down` is set, and takes `slowMs` more for every call. */
function faultyClient(): { client: DynamoDBClient; faults: SwitchedFaults } {
  const faulty = createDynamoClient({ endpoint: testEndpoint() });
  afterAll(() => faulty.destroy());
  return { client: faulty, faults: switchFaults(faulty) };
}

function storeOn(on: DynamoDBClient, tableName: string): PageStore {
  return new PageStore(on, tableName, { timeoutMs: 2000, manifestTtlMs: 60_000, cacheBytes: 1 << 20, retry: DEFAULT_RETRY, clock: systemClock });
}

/** The service on `store`, on `clock`, telling what it reports. */
function serviceOn(store: PageStore | undefined, clock: Clock, options: { backoffMs?: number; quiet?: boolean } = {}) {
  const bad: unknown[] = [];
  const down: unknown[] = [];
  const answers = new AnswerService(registry, store, {
    clock,
    storeBackoffMs: options.backoffMs,
    ...(options.quiet ? {} : { onBadData: (error: unknown) => bad.push(error), onStoreError: (error: unknown) => down.push(error) }),
  });
  return { answers, bad, down };
}

/**
 * A client of the suite's server that names each call it sends, and tells when every call sent has
 * come back and what the service does with its outcome is done (its promise reactions, all run
 * before the next turn of the event loop): what a read would report, it has reported by then.
 */
function watchedClient(): { client: DynamoDBClient; calls: string[]; quiet: () => Promise<void> } {
  const watched = createDynamoClient({ endpoint: testEndpoint() });
  afterAll(() => watched.destroy());
  const calls: string[] = [];
  let out = 0;
  let waiting: (() => void)[] = [];
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  watched.middlewareStack.add(
    (next, context) => async (args) => {
      calls.push(context.commandName!);
      out++;
      try {
        return await next(args);
      } finally {
        if (--out === 0) {
          const done = waiting;
          waiting = [];
          void turn().then(() => done.forEach((resolve) => resolve()));
        }
      }
    },
    { step: 'initialize', priority: 'high', name: 'watched' },
  );
  const quiet = () => (out === 0 ? turn() : new Promise<void>((resolve) => waiting.push(resolve)));
  return { client: watched, calls, quiet };
}

/** What /health says first of an empty table: every registered table of answers not loaded (those of estimates have a sentence of their own). */
const NONE_LOADED = new RegExp(`^${registry.tablesOf(new Map()).filter((one) => !one.estimates).map((one) => one.table).join(', ')} are not loaded`);

describe('the hold-off after a DynamoDB failure', () => {
  it('reads nothing until it is over, to the millisecond, and says how long is left', async () => {
    const { client: faulty, faults } = faultyClient();
    const tableName = await freshTable(client, 'guard-hold-off');
    const clock = testClock();
    const { answers, down } = serviceOn(storeOn(faulty, tableName), clock, { backoffMs: BACKOFF_MS });
    faults.down = true;
    expect(await answers.answer(knights, SAMPLE, budgetOn(clock, 5000))).toMatchObject({ steps: 7, source: 'search' });
    expect(down.map(describeFailure)).toEqual(['NetworkDown: the network is down']);
    faults.down = false;
    // DynamoDB is back, but the hold-off is not over: the tables last read (none) are named, none is read
    expect(await answers.guard.loadedTables()).toMatchObject({ known: false });
    const holding = await answers.health();
    expect(holding.degraded).toBe('Table reads failed a moment ago (NetworkDown: the network is down); answers are found by search for 4 s more before the tables are tried again.');
    clock.move(BACKOFF_MS - 1500);
    expect((await answers.health()).degraded).toMatch(/for 2 s more/);
    clock.move(1499);
    expect((await answers.health()).degraded).toMatch(/for 1 s more/);
    // its last millisecond past: read again
    clock.move(1);
    expect(await answers.guard.loadedTables()).toMatchObject({ known: true });
    expect((await answers.health()).degraded).toMatch(NONE_LOADED);
    expect(down).toHaveLength(1);
  });

  it('lasts five seconds by default', async () => {
    const { client: faulty, faults } = faultyClient();
    const clock = testClock();
    const { answers } = serviceOn(storeOn(faulty, await freshTable(client, 'guard-default')), clock);
    faults.down = true;
    await answers.answer(knights, SAMPLE, budgetOn(clock, 5000));
    faults.down = false;
    expect(DEFAULT_STORE_BACKOFF_MS).toBe(5000);
    expect((await answers.health()).degraded).toMatch(/for 5 s more/);
    clock.move(DEFAULT_STORE_BACKOFF_MS);
    expect((await answers.health()).degraded).toMatch(NONE_LOADED);
  });

  it('ends at once when DynamoDB is known to be back', async () => {
    const { client: faulty, faults } = faultyClient();
    const clock = testClock();
    const { answers } = serviceOn(storeOn(faulty, await freshTable(client, 'guard-back')), clock, { backoffMs: BACKOFF_MS });
    faults.down = true;
    await answers.answer(knights, SAMPLE, budgetOn(clock, 5000));
    faults.down = false;
    expect(await answers.guard.loadedTables()).toMatchObject({ known: false });
    answers.guard.storeBack();
    expect(await answers.guard.loadedTables()).toMatchObject({ known: true });
    expect((await answers.health()).degraded).toMatch(NONE_LOADED);
  });

  it('needs no one told: a service without listeners answers by search through a failure', async () => {
    const { client: faulty, faults } = faultyClient();
    const clock = testClock();
    const { answers } = serviceOn(storeOn(faulty, await freshTable(client, 'guard-quiet')), clock, { quiet: true });
    faults.down = true;
    expect(await answers.answer(knights, SAMPLE, budgetOn(clock, 5000))).toMatchObject({ steps: 7, source: 'search' });
  });
});

describe("a read on the request's deadline", () => {
  it('is not made once the deadline has come (to the millisecond), nor its failure reported', async () => {
    const clock = testClock();
    const { client: watched, calls, quiet } = watchedClient();
    const { answers, down } = serviceOn(storeOn(watched, 'no-such-table'), clock);
    // (each with a limit of its own: an answer kept would answer the next)
    for (const [ms, limit] of [[-1, 15], [0, 13]]) expect(await answers.answer(knights, { ...SAMPLE, limit }, budgetOn(clock, ms))).toMatchObject({ steps: 7, source: 'search' });
    await quiet();
    expect(calls).toEqual([]);
    expect(down).toEqual([]);
    // a millisecond left: it is made, and fails; its failure is told when the server answers, however late
    await answers.answer(knights, { ...SAMPLE, limit: 14 }, budgetOn(clock, 1));
    await quiet();
    expect(calls).toEqual(['GetItemCommand']);
    expect(down.map(describeFailure)).toEqual([expect.stringMatching(/^ResourceNotFoundException: /)]);
  });

  it('is left to the search when it is not back in time, and answers when it is', async () => {
    const { client: slow, faults } = faultyClient();
    const tableName = await freshTable(client, 'guard-slow');
    await loadTable(client, knightsSpec('standard', 7), { tableName, concurrency: 8 });
    const { answers, down } = serviceOn(storeOn(slow, tableName), systemClock);
    faults.slowMs = 1000;
    const started = Date.now();
    expect(await answers.answer(knights, SAMPLE, budgetOn(systemClock, 200))).toMatchObject({ steps: 7, source: 'search' });
    // answered on its budget: the read cannot have come back before its second
    expect(Date.now() - started).toBeLessThan(1000);
    faults.slowMs = 0;
    expect(await answers.answer(knights, { ...SAMPLE, limit: 14 }, budgetOn(systemClock, 5000))).toMatchObject({ steps: 7, source: 'table' });
    expect(down).toEqual([]);
  });

  it('reads no record of a table that is not loaded, and counts that as no fault', async () => {
    const clock = testClock();
    const { client: watched, calls, quiet } = watchedClient();
    const { answers, bad, down } = serviceOn(storeOn(watched, await freshTable(client, 'guard-empty')), clock);
    expect(await answers.answer(knights, SAMPLE, budgetOn(clock, 5000))).toMatchObject({ steps: 7, source: 'search' });
    await quiet();
    expect(calls).toEqual(['GetItemCommand']); // its manifest, found missing
    expect(bad).toEqual([]);
    expect(down).toEqual([]);
  });
});

describe('bad data', () => {
  it('needs no one told either: a service without listeners answers a malformed page by search', async () => {
    const tableName = await freshTable(client, 'guard-malformed');
    const { manifest } = await loadTable(client, knightsSpec('standard', 7), { tableName, concurrency: 8 });
    for (const item of await scanAll(client, tableName, generationPrefix(manifest.generation, 'knights#standard'))) {
      // its checksum made anew: bytes that pass it and still cannot be a page
      await client.send(new PutItemCommand({ TableName: tableName, Item: pageItem(item.pk.S!, Uint8Array.from([0, 0xff, 0xff])) }));
    }
    const { answers } = serviceOn(storeOn(client, tableName), systemClock, { quiet: true });
    expect(await answers.answer(knights, SAMPLE, budgetOn(systemClock, 5000))).toMatchObject({ steps: 7, source: 'search' });
  });
});

describe('a table loaded for another goal', () => {
  it('answers none of its questions (they are searched)', async () => {
    const tableName = await freshTable(client, 'guard-other-goal');
    await loadTable(client, knightsSpec('standard', 7), { tableName, concurrency: 8 });
    const { answers } = serviceOn(storeOn(client, tableName), systemClock);
    expect(await answers.answer(knights, SAMPLE, budgetOn(systemClock, 5000))).toMatchObject({ steps: 7, source: 'table' });
    // its manifest says another goal: as a load for another board under the same name would leave it
    const key = { pk: { S: manifestKey('knights#standard') } };
    const manifest = (await client.send(new GetItemCommand({ TableName: tableName, Key: key }))).Item!;
    await client.send(new PutItemCommand({ TableName: tableName, Item: { ...manifest, goal: { S: '10110/01*11/10111/01001/00000' } } }));
    const { answers: fresh } = serviceOn(storeOn(client, tableName), systemClock);
    expect(await fresh.answer(knights, SAMPLE, budgetOn(systemClock, 5000))).toMatchObject({ steps: 7, source: 'search' });
  });
});

describe('a failure, in a clause', () => {
  it("is the underlying error's own words, not its wrapper's, at most 200 characters", () => {
    expect(describeFailure(new StoreUnavailableError('DynamoDB could not be read', { cause: Object.assign(new Error('no route'), { name: 'NetworkDown' }) }))).toBe('NetworkDown: no route');
    expect(describeFailure(new Error('plain'))).toBe('Error: plain');
    expect(describeFailure('a string thrown')).toBe('a string thrown');
    expect(describeFailure(new Error('x'.repeat(300)))).toBe(`Error: ${'x'.repeat(193)}`);
  });
});

describe('when the search gives up', () => {
  const giveUp: SearchBudget = { maxNodes: 1, deadline: Date.now() + 60_000 };
  const refusal = async (answers: AnswerService, puzzle: Puzzle, query: unknown) => {
    const error = await answers.answer(puzzle, query, giveUp).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(BudgetExhaustedError);
    return (error as Error).message;
  };

  it('advises by how its table stands: none configured, or unreadable', async () => {
    const far = SAMPLE; // 7 moves: past one node of search
    expect(await refusal(new AnswerService(registry, undefined), knights, far)).toMatch(/positions \(node cap reached\) without an answer(; try again later)?\. No knights table is configured here\. To answer up to 15 moves from a table/);
    expect(await refusal(new AnswerService(registry, storeOn(client, 'no-such-table')), knights, far)).toMatch(/\. The tables cannot be read now either; try again later\.$/);
  });

  it("says to try again shortly when the puzzle's tables have no advice of their own", async () => {
    const [sample] = eight.http.description.samples;
    const far = await eight.http.queryOf(sample.query, async () => ({ catalog: new Map(), known: true }));
    expect(await refusal(new AnswerService(registry, undefined), eight, far)).toMatch(/\(node cap reached\) without an answer(; try again later)?\. Try again shortly\.$/);
  });

  it("takes the solver's advice for a puzzle without tables, or says to try again shortly", async () => {
    const query = await fifteen.http.queryOf({ board: '6,10,8,11,13,1,2,4,5,12,3,15,9,0,14,7' }, async () => ({ catalog: new Map(), known: true }));
    expect(await refusal(new AnswerService(registry, undefined), fifteen, query)).toMatch(/\(node cap reached\) without an answer(; try again later)?\. This board needs more search than one request may spend; npm run solve -- fifteen/);
    const adviceless = { ...fifteen, backgroundSolve: undefined, solver: { ...fifteen.solver, adviceWhenSearchGaveUp: undefined } } as unknown as Puzzle;
    expect(await refusal(new AnswerService(registry, undefined), adviceless, query)).toMatch(/\(node cap reached\) without an answer(; try again later)?\. Try again shortly\.$/);
  });

  it('lets any other error through as it is', async () => {
    const broken = { ...fifteen, estimates: undefined, solver: { ...fifteen.solver, search: () => { throw new RangeError('a bug'); } } } as unknown as Puzzle;
    await expect(new AnswerService(registry, undefined).answer(broken, { board: [], limit: 80 }, giveUp)).rejects.toThrow(new RangeError('a bug'));
  });
});

describe('without a table at all', () => {
  it('a load completing, or DynamoDB back, changes nothing and fails nothing', () => {
    const answers = new AnswerService(registry, undefined);
    expect(() => answers.tablesChanged()).not.toThrow();
    expect(() => answers.guard.storeBack()).not.toThrow();
  });
});

describe('an answer the search found', () => {
  const TTL = 60_000;

  it("is kept a table's period when a table could hold it, to the millisecond, however often it is asked meanwhile", async () => {
    const clock = testClock();
    const answers = new AnswerService(registry, undefined, { clock, searchAnswerTtlMs: TTL });
    const ask = () => answers.answer(knights, SAMPLE, budgetOn(clock, 5000), { moves: true });
    expect(await ask()).toMatchObject({ source: 'search', cached: false });
    clock.move(TTL - 1);
    expect(await ask()).toMatchObject({ source: 'search', cached: true });
    clock.move(1);
    expect(await ask()).toMatchObject({ source: 'search', cached: false });
  });

  it('is kept a manifest period (a minute) by default', async () => {
    const clock = testClock();
    const answers = new AnswerService(registry, undefined, { clock });
    const ask = () => answers.answer(knights, SAMPLE, budgetOn(clock, 5000));
    await ask();
    clock.move(59_999);
    expect(await ask()).toMatchObject({ cached: true });
    clock.move(1);
    expect(await ask()).toMatchObject({ cached: false });
  });

  it('keeps its moves once they are valued, and says when they could not be', async () => {
    // a solver that cannot value the moves on a small budget (as a hard board's valuing runs out of time)
    const unvaluable = new MovesUnvaluedError('The line is exact, but its moves could not be valued in time.');
    const puzzle = { ...fifteen, estimates: undefined, solver: { ...fifteen.solver, valueMoves: (query: never, answer: never, budget: SearchBudget) => { if (budget.maxNodes < 100) throw unvaluable; return fifteen.solver.valueMoves(query, answer, budget); } } } as unknown as Puzzle;
    const answers = new AnswerService(registry, undefined);
    const query = await fifteen.http.queryOf({ board: '2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15' }, async () => ({ catalog: new Map(), known: true }));
    const ample = (): SearchBudget => ({ maxNodes: 10 ** 7, deadline: Date.now() + 60_000 });
    const small = (): SearchBudget => ({ maxNodes: 99, deadline: Date.now() + 60_000 });
    expect((await answers.answer(puzzle, query, ample())).moves).toBeUndefined();
    const unvalued = await answers.answer(puzzle, query, small(), { moves: true });
    expect(unvalued.moves).toBeUndefined();
    expect(unvalued).toMatchObject({ steps: 9, cached: true, movesUnvalued: unvaluable.message });
    expect(await answers.answer(puzzle, query, ample(), { moves: true })).toMatchObject({ steps: 9, moves: expect.any(Array), movesUnvalued: undefined });
    expect(await answers.answer(puzzle, query, small(), { moves: true })).toMatchObject({ steps: 9, moves: expect.any(Array), movesUnvalued: undefined });
    // any other failure while valuing them is no answer
    const broken = { ...fifteen, estimates: undefined, solver: { ...fifteen.solver, valueMoves: () => { throw new RangeError('a bug'); } } } as unknown as Puzzle;
    await expect(new AnswerService(registry, undefined).answer(broken, query, ample(), { moves: true })).rejects.toThrow(new RangeError('a bug'));
  });

  it('is kept for ever when no table could hold it (a goal of its own)', async () => {
    const clock = testClock();
    const answers = new AnswerService(registry, undefined, { clock, searchAnswerTtlMs: TTL });
    const own = { ...SAMPLE, board: parseKnightsBoard('11111/01111/00*11/00001/00000'), goal: resolveKnightsGoal('10110/01*11/10111/01001/00000') };
    const ask = () => answers.answer(knights, own, budgetOn(clock, 5000));
    expect(await ask()).toMatchObject({ steps: 7, cached: false });
    clock.move(10 * TTL);
    expect(await ask()).toMatchObject({ steps: 7, cached: true });
  });
});
