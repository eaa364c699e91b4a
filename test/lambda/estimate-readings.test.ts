/**
 * The 15-puzzle's estimate tables as the service reads them (estimate-readings.ts): from DynamoDB,
 * one read at a time, and after a failure not again until the retry period is over (to the
 * millisecond, on the service's clock); the failure said in /health in its own words and told as
 * DynamoDB's, not as bad data; from the function's package, read at the first question only (not
 * at start-up, nor from DynamoDB), once, whatever a load completing does, and never charged to the
 * question's search. Nothing fails for want of a listener (DynamoDB failing, a page missing, a
 * damaged file).
 *
 * The faults are DynamoDB failing (middleware around the real client), a page deleted and a damaged
 * file; the time is a clock of the test's.
 */
import { DeleteItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Clock, systemClock } from '../../core/clock';
import { BudgetExhaustedError } from '../../core/errors';
import { AnswerService } from '../../lambda/answer-service';
import { fifteen } from '../../puzzles/fifteen';
import { fifteenSpec } from '../../puzzles/fifteen/offline/loads';
import { PARTITION_33333 } from '../../puzzles/fifteen/rules/pattern-set';
import { PACKED_TABLE, packedDatabaseArrays } from '../../puzzles/fifteen/packed-file';
import { PACKED_PARTITION_555, buildPackedDatabases } from '../../puzzles/fifteen/rules/packed-pattern-set';
import type { Answer } from '../../puzzles/roles/answer';
import type { EstimatedSearch } from '../../puzzles/roles/estimate-tables';
import { registry } from '../../puzzles/registered';
import { arraysOfPages, packagedArrayFile, writeArrayFile } from '../../store/array-file';
import type { ArrayPages } from '../../store/array-pages';
import { createDynamoClient } from '../../store/client';
import { generationKey } from '../../store/generations';
import { loadTable } from '../../store/loader';
import { PageStore } from '../../store/page-store';
import { DEFAULT_RETRY } from '../../store/retry';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { type SwitchedFaults, switchFaults } from '../support/faults';

const client = testClient();
const RETRY_MS = 10_000;
/** A SPEC sample: 24 moves. */
const BOARD = '9,1,7,2,10,4,6,3,0,5,12,8,13,14,11,15';
const NO_TABLES = async () => ({ catalog: new Map(), known: true });

/** A client of the suite's server that fails while `down` is set, its error's message two sentences. */
function faultyClient(): { client: DynamoDBClient; faults: SwitchedFaults } {
  const faulty = createDynamoClient({ endpoint: testEndpoint() });
  afterAll(() => faulty.destroy());
  return { client: faulty, faults: switchFaults(faulty, 'the network is down. Try later.') };
}

const storeOn = (on: DynamoDBClient, tableName: string) => new PageStore(on, tableName, { timeoutMs: 2000, manifestTtlMs: 60_000, cacheBytes: 1 << 20, retry: DEFAULT_RETRY, clock: systemClock });

describe('estimate tables read from DynamoDB', () => {
  it('are read once at a time, and after a failure again only once the retry period is over', async () => {
    const { client: faulty, faults } = faultyClient();
    let now = Date.now();
    const clock: Clock = { now: () => now };
    const bad: unknown[] = [];
    const down: unknown[] = [];
    const answers = new AnswerService(registry, storeOn(faulty, await freshTable(client, 'estimates-retry')), { clock, searchAnswerTtlMs: RETRY_MS, onBadData: (error) => bad.push(error), onStoreError: (error) => down.push(error) });
    faults.down = true;
    answers.estimates.readAll();
    expect(answers.estimates.searchOf(fifteen)).toBeUndefined(); // being read: no second read
    await answers.estimates.settled();
    expect(down).toHaveLength(1);
    expect(bad).toEqual([]);
    faults.down = false;
    expect((await answers.health()).degraded).toMatch(/The estimates of fifteen cannot be used: NetworkDown: the network is down\. Try later; so fifteen questions are searched without them/);
    faults.down = true;
    now += RETRY_MS - 1;
    expect(answers.estimates.searchOf(fifteen)).toBeUndefined();
    await answers.estimates.settled();
    expect(down).toHaveLength(1);
    now += 1;
    expect(answers.estimates.searchOf(fifteen)).toBeUndefined();
    await answers.estimates.settled();
    expect(down).toHaveLength(2);
  });

  it('fail quietly for a service that has no listener: DynamoDB failing, or a page missing', async () => {
    const { client: faulty, faults } = faultyClient();
    const answers = new AnswerService(registry, storeOn(faulty, await freshTable(client, 'estimates-quiet')));
    faults.down = true;
    answers.estimates.readAll();
    await expect(answers.estimates.settled()).resolves.toBeUndefined();
    const tableName = await freshTable(client, 'estimates-missing-page');
    await loadTable(client, fifteenSpec(PARTITION_33333), { tableName, concurrency: 8 });
    await client.send(new DeleteItemCommand({ TableName: tableName, Key: { pk: { S: generationKey(1, 'fifteen#tiles-4-7-8#p0000') } } }));
    const damaged = new AnswerService(registry, storeOn(client, tableName));
    damaged.estimates.readAll();
    await expect(damaged.estimates.settled()).resolves.toBeUndefined();
    expect((await damaged.health()).degraded).toMatch(/The estimates of fifteen cannot be used: fifteen lacks its page/);
  });
});

