/** Refusals that read as a person would write them: what was sent, and what to send instead. */
import { describe, expect, it } from 'vitest';
import { call } from '../support/function-url';
import { searchOnlyHandler } from '../support/service';

const handler = searchOnlyHandler();

describe('refusals in plain words', () => {
  it('names the board of a judge case that is wrong, as board A or B, not as an article', async () => {
    const result = await call(handler, { method: 'POST', path: '/eight', headers: { 'content-type': 'text/plain' }, body: '2\n12X453786\n12345678X\n12X45378\n12345678X\n' });
    expect(result.status).toBe(400);
    expect(result.json.error).toMatch(/^Case 2: Board A "12X45378" has 8 characters; a board is 9/);
  });

  it('tells a body of another type what it is, rather than that it is bad JSON', async () => {
    const result = await call(handler, { method: 'POST', path: '/eight', headers: { 'content-type': 'application/xml' }, body: '<from>12X453786</from>' });
    expect(result.status).toBe(400);
    expect(result.json.error).toMatch(/^The body is application\/xml, which this API does not read; send JSON \(Content-Type: application\/json\) such as \{/);
    // a form's type with JSON in it, as curl -d sends: read as JSON
    expect((await call(handler, { method: 'POST', path: '/eight', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '{"from":"12X453786","to":"12345678X"}' })).json).toMatchObject({ steps: 2 });
  });

  it('tells a GET without parameters to give them as a query string, with an example that works', async () => {
    const result = await call(handler, { path: '/eight' });
    expect(result.json.error).toMatch(/^GET \/eight takes its question as query parameters, and none came; for example \/eight\?/);
    const example = /for example (\/eight\?\S+) \(/.exec(result.json.error)![1];
    const [path, query] = example.split('?');
    expect((await call(handler, { path, query })).status).toBe(200);
  });
});
