/**
 * The API's edges, through the handler with no table (every answer searched): a batch holding an
 * answer of the moment is never kept; a repeated parameter, a number written as a string, a board
 * given as rows, a goal that is a malformed board each get a sentence that says so; a body that
 * starts with a byte-order mark is read as if it had none.
 */
import { describe, expect, it } from 'vitest';
import { ANSWER_CACHE } from '../../lambda/cache-control';
import { call } from '../support/function-url';
import { searchOnlyHandler } from '../support/service';

const SAMPLE = '10110/01*11/10111/01001/00000';
const EASY = { from: '12X453786', to: '12345678X' };
/** 30 moves apart: past a search of 10 positions. */
const FAR = { from: '8X7654321', to: '12345678X' };
const json = (path: string, body: unknown) => ({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('a JSON batch', () => {
  const starved = () => searchOnlyHandler({ search: { maxMs: 1000, reserveMs: 0, maxNodes: 10 } });

  it('whose every slot holds for ever is kept a day, refusals included', async () => {
    const batch = await call(starved(), json('/eight', { queries: [EASY, { from: '12X45378', to: '12345678X' }] }));
    expect(batch.json.answers[1]).toMatchObject({ status: 400 });
    expect(batch.headers['cache-control']).toBe(ANSWER_CACHE);
  });

  it('with a slot that gave up (503) is not kept', async () => {
    const batch = await call(starved(), json('/eight', { queries: [EASY, FAR] }));
    expect(batch.status).toBe(200);
    expect(batch.json.answers[0]).toMatchObject({ steps: 2 });
    expect(batch.json.answers[1]).toMatchObject({ status: 503, error: expect.stringMatching(/^Query 2: The search gave up/) });
    expect(batch.headers['cache-control']).toBe('no-store');
  });

  it('with a refusal a load may lift (a goal not loaded yet) is not kept', async () => {
    const batch = await call(searchOnlyHandler(), json('/knights', { queries: [{ board: SAMPLE }, { board: SAMPLE, goal: 'nowhere' }] }));
    expect(batch.json.answers[1]).toMatchObject({ status: 400, error: expect.stringMatching(/no goal named "nowhere"/) });
    expect(batch.headers['cache-control']).toBe('no-store');
  });
});

describe('a query parameter given more than once', () => {
  it('is refused, naming it, whether its values differ or not', async () => {
    for (const query of [`board=${SAMPLE}&board=x`, `board=${SAMPLE}&limit=3&board=${SAMPLE}&board=${SAMPLE}`]) {
      const result = await call(searchOnlyHandler(), { path: '/knights', query });
      expect(result.status).toBe(400);
      expect(result.json.error).toMatch(/^The parameter "board" is given [23] times; a question takes each parameter once\.$/);
    }
    const eight = await call(searchOnlyHandler(), { path: '/eight', query: `from=${EASY.from}&to=${EASY.to}&to=${EASY.to}` });
    expect(eight.json.error).toBe('The parameter "to" is given 2 times; a question takes each parameter once.');
  });

  it('is not looked at by a route that takes no question', async () => {
    expect((await call(searchOnlyHandler(), { path: '/openapi.json', query: 'a=1&a=2' })).status).toBe(200);
  });
});

describe('a number written as a string in JSON', () => {
  it('is refused as a string: the knights limit, alone or in a batch', async () => {
    const handler = searchOnlyHandler();
    const sentence = `"limit" must be a number, not the string "15"; for example {"board": "10110/01*11/10111/01001/00000", "limit": 15}.`;
    const single = await call(handler, json('/knights', { board: SAMPLE, limit: '15' }));
    expect([single.status, single.json.error]).toEqual([400, sentence]);
    const batch = await call(handler, json('/knights', { queries: [{ board: SAMPLE, limit: '15' }] }));
    expect(batch.json.answers[0]).toEqual({ error: `Query 1: ${sentence}`, status: 400 });
    expect((await call(handler, json('/knights', { board: SAMPLE, limit: 'x' }))).json.error).toMatch(/^"limit" must be a number, not the string "x"/);
  });

  it('is read from a query string, where every value is text', async () => {
    expect((await call(searchOnlyHandler(), { path: '/knights', query: `board=${SAMPLE}&limit=15` })).json).toMatchObject({ steps: 7, limit: 15 });
  });

  it('is refused as a string in a 15-puzzle array, saying which cell', async () => {
    const result = await call(searchOnlyHandler(), json('/fifteen', { board: [2, '3', 4, 0, 1, 5, 7, 8, 9, 6, 10, 12, 13, 14, 11, 15] }));
    expect(result.status).toBe(400);
    expect(result.json.error).toMatch(/^"board" has the string "3" in cell 2; in a JSON array every cell is a number/);
  });
});

describe('a 15-puzzle board given as rows', () => {
  it('is told to be one flat list of 16 numbers', async () => {
    const result = await call(searchOnlyHandler(), json('/fifteen', { board: [[2, 3, 4, 0], [1, 5, 7, 8], [9, 6, 10, 12], [13, 14, 11, 15]] }));
    expect(result.status).toBe(400);
    expect(result.json.error).toBe('"board" must be one flat list of 16 numbers, row after row, not a list of rows: [2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15], or text such as "2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15".');
  });
});

describe('a knights goal', () => {
  it('written as a board gets what is wrong with it as a board, and is kept as a refusal that holds', async () => {
    for (const goal of ['11111/01111', '11111 01111', '11111/01*11/00011']) {
      const result = await call(searchOnlyHandler(), { path: '/knights', query: `board=${SAMPLE}&goal=${encodeURIComponent(goal)}` });
      expect(result.status).toBe(400);
      expect(result.json.error).toMatch(/^The goal is not a valid board\. A board has 5 rows of 5 cells; this one has [23] rows\.$/);
      expect(result.headers['cache-control']).toBe(ANSWER_CACHE);
    }
  });

  it('of digits alone may yet be a name loaded later: not kept', async () => {
    const result = await call(searchOnlyHandler(), { path: '/knights', query: `board=${SAMPLE}&goal=0101` });
    expect(result.json.error).toMatch(/^The goal is not a valid board, nor a goal loaded here\. A board has 25 cells/);
    expect(result.headers['cache-control']).toBe('no-store');
  });

  it('written as a name is still looked up by name', async () => {
    const result = await call(searchOnlyHandler(), { path: '/knights', query: `board=${SAMPLE}&goal=my-goal2` });
    expect(result.json.error).toMatch(/^There is no goal named "my-goal2"/);
  });
});

describe('a body starting with a byte-order mark', () => {
  it('is read as if it had none: JSON and judge text', async () => {
    const handler = searchOnlyHandler();
    const single = await call(handler, json('/eight', `\uFEFF${JSON.stringify(EASY)}`));
    expect([single.status, single.json]).toMatchObject([200, { steps: 2, path: 'dd' }]);
    const judge = await call(handler, { method: 'POST', path: '/eight', headers: { 'content-type': 'text/plain' }, body: '\uFEFF1\n12X453786\n12345678X\n' });
    expect(judge.text).toBe('Case 1: 2\ndd\n');
  });
});
