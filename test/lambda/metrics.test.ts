/** The request metrics: how each request was served, refused or not answered, and how long it took. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createAppState } from '../../lambda/app-state';
import { readConfig } from '../../lambda/config';
import { createHandler } from '../../lambda/handler';
import { type RequestOutcome, createMetrics } from '../../lambda/metrics';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { loadTable } from '../../store/loader';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { call } from '../support/function-url';
import { quietLog } from '../support/log';
import { registry } from '../../puzzles/registered';

const client = testClient();
let tableName: string;

beforeAll(async () => {
  tableName = await freshTable(client, 'metrics');
  await loadTable(client, knightsSpec('standard', 4), { tableName, concurrency: 8 });
});

describe('request metrics', () => {
  it('say for every request whether the table, the search or the cache served it, or none, with its status and latency', async () => {
    const seen: RequestOutcome[] = [];
    const handler = createHandler(
      createAppState(registry, readConfig({ TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint() }), { log: quietLog(), metrics: { request: (outcome) => seen.push(outcome) } }),
    );
    await call(handler, { path: '/knights', query: 'board=1*111/01111/00111/00001/00000&limit=4' });
    await call(handler, { path: '/knights', query: 'board=1*111/01111/00111/00001/00000&limit=4' });
    await call(handler, { path: '/knights', query: 'board=10110/01*11/10111/01001/00000' });
    await call(handler, { path: '/knights', query: 'board=123' });
    await call(handler, { path: '/health' });
    const starved = createHandler(createAppState(registry, readConfig({}), { log: quietLog(), metrics: { request: (outcome) => seen.push(outcome) }, search: { maxMs: 1000, reserveMs: 0, maxNodes: 10 } }));
    await call(starved, { path: '/knights', query: 'board=01011/110*1/01110/01010/00100&limit=39' });
    expect(seen.map(({ served, status }) => [served, status])).toEqual([
      ['table', 200],
      ['cache', 200],
      ['search', 200],
      ['none', 400],
      ['none', 503], // /health: eight is not loaded here
      ['none', 503],
    ]);
    for (const { latencyMs } of seen) expect(latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('are written as one CloudWatch embedded-metric line per request, under the dimension Source', () => {
    let written = '';
    const write = process.stdout.write;
    process.stdout.write = ((chunk: string | Uint8Array) => ((written += String(chunk)), true)) as typeof process.stdout.write;
    try {
      const metrics = createMetrics();
      metrics.request({ served: 'table', status: 200, latencyMs: 3.5 });
      metrics.request({ served: 'none', status: 503, latencyMs: 2000 });
    } finally {
      process.stdout.write = write;
    }
    const lines = written.trim().split('\n');
    expect(lines).toHaveLength(2);
    const [first, second] = lines.map((line) => JSON.parse(line));
    // the embedded metric format as Powertools Metrics writes it: the directive, then the dimensions' and metrics' values
    expect(first).toEqual({
      _aws: {
        Timestamp: expect.any(Number),
        CloudWatchMetrics: [
          {
            Namespace: 'tablebase',
            Dimensions: [['service', 'Source']],
            Metrics: [
              { Name: 'Requests', Unit: 'Count' },
              { Name: 'Latency', Unit: 'Milliseconds' },
              { Name: 'Refusals', Unit: 'Count' },
              { Name: 'Unavailable', Unit: 'Count' },
            ],
          },
        ],
      },
      service: 'tablebase',
      Source: 'table',
      Requests: 1,
      Latency: 3.5,
      Refusals: 0,
      Unavailable: 0,
    });
    expect(Math.abs(first._aws.Timestamp - Date.now())).toBeLessThan(60_000);
    expect(second).toMatchObject({ Source: 'none', Unavailable: 1, Refusals: 0 });
    const refused: string[] = [];
    createMetrics((line) => refused.push(line)).request({ served: 'none', status: 422, latencyMs: Number.NaN });
    expect(JSON.parse(refused[0])).toMatchObject({ Source: 'none', Refusals: 1, Unavailable: 0, Latency: 0 });
  });
});
