/** The 15-puzzle through the function: JSON, batches, judge text, an unsolvable board, and a board past the request's budget. */
import { describe, expect, it } from 'vitest';
import { call } from '../../support/function-url';
import { searchOnlyHandler } from '../../support/service';

const SAMPLE = '2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15';
const FORTY_TWO = '6,10,8,11,13,1,2,4,5,12,3,15,9,0,14,7';
const handler = searchOnlyHandler();

describe('/fifteen', () => {
  it('answers a board given as text or as an array, with every legal move valued', async () => {
    const got = await call(handler, { path: '/fifteen', query: `board=${SAMPLE}` });
    expect(got).toMatchObject({ status: 200, json: { steps: 9, path: 'llldrdrdr', source: 'search', board: SAMPLE } });
    expect(got.json.moves).toEqual([
      { move: 'd', steps: 10, optimal: false },
      { move: 'l', steps: 8, optimal: true },
    ]);
    expect(got.headers['cache-control']).toMatch(/max-age=\d{5,}/);
    const posted = await call(handler, { method: 'POST', path: '/fifteen', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ board: SAMPLE.split(',').map(Number) }) });
    expect(posted.json).toMatchObject({ steps: 9, path: 'llldrdrdr' });
  });

  it('refuses an unsolvable board at once with a 422 that says why, and a malformed one with a 400', async () => {
    const odd = await call(handler, { path: '/fifteen', query: 'board=2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0' });
    expect(odd).toMatchObject({ status: 422, json: { error: expect.stringMatching(/cannot reach the goal: its 1 inversion .* make an odd number/) } });
    expect(await call(handler, { path: '/fifteen', query: 'board=1,2,3' })).toMatchObject({ status: 400, json: { error: expect.stringMatching(/^"board" has 3 numbers; a board is 16/) } });
    expect(await call(handler, { path: '/fifteen' })).toMatchObject({ status: 400, json: { error: expect.stringMatching(/^GET \/fifteen takes its question as query parameters, and none came; for example \/fifteen\?board=2%2C3/) } });
    expect(await call(handler, { method: 'POST', path: '/fifteen', body: '{}' })).toMatchObject({ status: 400, json: { error: expect.stringMatching(/^"board" is missing; for example/) } });
    expect(await call(handler, { path: '/fifteen', query: `board=${SAMPLE}&limit=3` })).toMatchObject({ status: 400, json: { error: 'Unknown field "limit"; the fields are board.' } });
  });

  it('answers a batch in order, a bad query in its own slot, and judge text as LightOJ prints it', async () => {
    const batch = await call(handler, { method: 'POST', path: '/fifteen', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ queries: [{ board: SAMPLE }, { board: '2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0' }] }) });
    expect(batch.json.answers[0]).toMatchObject({ steps: 9 });
    expect(batch.json.answers[1]).toMatchObject({ status: 422, error: expect.stringMatching(/^Query 2: /) });
    const judged = await call(handler, { method: 'POST', path: '/fifteen', headers: { 'content-type': 'text/plain' }, body: '2\n\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n\n2 1 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n' });
    expect(judged).toMatchObject({ status: 200, text: 'Case 1: LLLDRDRDR\nCase 2: This puzzle is not solvable.\n' });
  });

  it('answers without the moves\' values, and says so, when only proving them would pass the budget; never without the line', async () => {
    // A clock that ticks a millisecond each time it is read: a search reads it once every 1,024
    // positions. The 42-move board's line takes 58,517 positions (57 ticks); its first move is l,
    // and proving r optimal and u not takes passes of 42,996 and 52,815 more (93 ticks), so a
    // 100 ms deadline ends among them.
    let now = 0;
    const tight = searchOnlyHandler({ clock: { now: () => now++ }, search: { maxMs: 100, reserveMs: 0, maxNodes: 1_000_000 } });
    const got = await call(tight, { path: '/fifteen', query: `board=${FORTY_TWO}` });
    expect(got).toMatchObject({ status: 200, json: { steps: 42, path: 'luurrrulddlluruldddruuuldddrrruldruuulddrd', moves: [], movesUnvalued: expect.stringMatching(/^The line is exact, but proving which other moves are not optimal .* npm run solve -- fifteen has no deadline\.$/) } });
  });

  it('gives a board past the request\'s budget a 503 that says how to get its answer', async () => {
    const tiny = searchOnlyHandler({ search: { maxMs: 60_000, reserveMs: 0, maxNodes: 1000 } });
    const got = await call(tiny, { path: '/fifteen', query: `board=${FORTY_TWO}` });
    expect(got).toMatchObject({ status: 503, json: { error: expect.stringMatching(/npm run solve -- fifteen --limit 80 has no deadline and answers it/) } });
  });
});
