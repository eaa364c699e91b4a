/**
 * The edge's viewer-request function (lib/edge-query.ts), run as its very code text on events
 * shaped as CloudFront Functions give them (querystring: name -> { value, multiValue }), and what
 * it forwards run through the function's own handler.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED } from '../../core/seeded';
import { normaliseQueryCode, queryFieldsByPath } from '../../lib/edge-query';
import { eightBoardArbitrary } from '../../puzzles/eight/seeded-inputs';
import { knightsBoardArbitrary } from '../../puzzles/knights/seeded-inputs';
import { canonicalUrl, encodeRfc3986 } from '../../scripts/function-url-signing';
import { functionUrlEvent, lambdaContext } from '../support/function-url';
import { searchOnlyHandler } from '../support/service';
import { registry } from '../../puzzles/registered';
import { registry as threePuzzles } from '../support/three-puzzles';

const FIELDS = queryFieldsByPath(registry.PUZZLES);
const CODE = normaliseQueryCode(FIELDS);

type QueryString = Record<string, { value: string; multiValue?: { value: string }[] }>;
interface CloudFrontRequest {
  method: string;
  uri: string;
  querystring: QueryString;
  headers: Record<string, { value: string }>;
}
const { handler, base64url } = new Function(`${CODE}\nreturn { handler: handler, base64url: base64url };`)() as {
  handler: (event: { request: CloudFrontRequest }) => CloudFrontRequest;
  base64url: (ascii: string) => string;
};

/**
 * The request the function forwards for `target`, its values handed over as they came (`raw`) or
 * decoded: which of the two CloudFront gives is not documented, and either must come out the same.
 */
function forwarded(target: string, values: 'raw' | 'decoded' = 'raw', method = 'GET', headers: Record<string, { value: string }> = {}): CloudFrontRequest {
  const [uri, query = ''] = target.split(/\?(.*)/s);
  const querystring: QueryString = {};
  for (const part of query.split('&').filter(Boolean)) {
    const [name, value = ''] = part.split(/=(.*)/s);
    const seen = values === 'raw' ? value : decodeURIComponent(value.replaceAll('+', ' '));
    if (querystring[name]) querystring[name].multiValue = [...(querystring[name].multiValue ?? [{ value: querystring[name].value }]), { value: seen }];
    else querystring[name] = { value: seen };
  }
  return handler({ request: { method, uri, querystring, headers: { ...headers } } });
}

/** The question the function wrote into the path ('' when none), after checking that it left no query string. */
function edge(target: string, values: 'raw' | 'decoded' = 'raw'): string {
  const request = forwarded(target, values);
  expect(request.querystring).toEqual({});
  const token = /\/~([A-Za-z0-9_-]*)$/.exec(request.uri)?.[1];
  return token === undefined ? '' : Buffer.from(token, 'base64url').toString('latin1');
}

const KNIGHTS_SAMPLE = '10110/01*11/10111/01001/00000';

