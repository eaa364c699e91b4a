/**
 * A goal of someone's own, loaded with its name: answered from its table exactly, by name and by
 * board, learnt from the catalogue while the function runs, and refused when its name is taken.
 */
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../../core/clock';
import { formatKnightsBoard } from '../../../puzzles/knights/rules/board';
import { knightsMovesBySearch } from '../../../puzzles/knights/rules/move-values';
import { searchKnights } from '../../../puzzles/knights/rules/search';
import { searchBudget } from '../../support/search-budget';
import { buildKnightsBfsTable } from '../../../puzzles/knights/rules/bfs-table';
import { createAppState } from '../../../lambda/app-state';
import { readConfig } from '../../../lambda/config';
import { type FunctionUrlHandler, createHandler } from '../../../lambda/handler';
import { MAX_GOALS } from '../../../puzzles/knights/loaded-goals';
import { knightsSpec } from '../../../puzzles/knights/offline/loads';
import { knightsBoardArbitrary, knightsWalkArbitrary } from '../../../puzzles/knights/seeded-inputs';
import { samples } from '../../../core/seeded';
import { CatalogFullError } from '../../../store/catalog-listing';
import { GoalConflictError } from '../../../store/load-errors';
import { loadTable } from '../../../store/loader';
import { CATALOG_ATTRIBUTE, CATALOG_KEY, catalogCountAttribute, catalogEntryValue, readCatalog } from '../../../store/catalog';
import { freshTable, testClient, testEndpoint } from '../../support/dynamodb';
import { call } from '../../support/function-url';
import { quietLog } from '../../support/log';
import { builtOnce } from '../../support/small-tables';
import { registry } from '../../../puzzles/registered';

const client = testClient();
/** Boards no code mentions: drawn at random, with the tests' seed. */
const [OWN, OTHER, LATER] = samples(knightsBoardArbitrary, 3, 77);
const DEPTH = 8;
const TTL_MS = 60_000;

function fakeClock(): Clock & { advance(ms: number): void } {
  let now = 1_000;
  return { now: () => now, advance: (ms) => (now += ms) };
}

/** The function on `table`, on its own clock, counting its reads of the catalogue. */
function functionOn(table: string, clock: Clock = fakeClock()) {
  const app = createAppState(registry, readConfig({ TABLE_NAME: table, DYNAMODB_ENDPOINT: testEndpoint() }), { log: quietLog(), clock, manifestTtlMs: TTL_MS });
  const reads = { catalog: 0 };
  app.store!['client'].middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as { Key?: { pk?: { S?: string } } };
      if (input.Key?.pk?.S === CATALOG_KEY) reads.catalog++;
      return next(args);
    },
    { step: 'initialize' },
  );
  return { handler: createHandler(app) as FunctionUrlHandler, reads };
}

let tableName: string;

beforeAll(async () => {
  tableName = await freshTable(client, 'own-goals');
  await loadTable(client, knightsSpec('standard', DEPTH), { tableName, concurrency: 8 });
  await loadTable(client, knightsSpec('mine', DEPTH, OWN), { tableName, concurrency: 8 });
});

