import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAppState } from '../../lambda/app-state';
import { BRIEF_CACHE } from '../../lambda/cache-control';
import { readConfig } from '../../lambda/config';
import { type FunctionUrlHandler, createHandler } from '../../lambda/handler';
import { call } from '../support/function-url';
import { quietLog } from '../support/log';
import { checkAgainstDescription, describedApi } from '../support/openapi-check';
import { registry } from '../../puzzles/registered';

const SAMPLE = '10110/01*11/10111/01001/00000';
let handler: FunctionUrlHandler;
let document: Record<string, any>;

beforeAll(async () => {
  handler = createHandler(createAppState(registry, readConfig({}), { log: quietLog() }));
  ({ document } = await describedApi());
});

describe('GET /openapi.json', () => {
  it('names its server: the origin it was read from', async () => {
    const { json } = await call(handler, { path: '/openapi.json' });
    expect(json.servers).toEqual([{ url: '/', description: expect.stringMatching(/the origin this document was read from/) }]);
  });

  it('is a valid OpenAPI 3.1 document, served as the page is cached, HEAD too', async () => {
    // @seriousme/openapi-schema-validator: the official 3.1 schema and its JSON Schema dialect
    const validator = new Validator();
    expect(await validator.validate(document)).toEqual({ valid: true });
    expect(validator.version).toBe('3.1');
    const served = await call(handler, { path: '/openapi.json' });
    expect(served.status).toBe(200);
    expect(served.json).toEqual(document);
    expect(served.headers['cache-control']).toBe(BRIEF_CACHE);
    expect(await call(handler, { method: 'HEAD', path: '/openapi.json' })).toMatchObject({ status: 200, text: '' });
  });

  it('describes every route the function answers, each puzzle of the registry with its query, batch and judge input', async () => {
    const { text } = await call(handler, { path: '/nowhere' });
    const listed = /the API has (.*)\.$/.exec(JSON.parse(text).error)![1].split(', ');
    expect(Object.keys(document.paths).filter((path) => path !== '/favicon.ico').sort()).toEqual([...listed].sort());
    for (const puzzle of registry.PUZZLES) {
      const path = document.paths[`/${puzzle.name}`];
      expect(path.get.parameters.map((one: { name: string }) => one.name)).toEqual(Object.keys(puzzle.http.description.query.entries));
      expect(Object.keys(path.post.requestBody.content)).toEqual(puzzle.judge ? ['application/json', 'text/plain'] : ['application/json']);
      expect(Object.keys(path.post.responses).sort()).toEqual(['200', '400', '413', '503', ...(puzzle.http.description.unanswerable ? ['422'] : []), ...(puzzle.backgroundSolve ? ['202'] : [])].sort());
    }
  });

  it('shows the puzzles\' samples as the function answers them, and the judge samples as the judge does', async () => {
    for (const puzzle of registry.PUZZLES) {
      for (const sample of puzzle.http.description.samples) {
        const answer = await call(handler, { method: 'POST', path: `/${puzzle.name}`, headers: { 'content-type': 'application/json' }, body: JSON.stringify(sample.query) });
        // this function has no table: the same answer, found by search
        expect({ ...answer.json, source: 'any', cached: false }, sample.summary).toEqual({ ...(sample.answer as object), source: 'any' });
      }
      if (puzzle.judge) {
        const { text } = await call(handler, { method: 'POST', path: `/${puzzle.name}`, headers: { 'content-type': 'text/plain' }, body: puzzle.judge.sample.input });
        expect(text).toBe(puzzle.judge.sample.output);
      }
    }
  });
});

