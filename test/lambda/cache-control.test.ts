/** Which responses may be kept, and how long: every status of every route, on the handler. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SEED } from '../../core/seeded';
import { ANSWER_CACHE, BRIEF_CACHE, NO_STORE, STATS_CACHE } from '../../lambda/cache-control';
import { resultFromResponse } from '../../lambda/http';
import { type EventSpec, call, functionUrlEvent, lambdaContext } from '../support/function-url';
import { searchOnlyHandler } from '../support/service';

const SAMPLE = '10110/01*11/10111/01001/00000';
const FAR = '01011/110*1/01110/01010/00100';
const handler = searchOnlyHandler();
const starved = searchOnlyHandler({ search: { maxMs: 1000, reserveMs: 0, maxNodes: 10 } });
const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

describe('Cache-Control', () => {
  it.each<[string, EventSpec, number, string]>([
    ['a knights answer', { path: '/knights', query: `board=${SAMPLE}` }, 200, ANSWER_CACHE],
    ['an eight answer', { path: '/eight', query: 'from=12X453786&to=12345678X' }, 200, ANSWER_CACHE],
    ['a judge answer', { path: '/eight', method: 'POST', body: '1\n12X453786\n12345678X\n', headers: { 'content-type': 'text/plain' } }, 200, ANSWER_CACHE],
    ['a malformed board', { path: '/knights', query: 'board=123' }, 400, ANSWER_CACHE],
    ['a limit no table could allow', { path: '/knights', query: `board=${SAMPLE}&limit=64` }, 400, ANSWER_CACHE],
    ['a limit that is not a number', { path: '/knights', query: `board=${SAMPLE}&limit=deep` }, 400, ANSWER_CACHE],
    ['a body too large', { path: '/knights', ...json({ board: 'x'.repeat(1024 * 1024) }) }, 413, ANSWER_CACHE],
    ['an unreachable eight pair', { path: '/eight', query: 'from=12345678X&to=12345687X' }, 422, ANSWER_CACHE],
    ['a goal not loaded (yet)', { path: '/knights', query: `board=${SAMPLE}&goal=mine` }, 400, NO_STORE],
    ['a limit only a whole table allows', { path: '/knights', query: `board=${SAMPLE}&limit=45` }, 400, NO_STORE],
    ['/health, degraded without a table', { path: '/health' }, 503, NO_STORE],
    ['/stats', { path: '/stats' }, 200, STATS_CACHE],
    ['the page', { path: '/' }, 200, BRIEF_CACHE],
    ['the icon the page does not have', { path: '/favicon.ico' }, 204, BRIEF_CACHE],
    ['an unknown path', { path: '/chess' }, 404, BRIEF_CACHE],
    ['a wrong method', { path: '/knights', method: 'PATCH' }, 405, BRIEF_CACHE],
    ['a body on /stats too large', { path: '/stats', method: 'GET', body: 'x'.repeat(1024 * 1024 + 1), headers: { 'content-type': 'text/plain' } }, 413, BRIEF_CACHE],
  ])('%s', async (_what, spec, status, cacheControl) => {
    const result = await call(handler, spec);
    expect(result.status).toBe(status);
    expect(result.headers['cache-control']).toBe(cacheControl);
  });

  it('is the same for HEAD as for GET', async () => {
    for (const path of ['/health', '/stats', '/']) {
      const head = await handler(functionUrlEvent({ path, method: 'HEAD' }), lambdaContext());
      const get = await call(handler, { path });
      expect(head.headers?.['cache-control']).toBe(get.headers['cache-control']);
    }
  });

  it('is no-store on a 503, when the search gave up', async () => {
    const result = await call(starved, { path: '/knights', query: `board=${FAR}&limit=39` });
    expect(result.status).toBe(503);
    expect(result.headers['cache-control']).toBe(NO_STORE);
  });

  it('explains a limit refused for now', async () => {
    const { json: body } = await call(handler, { path: '/knights', query: `board=${SAMPLE}&limit=45` });
    expect(body.error).toBe('The limit must be a whole number of moves from 0 to 39; got "45". A goal accepts limits past 39 once its whole table is loaded, up to its true depth.');
  });

  // The edge's managed cache policy (Free and Pro plans) keeps a response without Cache-Control a day.
  it('is on every response, whatever the request, so the edge\'s default TTL never applies', async () => {
    const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'OPTIONS');
    const path = fc.oneof(fc.constantFrom('/', '/knights', '/eight', '/fifteen', '/health', '/stats', '/openapi.json', '/nowhere', '/knights/~Ym9hc', '/eight/~'), fc.string({ maxLength: 12 }).map((text) => `/${text}`));
    const query = fc.oneof(fc.constant(''), fc.constantFrom(`board=${SAMPLE}`, 'board=1', 'from=12X453786&to=12345678X', 'limit=x'));
    await fc.assert(
      fc.asyncProperty(method, path, query, async (m, p, q) => {
        const result = await handler(functionUrlEvent({ method: m, path: p, query: q }), lambdaContext());
        expect(result.headers?.['cache-control'], `${m} ${p}?${q}`).toMatch(/^(public, max-age=\d+|no-store)$/);
      }),
      { numRuns: 200, seed: SEED },
    );
    // a response's own header replaces the default, never removes it
    expect(resultFromResponse({ status: 200, body: {} }).headers?.['cache-control']).toBe(NO_STORE);
    expect(resultFromResponse({ status: 200, body: {}, headers: { 'cache-control': '' } }, ANSWER_CACHE).headers?.['cache-control']).toBe(ANSWER_CACHE);
    expect(resultFromResponse({ status: 200, body: {}, headers: { 'cache-control': 'private' } }, ANSWER_CACHE).headers?.['cache-control']).toBe('private');
  });
});