describe('the query the edge keeps', () => {
  it('is each puzzle\'s own fields from the registry, sorted', () => {
    expect(queryFieldsByPath(threePuzzles.PUZZLES)).toEqual({ '/knights': ['board', 'goal', 'limit'], '/eight': ['from', 'to'], '/fifteen': ['board'] });
    // the service's: a path for every registered puzzle, in its order
    expect(Object.keys(FIELDS)).toEqual(registry.PUZZLES.map((puzzle) => `/${puzzle.name}`));
  });

  it('encodes a query sent raw as the signature does, so raw and encoded are one path', () => {
    const encoded = `board=${encodeURIComponent(KNIGHTS_SAMPLE)}&limit=15`; // %2F, and * left as it is
    const signed = `board=10110%2F01%2A11%2F10111%2F01001%2F00000&limit=15`;
    for (const values of ['raw', 'decoded'] as const) {
      expect(edge(`/knights?board=${KNIGHTS_SAMPLE}&limit=15`, values)).toBe(signed);
      expect(edge(`/knights?${encoded}`, values)).toBe(signed);
      expect(edge(`/knights?${signed}`, values)).toBe(signed);
      expect(edge(`/knights?${new URLSearchParams({ board: KNIGHTS_SAMPLE, limit: '15' })}`, values)).toBe(signed);
    }
    // what npm run ask sends (scripts/function-url-signing.ts) for the same fields in the same order
    expect(new URL(canonicalUrl(new URL(`https://example.com/knights?board=${KNIGHTS_SAMPLE}&limit=15`))).search).toBe(`?${signed}`);
  });

  it('puts the fields in order, keeps every value of a repeated one (which the function refuses), and drops what no puzzle asks', () => {
    expect(edge('/knights?limit=9&utm_source=x&goal=standard&board=1*111/01111/00111/00001/00000&board=x&_=123')).toBe('board=1%2A111%2F01111%2F00111%2F00001%2F00000&board=x&goal=standard&limit=9');
    expect(edge('/eight?to=12345678X&from=12X453786&limit=3')).toBe('from=12X453786&to=12345678X');
    expect(edge('/fifteen?board=2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15')).toBe('board=2%2C3%2C4%2C0%2C1%2C5%2C7%2C8%2C9%2C6%2C10%2C12%2C13%2C14%2C11%2C15');
    expect(edge('/fifteen?board=2+3+4+0/1%205%207%208')).toBe('board=2%203%204%200%2F1%205%207%208'); // + is a space, as URLSearchParams reads it
    expect(edge('/knights?board=')).toBe('board=');
    expect(edge('/knights?bad=%E0%A4%A')).toBe('');
    expect(edge('/knights?board=%E0%A4%A')).toBe('board=%25E0%25A4%25A'); // what does not decode stays as it came, encoded once
  });

  it('changes no field\'s value as the function reads it, however the value was written', () => {
    const field = fc.string({ unit: 'grapheme', maxLength: 30 });
    const writing = fc.constantFrom(
      (text: string) => encodeURIComponent(text),
      (text: string) => new URLSearchParams({ v: text }).toString().slice(2),
      (text: string) => encodeRfc3986(text),
    );
    fc.assert(
      fc.property(field, field, writing, writing, (from, to, first, second) => {
        const a = edge(`/eight?from=${first(from)}&to=${second(to)}`);
        expect(a).toBe(edge(`/eight?to=${first(to)}&from=${second(from)}`));
        // Handed decoded values, the function cannot tell a + it should keep from one meaning a space,
        // nor a decoded % from an escape: no puzzle's field holds either.
        if (!/[+%]/.test(from + to)) expect(a).toBe(edge(`/eight?from=${first(from)}&to=${second(to)}`, 'decoded'));
        const read = new URLSearchParams(a);
        expect([read.get('from'), read.get('to')]).toEqual([from, to]);
        expect(a).toMatch(/^from=[A-Za-z0-9\-_.~%]*&to=[A-Za-z0-9\-_.~%]*$/);
      }),
      { numRuns: 300, seed: SEED },
    );
  });
});