describe("estimate tables in the function's package", () => {
  const folder = mkdtempSync(join(tmpdir(), 'tablebase-estimates-'));
  const damaged = mkdtempSync(join(tmpdir(), 'tablebase-estimates-damaged-'));
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
    rmSync(damaged, { recursive: true, force: true });
  });
  beforeAll(async () => {
    const file = packagedArrayFile(folder, 'fifteen');
    writeArrayFile(file, 'fifteen', arraysOfPages((await fifteenSpec(PARTITION_33333).build()) as ArrayPages));
    const bytes = readFileSync(file);
    bytes[bytes.length - 5] ^= 4;
    writeFileSync(packagedArrayFile(damaged, 'fifteen'), bytes);
  });

  it('are not read at start-up, nor looked for in DynamoDB: /health names no problem with fifteen', async () => {
    const answers = new AnswerService(registry, storeOn(client, await freshTable(client, 'estimates-packaged')), { packagedTables: folder });
    answers.estimates.readAll();
    await answers.estimates.settled();
    expect((await answers.health()).degraded).not.toMatch(/fifteen/);
  });

  it('are read once, at the first question, and kept when a load completes', async () => {
    const answers = new AnswerService(registry, undefined, { packagedTables: folder });
    const search = answers.estimates.searchOf(fifteen);
    expect(search).toBeDefined();
    expect(answers.estimates.searchOf(fifteen)).toBe(search);
    answers.tablesChanged();
    expect(answers.estimates.searchOf(fifteen)).toBe(search);
  });

  it("are read on time the question's search is not charged for, and no more", async () => {
    // the service's clock moves 10 s at every reading of it: the package's read takes 10 s on it
    const start = Date.now();
    let ticks = 0;
    const slow: Clock = { now: () => start + 10_000 * ticks++ };
    const query = await fifteen.http.queryOf({ board: BOARD }, NO_TABLES);
    const askedAt = (searchNow: number) =>
      new AnswerService(registry, undefined, { clock: slow, packagedTables: folder }).answer(fifteen, query, { maxNodes: 10 ** 7, deadline: start + 5000, latest: start + 10 ** 9, clock: { now: () => searchNow } });
    // the search starts 6 s into a 5 s budget: 10 s more make room for it, and no more than 10 s
    expect(await askedAt(start + 6000)).toMatchObject({ steps: 24, heuristic: 'pattern databases 3-3-3-3-3' });
    ticks = 0;
    await expect(askedAt(start + 100_000)).rejects.toThrow(BudgetExhaustedError);
  });

  it('are not read at start-up: the first question reads them, and is not charged for it', async () => {
    const start = Date.now();
    let ticks = 0;
    const slow: Clock = { now: () => start + 10_000 * ticks++ };
    const answers = new AnswerService(registry, undefined, { clock: slow, packagedTables: folder });
    answers.estimates.readAll();
    await answers.estimates.settled();
    const query = await fifteen.http.queryOf({ board: BOARD }, NO_TABLES);
    // read at start-up, they would leave the question no more than its 5 s, 6 s gone
    expect(await answers.answer(fifteen, query, { maxNodes: 10 ** 7, deadline: start + 5000, latest: start + 10 ** 9, clock: { now: () => start + 6000 } })).toMatchObject({ steps: 24, heuristic: 'pattern databases 3-3-3-3-3' });
  });

  it('damaged, are refused without a listener told, and the question answered', async () => {
    const answers = new AnswerService(registry, undefined, { packagedTables: damaged });
    const query = await fifteen.http.queryOf({ board: BOARD }, NO_TABLES);
    expect(await answers.answer(fifteen, query, { maxNodes: 10 ** 7, deadline: Date.now() + 60_000 })).toMatchObject({ steps: 24, heuristic: 'manhattan and linear conflicts' });
  });
});

