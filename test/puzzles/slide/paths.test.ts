/**
 * A puzzle that exists only in the tests, the 2x3 sliding puzzle (its folder, test/puzzles/slide/,
 * is the only code it has), registered beside the real ones in a test registry, goes through the
 * same paths: the precompute into a real DynamoDB-compatible server (on the load's own threads too), the handler (JSON, a batch,
 * judge text), /stats, /health, /openapi.json, `npm run lookup`, `npm run ask` and the solver of
 * `npm run solve`.
 */
import { Readable } from 'node:stream';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it, vi } from 'vitest';
import { createAppState } from '../../../lambda/app-state';
import { readConfig } from '../../../lambda/config';
import { createHandler } from '../../../lambda/handler';
import { main as ask } from '../../../scripts/ask';
import { serveFunctionUrl } from '../../../emulator/function-url-server';
import { loadSettingsFrom, loadTables } from '../../../load/load-tables';
import { lookup } from '../../../scripts/lookup';
import { freshTable, testClient, testEndpoint } from '../../support/dynamodb';
import { callFor } from '../../support/function-url';
import { quietLog } from '../../support/log';
import { slide } from '../../../puzzles/slide/index';
import { registry } from './registry';
import { decodeSlide, encodeSlide, slideTable } from '../../../puzzles/slide/rules';

const call = callFor(registry);

const client = testClient();