describe('the path the edge forwards', () => {
  it('is the puzzle\'s path, /~ and the kept query in base64url without padding, with no query string left', () => {
    const request = forwarded(`/knights?limit=15&board=${KNIGHTS_SAMPLE}`);
    const signed = 'board=10110%2F01%2A11%2F10111%2F01001%2F00000&limit=15';
    expect(request.uri).toBe(`/knights/~${Buffer.from(signed).toString('base64url')}`);
    expect(request.uri).toMatch(/^\/knights\/~[A-Za-z0-9_-]+$/);
    expect(request.querystring).toEqual({});
    expect(forwarded(`/knights/?board=${KNIGHTS_SAMPLE}`).uri).toBe(forwarded(`/knights?board=${KNIGHTS_SAMPLE}`).uri); // the function routes /knights/ as /knights
  });

  it('writes base64url as Node does, for every length and every ASCII character', () => {
    expect(base64url('')).toBe('');
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 80 }), (text) => {
        expect(base64url(text)).toBe(Buffer.from(text, 'latin1').toString('base64url'));
      }),
      { numRuns: 500, seed: SEED },
    );
  });

  it('stays as it came, its query emptied, where no puzzle\'s field is kept: the page, /health, /stats, /openapi.json, paths that are not there', () => {
    for (const path of ['/', '/health', '/stats', '/openapi.json', '/favicon.ico', '/nowhere', '/constructor', '/__proto__']) {
      const request = forwarded(`${path}?board=${KNIGHTS_SAMPLE}&from=12X453786&x=1`);
      expect([request.uri, request.querystring], path).toEqual([path, {}]);
    }
    // a question a viewer wrote into the path itself is dropped: no token but the function's own makes a cache key
    const own = forwarded(`/knights?board=${KNIGHTS_SAMPLE}`).uri;
    expect(forwarded(`${own}`)).toMatchObject({ uri: '/knights', querystring: {} });
    expect(forwarded(`/knights/~${Buffer.from('goal=x&board=1&limit=3').toString('base64url')}?board=${KNIGHTS_SAMPLE}`).uri).toBe(own);
    expect(forwarded('/~abc').uri).toBe('/');
    // a value no URL can carry (a lone surrogate, should CloudFront hand the function one) is dropped, not an edge error
    const lone = handler({ request: { method: 'GET', uri: '/knights', querystring: { board: { value: '\ud800' }, limit: { value: '9' } }, headers: {} } });
    expect(lone.uri).toBe(`/knights/~${Buffer.from('limit=9').toString('base64url')}`);
    // a puzzle's path asked none of its own fields
    for (const target of ['/knights?utm_source=x&from=1', '/knights/?x=1', '/eight?board=1', '/fifteen']) {
      const request = forwarded(target);
      expect([request.uri, request.querystring], target).toEqual([target.split('?')[0], {}]);
    }
  });

  it('drops the viewer\'s Origin from GET and HEAD (the managed cache policy keys on it), not from other methods', () => {
    const origin = { origin: { value: 'https://example.com' }, accept: { value: '*/*' } };
    for (const method of ['GET', 'HEAD']) expect(forwarded(`/knights?board=${KNIGHTS_SAMPLE}`, 'raw', method, origin).headers).toEqual({ accept: { value: '*/*' } });
    expect(forwarded('/health', 'raw', 'GET', origin).headers).toEqual({ accept: { value: '*/*' } });
    expect(forwarded('/knights', 'raw', 'POST', origin).headers).toEqual(origin);
  });

  it('is one for every way of writing one question (extra, reordered fields, raw or encoded), another for another question, and another for a repeated field', () => {
    const knights = fc.tuple(knightsBoardArbitrary.map((board) => board.match(/.{5}/g)!.join('/')), fc.nat(20), fc.constantFrom(undefined, 'standard'));
    const junk = fc.array(fc.tuple(fc.constantFrom('utm_source', 'x', '_', 'from', 'to', 'limit2'), fc.string({ unit: 'grapheme-ascii', maxLength: 8 })), { maxLength: 3 });
    const write = fc.constantFrom(
      (text: string) => text,
      (text: string) => encodeURIComponent(text),
      (text: string) => encodeRfc3986(text),
      (text: string) => new URLSearchParams({ v: text }).toString().slice(2),
    );
    fc.assert(
      fc.property(knights, knights, junk, write, fc.boolean(), fc.boolean(), ([board, limit, goal], other, extra, encode, reverse, repeat) => {
        const fields: [string, string][] = [['board', board], ['limit', String(limit)], ...(goal ? [['goal', goal] as [string, string]] : [])];
        const plain = `/knights?${fields.map(([name, value]) => `${name}=${encodeRfc3986(value)}`).join('&')}`;
        const parts = [...fields, ...(repeat ? [['board', '00000/00000/00000/00000/0000*'] as [string, string]] : []), ...extra].map(([name, value]) => `${name}=${encode(value)}`);
        const written = `/knights?${(reverse ? parts.reverse() : parts).join('&')}`;
        if (!repeat) expect(forwarded(written).uri).toBe(forwarded(plain).uri);
        else expect(forwarded(written).uri).not.toBe(forwarded(plain).uri);
        expect(forwarded(written).querystring).toEqual({});
        const [otherBoard, otherLimit, otherGoal] = other;
        const same = otherBoard === board && otherLimit === limit && otherGoal === goal;
        const another = `/knights?board=${encode(otherBoard)}&limit=${otherLimit}${otherGoal ? `&goal=${otherGoal}` : ''}`;
        expect(forwarded(another).uri === forwarded(plain).uri).toBe(same);
      }),
      { numRuns: 300, seed: SEED },
    );
  });

  it('is plain ES5, which every CloudFront Functions runtime runs', () => {
    expect(CODE).not.toMatch(/=>|\blet\b|\bconst\b|`|\.\.\./);
    expect(CODE).toMatch(/^function handler\(event\)/m);
  });
});

describe('what the edge forwards, answered by the function', () => {
  /**
   * The function's result for what the edge forwards of `written` (its path, no query string),
   * and for `plain`, the same question asked directly with its query string. Each on a function of
   * its own, so that both are first asks.
   */
  async function bothWays(written: string, plain: string) {
    const [path, query] = plain.split(/\?(.*)/s);
    const direct = await searchOnlyHandler()(functionUrlEvent({ path, query }), lambdaContext());
    const throughEdge = await searchOnlyHandler()(functionUrlEvent({ path: forwarded(written).uri }), lambdaContext());
    return { direct, throughEdge };
  }

  it.each([
    [`/knights?board=${KNIGHTS_SAMPLE}`, `/knights?board=${KNIGHTS_SAMPLE}`],
    [`/knights?limit=9&utm_source=x&board=${encodeURIComponent(KNIGHTS_SAMPLE)}`, `/knights?board=${KNIGHTS_SAMPLE}&limit=9`],
    // a repeated parameter: refused alike (400), not one of its values chosen
    [`/knights?limit=9&utm_source=x&board=${encodeURIComponent(KNIGHTS_SAMPLE)}&board=x`, `/knights?board=${KNIGHTS_SAMPLE}&board=x&limit=9`],
    ['/knights?board=123&_=1', '/knights?board=123'],
    [`/knights?goal=mine&board=${KNIGHTS_SAMPLE}`, `/knights?board=${KNIGHTS_SAMPLE}&goal=mine`],
    ['/eight?to=12345678X&from=12X453786&limit=3', '/eight?from=12X453786&to=12345678X'],
    ['/eight?from=12345678X&to=12345687X', '/eight?from=12345678X&to=12345687X'],
    ['/fifteen?board=1+2+3+4/5+6+7+8/9+10+11+12/13+14+0+15', '/fifteen?board=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15'],
    ['/knights/?x=1', '/knights'],
    ['/health?x=1', '/health'],
    ['/stats?board=1', '/stats'],
  ])('gets the answer of the question asked directly: %s', async (written, plain) => {
    const { direct, throughEdge } = await bothWays(written, plain);
    expect(throughEdge.statusCode).toBe(direct.statusCode);
    expect(throughEdge.headers?.['cache-control']).toBe(direct.headers?.['cache-control']);
    expect(JSON.parse(throughEdge.body!)).toEqual(JSON.parse(direct.body!));
  });

  it('gets the answer of the question asked directly, however it was written, for any question', async () => {
    const write = fc.constantFrom((text: string) => text, (text: string) => encodeURIComponent(text), (text: string) => encodeRfc3986(text));
    const question = fc.oneof(
      fc.tuple(knightsBoardArbitrary.map((board) => board.match(/.{5}/g)!.join('/')), fc.nat(6), write).map(([board, limit, encode]) => [
        `/knights?limit=${limit}&x=1&board=${encode(board)}`,
        `/knights?board=${encodeRfc3986(board)}&limit=${limit}`,
      ]),
      fc.tuple(eightBoardArbitrary, eightBoardArbitrary).map(([from, to]) => [from, to].map((board) => board.join('').replace('0', 'X'))).map(([from, to]) => [
        `/eight?to=${to}&utm_source=y&from=${from}`,
        `/eight?from=${from}&to=${to}`,
      ]),
    );
    await fc.assert(
      fc.asyncProperty(question, async ([written, plain]) => {
        const { direct, throughEdge } = await bothWays(written, plain);
        expect([throughEdge.statusCode, JSON.parse(throughEdge.body!)]).toEqual([direct.statusCode, JSON.parse(direct.body!)]);
      }),
      { numRuns: 30, seed: SEED },
    );
  });
});