describe('files-only estimate tables (the 15-puzzle\'s packed set, fifteen-78)', () => {
  const stored = mkdtempSync(join(tmpdir(), 'tablebase-estimates-stored-'));
  const both = mkdtempSync(join(tmpdir(), 'tablebase-estimates-both-'));
  const later = mkdtempSync(join(tmpdir(), 'tablebase-estimates-later-'));
  const broken = mkdtempSync(join(tmpdir(), 'tablebase-estimates-broken-'));
  const packed = packedDatabaseArrays(buildPackedDatabases(PACKED_PARTITION_555));
  afterAll(() => {
    for (const folder of [stored, both, later, broken]) rmSync(folder, { recursive: true, force: true });
  });
  beforeAll(async () => {
    const weaker = arraysOfPages((await fifteenSpec(PARTITION_33333).build()) as ArrayPages);
    for (const folder of [stored, both, later, broken]) writeArrayFile(packagedArrayFile(folder, 'fifteen'), 'fifteen', weaker);
    writeArrayFile(packagedArrayFile(both, PACKED_TABLE), PACKED_TABLE, packed);
    const file = packagedArrayFile(broken, PACKED_TABLE);
    writeArrayFile(file, PACKED_TABLE, packed);
    const bytes = readFileSync(file);
    bytes[bytes.length - 100] ^= 2;
    writeFileSync(file, bytes);
  });
  const ask = async (answers: AnswerService) => answers.answer(fifteen, await fifteen.http.queryOf({ board: BOARD }, NO_TABLES), { maxNodes: 10 ** 7, deadline: Date.now() + 60_000 });

  it('are read in place of the stored ones when their file is there, and /health says which estimate is in use', async () => {
    const answers = new AnswerService(registry, undefined, { packagedTables: both });
    expect(await ask(answers)).toMatchObject({ steps: 24, path: 'uurrdldlururrdllurrddldr', heuristic: 'pattern databases 5-5-5' });
    expect((await answers.health()).estimates).toEqual({ fifteen: { inUse: 'pattern databases 5-5-5' } });
  });

  it('replace the weaker ones once their file appears (npm start\'s build ending), and are kept from then on', async () => {
    const answers = new AnswerService(registry, undefined, { packagedTables: later });
    expect(await ask(answers)).toMatchObject({ steps: 24, heuristic: 'pattern databases 3-3-3-3-3' });
    expect((await answers.health()).estimates).toEqual({ fifteen: { inUse: 'pattern databases 3-3-3-3-3' } });
    answers.estimatesUnderWay('fifteen', 'fifteen-78 is being built on this machine');
    expect((await answers.health()).estimates).toEqual({ fifteen: { inUse: 'pattern databases 3-3-3-3-3', coming: 'fifteen-78 is being built on this machine' } });
    writeArrayFile(packagedArrayFile(later, PACKED_TABLE), PACKED_TABLE, packed);
    answers.estimatesUnderWay('fifteen', undefined);
    const stronger = answers.estimates.searchOf(fifteen);
    expect(answers.estimates.searchOf(fifteen)).toBe(stronger);
    rmSync(packagedArrayFile(later, PACKED_TABLE));
    expect(answers.estimates.searchOf(fifteen)).toBe(stronger);
    answers.tablesChanged();
    expect(answers.estimates.searchOf(fifteen)).toBe(stronger);
    expect((await answers.health()).estimates).toEqual({ fifteen: { inUse: 'pattern databases 5-5-5' } });
  });

  it('damaged, are refused once, told as bad data, and the next best answers', async () => {
    const bad: unknown[] = [];
    const answers = new AnswerService(registry, undefined, { packagedTables: broken, onBadData: (error) => bad.push(error) });
    expect(await ask(answers)).toMatchObject({ steps: 24, heuristic: 'pattern databases 3-3-3-3-3' });
    expect(await ask(answers)).toMatchObject({ steps: 24, heuristic: 'pattern databases 3-3-3-3-3' });
    expect(bad).toHaveLength(1);
    expect(String(bad[0])).toMatch(/do not match their checksum/);
  });

  it('made by the searchWith the service is given (npm start\'s threads), the estimate named the same', async () => {
    const made: string[] = [];
    const answers = new AnswerService(registry, undefined, {
      packagedTables: stored,
      searchWith: (puzzle, arrays) => {
        made.push([...arrays.keys()].join(','));
        return puzzle.estimates!.searchWith(arrays) as EstimatedSearch<unknown, Answer>;
      },
    });
    expect(await ask(answers)).toMatchObject({ steps: 24, heuristic: 'pattern databases 3-3-3-3-3' });
    expect(made).toEqual(['fifteen']);
  });
});
