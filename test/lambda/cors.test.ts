/**
 * A page on another origin may call the API: every answer (refusals too) allows any origin, and a
 * browser's preflight is answered for every route with the methods it takes. The API is public and
 * read-only, and uses no cookies or credentials, so `*` gives nothing away.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../support/function-url';
import { searchOnlyHandler } from '../support/service';

const handler = searchOnlyHandler();

describe('calls from other origins', () => {
  it.each([
    ['/eight', 'GET, POST, OPTIONS'],
    ['/health', 'GET, HEAD, OPTIONS'],
    ['/', 'GET, HEAD, OPTIONS'],
  ])('are preflighted for %s: 204 with the methods it takes', async (path, methods) => {
    const result = await call(handler, { method: 'OPTIONS', path, headers: { origin: 'https://example.org', 'access-control-request-method': 'POST' } });
    expect(result.status).toBe(204);
    expect(result.text).toBe('');
    expect(result.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': methods,
      'access-control-allow-headers': 'content-type, x-amz-content-sha256',
      'access-control-max-age': '86400',
    });
  });

  it('read every answer and refusal: Access-Control-Allow-Origin is on each', async () => {
    for (const spec of [
      { path: '/eight', query: 'from=12X453786&to=12345678X' },
      { path: '/eight', query: 'from=12X' },
      { path: '/nothing' },
      { method: 'DELETE', path: '/eight' },
      { method: 'OPTIONS', path: '/nothing' },
    ]) {
      const result = await call(handler, spec);
      expect(result.headers['access-control-allow-origin'], JSON.stringify(spec)).toBe('*');
    }
  });
});
