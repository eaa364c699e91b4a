/**
 * The function reads the 15-puzzle's pattern databases from their table once, and its search uses
 * them; a damaged or missing page leaves it on Manhattan distance and linear conflicts (the same
 * answer, slower), and /health says why.
 */
import { DeleteItemCommand, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppState, createAppState } from '../../lambda/app-state';
import { readConfig } from '../../lambda/config';
import { createHandler } from '../../lambda/handler';
import { fifteenSpec } from '../../puzzles/fifteen/offline/loads';
import { PARTITION_33333 } from '../../puzzles/fifteen/rules/pattern-set';
import { arraysOfPages, packagedArrayFile, writeArrayFile } from '../../store/array-file';
import type { ArrayPages } from '../../store/array-pages';
import { loadTable } from '../../store/loader';
import { generationKey } from '../../store/generations';
import { pageItem } from '../../store/page-items';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { call } from '../support/function-url';
import { type LogLine, memoryLog } from '../support/log';
import { registry } from '../../puzzles/registered';

const client = testClient();
/** A SPEC sample: 24 moves. */
const BOARD = '9,1,7,2,10,4,6,3,0,5,12,8,13,14,11,15';
const LINE = { steps: 24, path: 'uurrdldlururrdllurrddldr' };
/** A page of the databases, as stored by a fresh table's first load (generation 1). */
const A_PAGE = generationKey(1, 'fifteen#tiles-4-7-8#p0000');

async function loaded(label: string): Promise<string> {
  const tableName = await freshTable(client, label);
  await loadTable(client, fifteenSpec(PARTITION_33333), { tableName, concurrency: 8 });
  return tableName;
}

/** The function on `table` (none: search only), once it has read (or failed to read) the databases. */
async function functionOn(table: string | undefined): Promise<{ app: AppState; log: LogLine[]; ask: () => Promise<Record<string, unknown>>; health: () => Promise<{ status: number; json: Record<string, unknown> }> }> {
  const log = memoryLog();
  const app = createAppState(registry, readConfig({ TABLE_NAME: table, DYNAMODB_ENDPOINT: table ? testEndpoint() : undefined }), { log });
  await app.answers.estimates.settled();
  const handler = createHandler(app);
  return {
    app,
    log: log.lines,
    ask: async () => (await call(handler, { path: '/fifteen', query: `board=${BOARD}` })).json as Record<string, unknown>,
    health: async () => (await call(handler, { path: '/health' })) as { status: number; json: Record<string, unknown> },
  };
}

describe("the 15-puzzle's stored pattern databases", () => {
  let searchOnly: Record<string, unknown>;
  beforeAll(async () => {
    searchOnly = await (await functionOn(undefined)).ask();
  });

  it('are read once and guide the search to the same line', async () => {
    expect(searchOnly).toMatchObject({ ...LINE, source: 'search', heuristic: 'manhattan and linear conflicts' });
    const service = await functionOn(await loaded('fifteen-loaded'));
    expect(await service.ask()).toMatchObject({ ...LINE, source: 'search', heuristic: 'pattern databases 3-3-3-3-3', moves: searchOnly.moves });
    // knights and eight are not loaded here; fifteen is not named among the problems
    const health = await service.health();
    expect(String(health.json.message)).not.toMatch(/fifteen/);
    // /health and /stats describe its table: 5 groups of 3 tiles, 16 * 15 * 14 entries each, and how many hold each value
    expect(health.json.tables).toMatchObject({ fifteen: { state: 'loaded', puzzle: 'fifteen', goal: '1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0', positions: 5 * 3360, whole: false } });
    const stats = (await call(createHandler(service.app), { path: '/stats' })).json as { tables: Record<string, { levels: number[]; farthest: unknown[]; arrays: unknown[] }> };
    expect(stats.tables.fifteen.levels.reduce((a, b) => a + b, 0)).toBe(5 * 3360);
    expect(stats.tables.fifteen.levels[0]).toBe(5); // a group costs nothing only with its tiles home
    expect(stats.tables.fifteen.farthest).toEqual([]);
    expect(stats.tables.fifteen.arrays).toEqual(PARTITION_33333.map((group) => ({ name: `tiles-${group.join('-')}`, entries: 3360 })));
  });

  it('a damaged page leaves the search on Manhattan distance, and /health says why', async () => {
    const tableName = await loaded('fifteen-damaged');
    const item = (await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: A_PAGE } } }))).Item!;
    const bytes = Uint8Array.from(item.page.B!);
    bytes[100] ^= 1;
    await client.send(new PutItemCommand({ TableName: tableName, Item: pageItem(A_PAGE, bytes) }));
    const service = await functionOn(tableName);
    expect(await service.ask()).toMatchObject({ ...LINE, heuristic: 'manhattan and linear conflicts' });
    const health = await service.health();
    expect(health.status).toBe(503);
    expect(service.log.filter(({ level }) => level === 'ERROR').map(({ message }) => message)).toEqual([expect.stringMatching(/cannot read/)]); // damage is
    expect(health.json.message).toMatch(/The estimates of fifteen cannot be used: The pages of fifteen do not match its manifest's checksum \(read sha256:\w+…, expected sha256:\w+…\): a page was changed after the load; reload the table; so fifteen questions are searched without them \(slower, the same answers\): load them with npm run precompute -- --tables fifteen\.$/);
  });

  it('are read again when a load completes while the function runs (npm start)', async () => {
    const tableName = await freshTable(client, 'fifteen-later');
    const service = await functionOn(tableName);
    expect(await service.ask()).toMatchObject({ ...LINE, heuristic: 'manhattan and linear conflicts' });
    expect((await service.health()).json.message).toMatch(/The estimates of fifteen cannot be used: fifteen is not loaded/);
    expect(service.log.filter(({ level }) => level === 'ERROR')).toEqual([]); // a table not loaded yet is no fault
    await loadTable(client, fifteenSpec(PARTITION_33333), { tableName, concurrency: 8 });
    service.app.answers.tablesChanged();
    await service.app.answers.estimates.settled();
    expect(await service.ask()).toMatchObject({ ...LINE, heuristic: 'pattern databases 3-3-3-3-3' });
    expect(String((await service.health()).json.message)).not.toMatch(/fifteen/);
  });

  it('so does a missing page', async () => {
    const tableName = await loaded('fifteen-missing');
    await client.send(new DeleteItemCommand({ TableName: tableName, Key: { pk: { S: A_PAGE } } }));
    const service = await functionOn(tableName);
    expect(await service.ask()).toMatchObject({ ...LINE, heuristic: 'manhattan and linear conflicts' });
    expect((await service.health()).json.message).toMatch(/The estimates of fifteen cannot be used: fifteen lacks its page fifteen#tiles-4-7-8#p0000, which its manifest promises; reload the table; so fifteen/);
  });
});