describe('a goal loaded with --goal NAME=BOARD', () => {
  it('answers from its table exactly, lex-min line and every move, by name and by board', async () => {
    const budget = searchBudget(40);
    const { handler } = functionOn(tableName);
    const goal = { name: undefined, board: OWN };
    for (const board of samples(knightsWalkArbitrary(OWN, DEPTH + 2), 12, 5)) {
      const truth = searchKnights({ board, goal, limit: DEPTH }, budget);
      const moves = knightsMovesBySearch({ board, goal, limit: DEPTH }, truth, budget);
      for (const asked of ['mine', formatKnightsBoard(OWN)]) {
        const { status, json } = await call(handler, { path: '/knights', query: new URLSearchParams({ board, goal: asked, limit: String(DEPTH) }).toString() });
        expect(status).toBe(200);
        expect(json).toMatchObject({ steps: truth.steps, path: [...truth.path], source: 'table', goal: 'mine' });
        expect(json.moves).toEqual(moves.map(({ move, steps, optimal }) => ({ move, steps, optimal })));
      }
    }
  });

  it('is listed by /stats and /health with its name, board, limits and the BFS levels', async () => {
    const { handler } = functionOn(tableName);
    const stats = (await call(handler, { path: '/stats' })).json;
    // the goal's table right after the standard goal's, then every other puzzle's as registered
    const others = registry.tablesOf(new Map()).map(({ table }) => table).filter((table) => table !== 'knights#standard');
    expect(Object.keys(stats.tables)).toEqual(['knights#standard', 'knights#mine', ...others]);
    expect(stats.tables['knights#mine']).toMatchObject({
      state: 'loaded',
      puzzle: 'knights',
      goalName: 'mine',
      goal: formatKnightsBoard(OWN),
      depth: DEPTH,
      whole: false,
      maxLimit: 39,
      levels: [...buildKnightsBfsTable({ name: 'mine', board: OWN }, DEPTH).bfs.levels],
    });
    expect(stats.tables['knights#mine'].farthest[0]).toMatchObject({ goal: formatKnightsBoard(OWN), steps: DEPTH });
    const health = (await call(handler, { path: '/health' })).json;
    expect(health.tables['knights#mine']).toMatchObject({ state: 'loaded', goalName: 'mine', goal: formatKnightsBoard(OWN) });
  });

  it('refuses a goal name nobody loaded with a 400 that lists the loaded goals', async () => {
    const { handler } = functionOn(tableName);
    const { status, json } = await call(handler, { path: '/knights', query: `board=${formatKnightsBoard(OWN)}&goal=unknown` });
    expect(status).toBe(400);
    expect(json.error).toBe('There is no goal named "unknown": the goals loaded are standard, mine; or give the goal as a board.');
  });

  it('is learnt while the function runs, with one read of the catalogue per manifest period', async () => {
    const later = await freshTable(client, 'own-goals-later');
    const clock = fakeClock();
    const { handler, reads } = functionOn(later, clock);
    const ask = async () => (await call(handler, { path: '/knights', query: `board=${formatKnightsBoard(LATER)}&goal=${encodeURIComponent(formatKnightsBoard(LATER))}&limit=0` })).json;
    expect(await ask()).toMatchObject({ steps: 0, source: 'search' });
    const byName = await call(handler, { path: '/knights', query: `board=${formatKnightsBoard(LATER)}&goal=later` });
    expect(byName.status).toBe(400);
    await loadTable(client, knightsSpec('later', 2, LATER), { tableName: later, concurrency: 8 });
    // The catalogue read while the function initialised (before the counter) serves the period.
    for (let i = 0; i < 20; i++) await ask();
    expect(reads.catalog).toBe(0);
    clock.advance(TTL_MS + 1);
    // the same questions, asked before by board and answered by search, now from the table
    expect(await ask()).toMatchObject({ steps: 0, source: 'table', goal: 'later' });
    const byNameNow = await call(handler, { path: '/knights', query: `board=${formatKnightsBoard(LATER)}&goal=later` });
    expect(byNameNow.json).toMatchObject({ steps: 0, source: 'table', goal: 'later' });
    for (let i = 0; i < 20; i++) await ask();
    expect(reads.catalog).toBe(1);
  });
});

describe('an answer found by search while its table was not loaded', () => {
  it('is kept for one manifest period only, so that the table answers it once it is loaded', async () => {
    const table = await freshTable(client, 'own-goals-ttl');
    const clock = fakeClock();
    const { handler } = functionOn(table, clock);
    const ask = async () => (await call(handler, { path: '/knights', query: `board=${formatKnightsBoard(OWN)}&goal=standard&limit=2` })).json;
    expect(await ask()).toMatchObject({ steps: -1, source: 'search', cached: false });
    await loadTable(client, knightsSpec('standard', 2), { tableName: table, concurrency: 8 });
    expect(await ask()).toMatchObject({ steps: -1, source: 'search', cached: true });
    clock.advance(TTL_MS + 1);
    expect(await ask()).toMatchObject({ steps: -1, source: 'table', cached: false });
    clock.advance(10 * TTL_MS);
    expect(await ask()).toMatchObject({ source: 'table', cached: true }); // a table's answer is kept
  });
});

describe('when the table cannot be read', () => {
  it('answers the built-in goal by search, and says a goal of one\'s own cannot be told now (503)', async () => {
    const app = createAppState(registry, readConfig({ TABLE_NAME: 'nowhere', DYNAMODB_ENDPOINT: 'http://127.0.0.1:9' }), { log: quietLog() });
    const handler = createHandler(app);
    const standard = await call(handler, { path: '/knights', query: `board=${formatKnightsBoard(OWN)}&limit=3` });
    expect(standard).toMatchObject({ status: 200, json: { steps: -1, source: 'search' } });
    const own = await call(handler, { path: '/knights', query: `board=${formatKnightsBoard(OWN)}&goal=mine` });
    expect(own.status).toBe(503);
    expect(own.json.error).toBe('"mine" is not a built-in goal, and the loaded goals cannot be read now; try again shortly.');
  });
});

