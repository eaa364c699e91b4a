/**
 * What a client is sent for a question solved in the background, through the handler, against
 * dynalite, quickly (the solver is a starter of the test's that only takes its jobs): the 202 is
 * never kept by a browser or the edge, and judge text gets its answers (or its refusal) with no
 * background work started for them, as docs/api.md says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppState } from '../../lambda/app-state';
import type { SolveJob } from '../../lambda/background-solves';
import { readConfig } from '../../lambda/config';
import { createHandler } from '../../lambda/handler';
import { registry } from '../../puzzles/registered';
import { freshTable, scanAll, testClient, testEndpoint } from '../support/dynamodb';
import { call } from '../support/function-url';
import { quietLog } from '../support/log';

const client = testClient();
/** Boards past the request's search below (SPEC: 42 and 30 moves; the second within the judge's 35). */
const HARD = '6,10,8,11,13,1,2,4,5,12,3,15,9,0,14,7';
const OTHER = '1,2,7,3,6,13,4,8,14,9,0,15,10,12,5,11';
/** A request's search held to a few thousand positions: each of those boards is past it. */
const SEARCH = { maxMs: 2000, reserveMs: 300, maxNodes: 2000 };

/** A board as judge text writes it: four rows of four. */
const judgeBoard = (board: string) => board.split(',').reduce((rows, tile, i) => rows + tile + (i % 4 === 3 ? '\n' : ' '), '');

const tables: Record<string, string> = {};
beforeAll(async () => {
  await Promise.all(['bg-202', 'bg-judge'].map(async (label) => void (tables[label] = await freshTable(client, label))));
});

function service(label: string) {
  const jobs: SolveJob[] = [];
  const config = readConfig({ TABLE_NAME: tables[label], DYNAMODB_ENDPOINT: testEndpoint(), SOLVER_SLOTS: '2', POWERTOOLS_LOG_LEVEL: 'SILENT' });
  const handler = createHandler(createAppState(registry, config, { log: quietLog(), search: SEARCH, solveStarter: { solveMs: 60_000, start: async (job) => void jobs.push(job) } }));
  return { jobs, handler, ask: (board: string) => call(handler, { path: '/fifteen', query: `board=${board}` }) };
}

describe('a 202', () => {
  it('is sent no-store, with where and how soon to ask again, at the first ask and the next', async () => {
    const { jobs, ask } = service('bg-202');
    for (let i = 0; i < 2; i++) {
      const solving = await ask(HARD);
      expect(solving.status).toBe(202);
      expect(solving.headers).toMatchObject({ 'cache-control': 'no-store', location: `/fifteen?board=${HARD}`, 'retry-after': '5' });
      expect(solving.json).toMatchObject({ status: 'solving' });
    }
    expect(jobs).toHaveLength(1);
  });
});

describe('judge text', () => {
  it('gets its answers without background work: a board past the search is refused as the search left it, and no solve is started or claimed', async () => {
    const { jobs, handler, ask } = service('bg-judge');
    const judged = await call(handler, { method: 'POST', path: '/fifteen', headers: { 'content-type': 'text/plain' }, body: `1\n\n${judgeBoard(OTHER)}` });
    expect(judged.status).toBe(503);
    expect(judged.headers['cache-control']).toBe('no-store');
    expect(jobs).toEqual([]);
    expect(await scanAll(client, tables['bg-judge'], 'solve#')).toEqual([]);
    // asked alone as JSON, the same board starts its solve now
    const alone = await ask(OTHER);
    expect(alone.status).toBe(202);
    expect(alone.json).toMatchObject({ status: 'solving', seconds: 0 });
    expect(jobs).toHaveLength(1);
  });
});

afterAll(() => client.destroy());
