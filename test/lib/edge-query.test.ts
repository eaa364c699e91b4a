/**
 * The edge's viewer-request function (lib/edge-query.ts), run as its very code text on events
 * shaped as CloudFront Functions give them (querystring: name -> { value, multiValue }).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED } from '../../core/seeded';
import { CACHE_POLICY_MAX_QUERY_STRINGS, allQueryFields, normaliseQueryCode, queryFieldsByPath } from '../../lib/edge-query';
import { PUZZLES } from '../../puzzles/registry';
import { canonicalUrl, encodeRfc3986 } from '../../scripts/function-url-signing';

const FIELDS = queryFieldsByPath(PUZZLES);
const CODE = normaliseQueryCode(FIELDS);

interface CloudFrontRequest {
  uri: string;
  querystring: Record<string, { value: string; multiValue?: { value: string }[] }> | string;
}
const handler = new Function(`${CODE}\nreturn handler;`)() as (event: { request: CloudFrontRequest }) => CloudFrontRequest;

/**
 * The request CloudFront hands the function for `target`, its values as they came (`raw`) or
 * decoded: which of the two CloudFront gives is not documented, and either must come out the same.
 */
function edge(target: string, values: 'raw' | 'decoded' = 'raw'): string {
  const [uri, query = ''] = target.split(/\?(.*)/s);
  const querystring: Record<string, { value: string; multiValue?: { value: string }[] }> = {};
  for (const part of query.split('&').filter(Boolean)) {
    const [name, value = ''] = part.split(/=(.*)/s);
    const seen = values === 'raw' ? value : decodeURIComponent(value.replaceAll('+', ' '));
    if (querystring[name]) querystring[name].multiValue = [...(querystring[name].multiValue ?? [{ value: querystring[name].value }]), { value: seen }];
    else querystring[name] = { value: seen };
  }
  const request = handler({ request: { uri, querystring } });
  return request.querystring as string;
}

const KNIGHTS_SAMPLE = '10110/01*11/10111/01001/00000';

describe('the query the edge keeps', () => {
  it('is each puzzle\'s own fields from the registry, sorted, within what a cache policy may list', () => {
    expect(FIELDS).toEqual({ '/knights': ['board', 'goal', 'limit'], '/eight': ['from', 'to'], '/fifteen': ['board'] });
    expect(allQueryFields(FIELDS)).toEqual(['board', 'from', 'goal', 'limit', 'to']);
    const many = Object.fromEntries(Array.from({ length: CACHE_POLICY_MAX_QUERY_STRINGS + 1 }, (_, i) => [`/p${i}`, [`f${i}`]]));
    expect(() => allQueryFields(many)).toThrow(/more than the 10 a CloudFront cache policy may list/);
  });

  it('encodes a query sent raw as the signature does, so raw and encoded are one cache key and one signed request', () => {
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

  it('puts the fields in order, keeps the first of a repeated one (as the function reads it), and drops what no puzzle asks', () => {
    expect(edge('/knights?limit=9&utm_source=x&goal=standard&board=1*111/01111/00111/00001/00000&board=x&_=123')).toBe('board=1%2A111%2F01111%2F00111%2F00001%2F00000&goal=standard&limit=9');
    expect(edge('/eight?to=12345678X&from=12X453786&limit=3')).toBe('from=12X453786&to=12345678X');
    expect(edge('/fifteen?board=2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15')).toBe('board=2%2C3%2C4%2C0%2C1%2C5%2C7%2C8%2C9%2C6%2C10%2C12%2C13%2C14%2C11%2C15');
    expect(edge('/fifteen?board=2+3+4+0/1%205%207%208')).toBe('board=2%203%204%200%2F1%205%207%208'); // + is a space, as URLSearchParams reads it
    expect(edge('/knights?board=')).toBe('board=');
    expect(edge('/knights?bad=%E0%A4%A')).toBe('');
    expect(edge('/knights?board=%E0%A4%A')).toBe('board=%25E0%25A4%25A'); // what does not decode stays as it came, encoded once
  });

  it('keeps no query on the paths that take none: the page, /health, /stats, /openapi.json, and paths that are not there', () => {
    for (const path of ['/', '/health', '/stats', '/openapi.json', '/favicon.ico', '/nowhere', '/constructor', '/__proto__']) {
      expect(edge(`${path}?board=${KNIGHTS_SAMPLE}&from=12X453786&x=1`), path).toBe('');
    }
    expect(edge(`/knights/?board=${KNIGHTS_SAMPLE}`)).toBe('board=10110%2F01%2A11%2F10111%2F01001%2F00000'); // the function routes /knights/ as /knights
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

  it('is plain ES5, which every CloudFront Functions runtime runs', () => {
    expect(CODE).not.toMatch(/=>|\blet\b|\bconst\b|`|\.\.\./);
    expect(CODE).toMatch(/^function handler\(event\)/m);
  });
});