describe("the 15-puzzle's pattern databases in the function's package", () => {
  const folder = mkdtempSync(join(tmpdir(), 'tablebase-packaged-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  let file: string;
  beforeAll(async () => {
    file = packagedArrayFile(folder, 'fifteen');
    writeArrayFile(file, 'fifteen', arraysOfPages((await fifteenSpec(PARTITION_33333).build()) as ArrayPages));
  });

  /** A cold function whose package holds `folder`: nothing is waited for before its first question. */
  function coldFunction(table: string | undefined) {
    const log = memoryLog();
    const app = createAppState(registry, readConfig({ TABLE_NAME: table, DYNAMODB_ENDPOINT: table ? testEndpoint() : undefined }), { log, packagedTables: folder });
    const handler = createHandler(app);
    return { app, log: log.lines, ask: async () => (await call(handler, { path: '/fifteen', query: `board=${BOARD}` })).json as Record<string, unknown>, handler };
  }

  it('answer the first question of a cold function, read from its disk, with no table at all', async () => {
    const service = coldFunction(undefined);
    expect(await service.ask()).toMatchObject({ ...LINE, source: 'search', heuristic: 'pattern databases 3-3-3-3-3' });
    expect(service.log.filter(({ level }) => level === 'ERROR' || level === 'WARN')).toEqual([]);
  });

  it('are used though DynamoDB holds none, and /health names no problem with fifteen', async () => {
    const service = coldFunction(await freshTable(client, 'fifteen-packaged'));
    expect(await service.ask()).toMatchObject({ ...LINE, heuristic: 'pattern databases 3-3-3-3-3' });
    const health = (await call(service.handler, { path: '/health' })).json as Record<string, unknown>;
    expect(String(health.message)).not.toMatch(/fifteen/);
  });

  it('a damaged file is reported and DynamoDB\'s copy read instead; one missing is no fault', async () => {
    const damaged = mkdtempSync(join(tmpdir(), 'tablebase-packaged-damaged-'));
    try {
      const bytes = readFileSync(file);
      bytes[bytes.length - 5] ^= 4;
      writeFileSync(packagedArrayFile(damaged, 'fifteen'), bytes);
      const log = memoryLog();
      const tableName = await loaded('fifteen-package-damaged');
      const app = createAppState(registry, readConfig({ TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint() }), { log, packagedTables: damaged });
      const handler = createHandler(app);
      const first = (await call(handler, { path: '/fifteen', query: `board=${BOARD}` })).json;
      expect(first).toMatchObject({ ...LINE, heuristic: 'manhattan and linear conflicts' });
      expect(log.lines.filter(({ level }) => level === 'ERROR').map(({ error }) => error)).toEqual([expect.stringMatching(/ArrayFileError: The arrays in .*fifteen\.arrays do not match their checksum/)]);
      await app.answers.estimates.settled();
      // another board (the first one's answer is in the function's cache): a SPEC sample, 20 moves
      expect((await call(handler, { path: '/fifteen', query: 'board=6,1,4,8,2,7,10,3,5,13,0,12,14,9,11,15' })).json).toMatchObject({ steps: 20, path: 'uruldllurdldrdlurrdr', heuristic: 'pattern databases 3-3-3-3-3' });
      // a folder without the file: DynamoDB's copy, read at init as ever, and nothing reported
      const quiet = memoryLog();
      const plain = createAppState(registry, readConfig({ TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint() }), { log: quiet, packagedTables: join(damaged, 'nothing-here') });
      await plain.answers.estimates.settled();
      expect((await call(createHandler(plain), { path: '/fifteen', query: `board=${BOARD}` })).json).toMatchObject({ heuristic: 'pattern databases 3-3-3-3-3' });
      expect(quiet.lines.filter(({ level }) => level === 'ERROR')).toEqual([]);
    } finally {
      rmSync(damaged, { recursive: true, force: true });
    }
  });
});
