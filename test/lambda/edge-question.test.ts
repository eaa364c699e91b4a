/** The question the public edge writes into the path (`<path>/~<base64url>`), read back by the function. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../core/errors';
import { SEED } from '../../core/seeded';
import { questionFromPath } from '../../lambda/edge-question';
import { requestFromEvent } from '../../lambda/http';
import { BRIEF_CACHE } from '../../lambda/cache-control';
import { functionUrlEvent, lambdaContext } from '../support/function-url';
import { searchOnlyHandler } from '../support/service';

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const QUERY = 'board=10110%2F01%2A11%2F10111%2F01001%2F00000&limit=15';

describe('a question in the path', () => {
  it('becomes the path before /~ and the query it encodes', () => {
    const request = requestFromEvent(functionUrlEvent({ path: `/knights/~${b64(QUERY)}` }));
    expect(request.path).toBe('/knights');
    expect(Object.fromEntries(request.query)).toEqual({ board: '10110/01*11/10111/01001/00000', limit: '15' });
    expect(questionFromPath(`/knights/%7E${b64(QUERY)}`, '')).toEqual({ path: '/knights', query: QUERY }); // ~ encoded on the way
    expect(questionFromPath(`/knights/%7e${b64(QUERY)}`, '')).toEqual({ path: '/knights', query: QUERY });
    expect(questionFromPath('/~', '')).toEqual({ path: '/', query: '' });
  });

  it('leaves every request without one as it came: the IAM URL and the local URL asked directly', () => {
    for (const [path, query] of [['/knights', QUERY], ['/', ''], ['/knights/', 'board=1'], ['/~x/more', 'a=1'], ['/a~b', ''], ['', 'x=1']]) {
      expect(questionFromPath(path, query)).toEqual({ path, query });
    }
    expect(requestFromEvent(functionUrlEvent({ path: '/eight', query: 'from=12X453786&to=12345678X' })).path).toBe('/eight');
  });

  it('reads back any text the edge could write, and no other', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        expect(questionFromPath(`/p/~${b64(text)}`, '')).toEqual({ path: '/p', query: text });
      }),
      { numRuns: 300, seed: SEED },
    );
  });

  it.each([
    ['a character base64url has not', '/knights/~Ym9h=cmQ'],
    ['padding', `/knights/~${Buffer.from('board=1').toString('base64')}`],
    ['standard base64\'s +', '/knights/~a+b'],
    ['a length no encoding has', '/knights/~Ym9hc'],
    ['bits past the last byte', '/knights/~Yn'],
    ['bytes that are not UTF-8', `/knights/~${Buffer.from([0x62, 0xff, 0xfe]).toString('base64url')}`],
  ])('is refused (400) when it holds %s', (_what, path) => {
    expect(() => questionFromPath(path, '')).toThrow(InvalidInputError);
    expect(() => questionFromPath(path, '')).toThrow(/not a query string written in base64url/);
  });

  it('is refused (400) beside a query string', () => {
    expect(() => questionFromPath(`/knights/~${b64(QUERY)}`, 'limit=3')).toThrow(/comes without a query string, and this request has both/);
  });

  it('refused, is a 400 with its sentence, kept as briefly as a path that is not there; to HEAD without a body', async () => {
    const handler = searchOnlyHandler();
    const result = await handler(functionUrlEvent({ path: '/knights/~Ym9hc' }), lambdaContext());
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body!).error).toMatch(/^The question after \/~ in the path is not a query string written in base64url .*\.$/);
    expect(result.headers?.['cache-control']).toBe(BRIEF_CACHE);
    const head = await handler(functionUrlEvent({ path: '/knights/~Ym9hc', method: 'HEAD' }), lambdaContext());
    expect([head.statusCode, head.body]).toEqual([400, '']);
    const both = await handler(functionUrlEvent({ path: `/knights/~${b64(QUERY)}`, query: 'limit=3' }), lambdaContext());
    expect(both.statusCode).toBe(400);
  });
});