describe('with no table configured', () => {
  it('knows there is no goal of one\'s own: a name that is not built in is refused (4xx), not "cannot be told now"', async () => {
    const handler = createHandler(createAppState(registry, readConfig({}), { log: quietLog() }));
    const own = await call(handler, { path: '/knights', query: `board=${formatKnightsBoard(OWN)}&goal=mine` });
    expect(own.status).toBeGreaterThanOrEqual(400);
    expect(own.status).toBeLessThan(500);
    expect(own.json.error).toMatch(/^There is no goal named "mine": the goals loaded are standard/);
  });
});

describe('loading a goal', () => {
  it('refuses a name used for another board, naming both, unless forced', async () => {
    const table = await freshTable(client, 'own-goals-conflict');
    await loadTable(client, knightsSpec('taken', 1, OWN), { tableName: table, concurrency: 8 });
    const taken = builtOnce(knightsSpec('taken', 1, OTHER));
    const again = loadTable(client, taken, { tableName: table, concurrency: 8 });
    await expect(again).rejects.toThrow(GoalConflictError);
    await expect(again).rejects.toMatchObject({ name: 'GoalConflictError' });
    await expect(again).rejects.toThrow(`knights#taken already holds the goal ${formatKnightsBoard(OWN)}, not ${formatKnightsBoard(OTHER)}; load this goal under another name, or run again with --force to replace it.`);
    const forced = await loadTable(client, taken, { tableName: table, concurrency: 8, force: true });
    expect(forced.manifest.goal).toBe(formatKnightsBoard(OTHER));
    const { Item } = await client.send(new GetItemCommand({ TableName: table, Key: { pk: { S: CATALOG_KEY } }, ConsistentRead: true }));
    expect(readCatalog(Item).get('knights#taken')).toEqual({ goal: formatKnightsBoard(OTHER), whole: false, depth: 1 });
  });

  it(`refuses a goal past the ${MAX_GOALS} the catalogue holds, and takes one of those again`, async () => {
    const table = await freshTable(client, 'own-goals-full');
    const entries = Object.fromEntries(Array.from({ length: MAX_GOALS - 1 }, (_, i) => [`knights#g${i}`, catalogEntryValue({ goal: formatKnightsBoard(OWN), whole: false, depth: 0 })]));
    await client.send(new PutItemCommand({ TableName: table, Item: { pk: { S: CATALOG_KEY }, [CATALOG_ATTRIBUTE]: { M: entries } } }));
    await expect(loadTable(client, knightsSpec('one-more', 0, OTHER), { tableName: table, concurrency: 8 })).rejects.toThrow(CatalogFullError);
    await expect(loadTable(client, knightsSpec('one-more', 0, OTHER), { tableName: table, concurrency: 8 })).rejects.toMatchObject({ name: 'CatalogFullError' });
    await expect(loadTable(client, knightsSpec('one-more', 0, OTHER), { tableName: table, concurrency: 8 })).rejects.toThrow(
      `The table already serves ${MAX_GOALS} knights goals, the most it can (${MAX_GOALS}); one-more was not loaded.`,
    );
    const reused = await loadTable(client, knightsSpec('g5', 0, OWN), { tableName: table, concurrency: 8 });
    expect(reused.status).toBe('loaded');
  });

  it('keeps the bound when loads race for the last place: the listing itself is conditional on the count', async () => {
    const table = await freshTable(client, 'own-goals-race');
    // what another load's listing left, between this load's first look and its end
    await client.send(new PutItemCommand({ TableName: table, Item: { pk: { S: CATALOG_KEY }, [CATALOG_ATTRIBUTE]: { M: {} }, [catalogCountAttribute('knights')]: { N: String(MAX_GOALS) } } }));
    await expect(loadTable(client, knightsSpec('late', 0, OTHER), { tableName: table, concurrency: 8 })).rejects.toThrow(
      `The table already lists ${MAX_GOALS} knights tables, the most it serves; knights#late was loaded but is not listed. Reuse a name with --force to replace one.`,
    );
    const fresh = await freshTable(client, 'own-goals-count');
    const one = builtOnce(knightsSpec('one', 0, OWN));
    await loadTable(client, one, { tableName: fresh, concurrency: 8 });
    await loadTable(client, one, { tableName: fresh, concurrency: 8 }); // listed already: not counted twice
    await loadTable(client, knightsSpec('two', 0, OTHER), { tableName: fresh, concurrency: 8 });
    const { Item } = await client.send(new GetItemCommand({ TableName: fresh, Key: { pk: { S: CATALOG_KEY } }, ConsistentRead: true }));
    expect(Item?.[catalogCountAttribute('knights')]).toEqual({ N: '2' });
  });
});