describe('a puzzle of the tests alone, through the real paths', () => {
  it('is in the registry, and its space is 360 positions from the goal, the farthest 21 moves away', () => {
    expect(registry.puzzleNamed('slide')).toBe(slide);
    const table = slideTable();
    expect(table.order.length).toBe(360);
    expect(table.depth).toBe(21);
  });

  it("is loaded on a thread of its own when a load has several tables and threads: the thread finds it in the registry's module", async () => {
    const tableName = await freshTable(client, 'slide-threads');
    const settings = loadSettingsFrom({ endpoint: testEndpoint(), table: tableName, tables: 'slide,standard', 'knights-depth': '2', workers: '2', concurrency: '4' }, await registry.loadChoices());
    expect(settings.registryModule).toMatch(/\/test\/puzzles\/slide\/registry\.ts$/);
    const { loaded: results } = await loadTables(settings);
    expect(results.map((result) => [result.table, result.status, result.manifest.positions]).sort()).toEqual([
      ['knights#standard', 'loaded', expect.any(Number)],
      ['slide', 'loaded', 360],
    ]);
  });

  it('is precomputed into DynamoDB, answered from its table, and told of by /stats and /health', async () => {
    const tableName = await freshTable(client, 'slide');
    const choices = await registry.loadChoices();
    expect(choices.names).toContain('slide');
    const {
      loaded: [result],
    } = await loadTables(loadSettingsFrom({ endpoint: testEndpoint(), table: tableName, tables: 'slide', concurrency: '4' }, choices));
    expect(result).toMatchObject({ table: 'slide', status: 'loaded', manifest: { positions: 360, depth: 21 } });

    const handler = createHandler(createAppState(registry, readConfig({ TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint() }), { log: quietLog() }));
    const one = await call(handler, { path: '/slide', query: 'board=123405' });
    expect(one).toMatchObject({ status: 200, json: { steps: 1, path: 'r', source: 'table', board: '123405' } });
    expect(one.json.moves).toEqual([
      { move: 'l', steps: 2, optimal: false },
      { move: 'r', steps: 0, optimal: true },
      { move: 'u', steps: 2, optimal: false },
    ]);

    // Every position of the table answers as the in-memory BFS does.
    const boards = [...slideTable().order].map(decodeSlide);
    const batch = await call(handler, { method: 'POST', path: '/slide', body: JSON.stringify({ queries: [...boards.map((board) => ({ board })), { board: '213450' }, { board: '12' }] }) });
    expect(batch.status).toBe(200);
    const answers = batch.json.answers;
    boards.forEach((board, i) => expect(answers[i]).toMatchObject({ steps: slideTable().distance[encodeSlide(board)], source: 'table' }));
    expect(answers[360]).toMatchObject({ status: 422, error: expect.stringMatching(/^Query 361: 213450 cannot reach 123450/) });
    expect(answers[361]).toMatchObject({ status: 400, error: expect.stringMatching(/^Query 362: A 2x3 board is the digits 0 to 5/) });

    const judged = await call(handler, { method: 'POST', path: '/slide', headers: { 'content-type': 'text/plain' }, body: '2\n123405\n123450\n' });
    expect(judged).toMatchObject({ status: 200 });
    expect(judged.text).toBe('1 r\n0 \n');

    const stats = await call(handler, { path: '/stats' });
    expect(stats.json.tables.slide).toMatchObject({ puzzle: 'slide', state: 'loaded', positions: 360, depth: 21, whole: true });
    expect(stats.json.tables.slide.levels.reduce((a: number, b: number) => a + b, 0)).toBe(360);
    const health = await call(handler, { path: '/health' });
    expect(health.json.tables.slide).toMatchObject({ puzzle: 'slide', state: 'loaded' });

    // The API's description tells of it, and is valid OpenAPI 3.1 (every answer above was checked against it by call()).
    const described = await call(handler, { path: '/openapi.json' });
    expect(Object.keys(described.json.paths)).toEqual(expect.arrayContaining(['/knights', '/eight', '/slide']));
    expect(await new Validator().validate(described.json)).toEqual({ valid: true });

    // npm run lookup: what the table stores for a board, read as the service reads it.
    const looked = await printed(() => lookup(registry, ['slide', '123405', '--endpoint', testEndpoint(), '--table', tableName]));
    expect(looked.code).toBe(0);
    expect(looked.stdout).toMatch(/^position   123405 \(rank \d+\)$/m);
    expect(looked.stdout).toMatch(/^table      slide: depth 21, 360 positions/m);
    expect(looked.stdout).toMatch(/^distance   1$/m);
    expect(looked.stdout).toMatch(/^line       "r"$/m);

    // npm run ask: the question over HTTP, the answer as a person reads it; and judge input.
    const server = await serveFunctionUrl(handler, { port: 0 });
    try {
      const asked = await printed(() => ask(registry, ['slide', '123405', '--url', server.url]));
      expect(asked).toMatchObject({ code: 0, stdout: '123405: 1 moves r (table)\n' });
      // Another puzzle's question option is not this one's: said, and a usage error.
      const foreign = await printed(() => ask(registry, ['slide', '123405', '--goal', 'mine', '--url', server.url]));
      expect(foreign).toMatchObject({ code: 2, stderr: expect.stringMatching(/^--goal is not an option of slide questions\./) });
      const judgedByAsk = await printed(() => ask(registry, ['judge', 'slide', '--url', server.url], Readable.from(['1\n123405\n'])));
      expect(judgedByAsk).toMatchObject({ code: 0, stdout: '1 r\n' });
      const stats = await printed(() => ask(registry, ['stats', '--url', server.url]));
      expect(stats.stdout).toMatch(/^slide \(slide\): loaded to depth 21 \(the whole space\), 360 positions/m);
    } finally {
      await server.close();
    }
  });

  it('is answered by search where no table is, and its judge input is solved by npm run solve\'s own solver', async () => {
    const handler = createHandler(createAppState(registry, readConfig({}), { log: quietLog() }));
    expect((await call(handler, { path: '/slide', query: 'board=123405' })).json).toMatchObject({ steps: 1, path: 'r', source: 'search' });
    const { commandLine } = await slide.offline();
    expect(commandLine.judgeSolver!('search', {})('1\n123405\n')).toBe('1 r\n');
  });
});

/** A command run in this process: its exit code and what it printed (console.log, console.error, and writes to stdout). */
async function printed(run: () => Promise<number>): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const log = vi.spyOn(console, 'log').mockImplementation((...parts) => void (stdout += `${parts.join(' ')}\n`));
  const error = vi.spyOn(console, 'error').mockImplementation((...parts) => void (stderr += `${parts.join(' ')}\n`));
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  try {
    return { code: await run(), stdout, stderr };
  } finally {
    log.mockRestore();
    error.mockRestore();
    write.mockRestore();
  }
}