describe('the check of every answer against the description', () => {
  const answer = (body: unknown, status = 200) => ({ status, headers: { 'content-type': 'application/json; charset=utf-8' }, text: JSON.stringify(body) });
  const sample = registry.puzzleNamed('knights')!.http.description.samples[0].answer as Record<string, unknown>;

  it('takes a described answer', async () => {
    await expect(checkAgainstDescription({ method: 'GET', path: '/knights' }, answer(sample))).resolves.toBeUndefined();
  });

  it('refuses a wrong shape, a field more, a status or a content type not described, and a path that answers where there is none', async () => {
    const knights = { method: 'GET', path: '/knights' };
    await expect(checkAgainstDescription(knights, answer({ ...sample, path: '4 13 16' }))).rejects.toThrow(/does not match the description/);
    await expect(checkAgainstDescription(knights, answer({ ...sample, leaked: true }))).rejects.toThrow(/does not match the description/);
    await expect(checkAgainstDescription(knights, answer({ ...sample, moves: [{ move: 4, steps: 6 }] }))).rejects.toThrow(/does not match the description/);
    await expect(checkAgainstDescription(knights, answer({ message: 'no' }, 400))).rejects.toThrow(/does not match the description/);
    await expect(checkAgainstDescription(knights, answer({ error: 'no' }, 422))).rejects.toThrow(/lists 200, 400, 503/);
    await expect(checkAgainstDescription(knights, { ...answer(sample), headers: { 'content-type': 'text/plain' } })).rejects.toThrow(/content type text\/plain/);
    await expect(checkAgainstDescription({ method: 'GET', path: '/chess' }, answer(sample))).rejects.toThrow(/must be 404/);
    await expect(checkAgainstDescription({ method: 'DELETE', path: '/knights' }, answer({ error: 'no' }, 404))).rejects.toThrow(/must be 405/);
  });
});

describe('a query\'s structure, checked by its schema', () => {
  const knights = registry.puzzleNamed('knights')!.http;
  const eight = registry.puzzleNamed('eight')!.http;
  const goals = () => Promise.resolve({ catalog: new Map(), known: true });
  const refusal = async (http: typeof knights, value: unknown) => {
    try {
      await http.queryOf(value, goals);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error(`${JSON.stringify(value)} was taken`);
  };

  it('is refused in the sentences a person read before the schemas', async () => {
    expect(await refusal(knights, [SAMPLE])).toBe('A query must be a JSON object such as {"board": "10110/01*11/10111/01001/00000", "limit": 15}.');
    expect(await refusal(knights, 'board')).toBe('A query must be a JSON object such as {"board": "10110/01*11/10111/01001/00000", "limit": 15}.');
    expect(await refusal(knights, { board: 5, colour: 'red' })).toBe('Unknown field "colour"; the fields are board, goal, limit.');
    expect(await refusal(knights, { goal: 'standard' })).toBe('"board" is missing; for example {"board": "10110/01*11/10111/01001/00000", "limit": 15}.');
    expect(await refusal(knights, { board: null })).toBe('"board" is missing; for example {"board": "10110/01*11/10111/01001/00000", "limit": 15}.');
    expect(await refusal(knights, { board: [SAMPLE] })).toBe('"board" must be a string, like {"board": "10110/01*11/10111/01001/00000", "limit": 15}.');
    expect(await refusal(knights, { board: SAMPLE, goal: 7 })).toBe('"goal" must be a string, like "standard".');
    expect(await refusal(knights, { board: SAMPLE, limit: true })).toBe('The limit must be a whole number of moves from 0 to 39; got true.');
    expect(await refusal(knights, { board: SAMPLE, limit: null })).toBe('The limit must be a whole number of moves from 0 to 39; got null.');
    expect(await refusal(eight, { from: '12X453786', to: 12345678 })).toBe('"to" must be a string, like {"from": "12X453786", "to": "12345678X"}.');
    expect(await refusal(eight, { from: '12X453786', To: '12345678X' })).toBe('Unknown field "To"; the fields are from, to.');
  });

  it('takes a null goal as none, and a limit as a number or a decimal string', async () => {
    await expect(knights.queryOf({ board: SAMPLE, goal: null, limit: '20' }, goals)).resolves.toMatchObject({ goal: { name: 'standard' }, limit: 20 });
  });
});
