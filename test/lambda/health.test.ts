/** /health tells the truth: ok only when the tables can be read now, degraded (503) otherwise, with why. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../core/clock';
import { createAppState } from '../../lambda/app-state';
import { readConfig } from '../../lambda/config';
import { createHandler } from '../../lambda/handler';
import { eightSpec } from '../../puzzles/eight/offline/loads';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { createDynamoClient } from '../../store/client';
import { loadTable } from '../../store/loader';
import { fifteenSpec } from '../../puzzles/fifteen/offline/loads';
import { PARTITION_33333 } from '../../puzzles/fifteen/rules/pattern-set';
import { startLocalDynamo } from '../../store/local-dynamodb';
import { ensureTable } from '../../store/table-admin';
import { functionUrlEvent, lambdaContext } from '../support/function-url';
import { call } from '../support/function-url';
import { memoryLog, quietLog } from '../support/log';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
// the function of the three puzzles whose tables these load, whatever else is registered
import { registry } from '../support/three-puzzles';

const SAMPLE = '10110/01*11/10111/01001/00000';

describe('/health', () => {
  it('says a table npm start is loading is being loaded, and advises no load for it', async () => {
    const client = testClient();
    const tableName = await freshTable(client, 'health-loading');
    await loadTable(client, knightsSpec('standard', 3), { tableName, concurrency: 8 });
    const app = createAppState(registry, readConfig({ TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint() }), { log: quietLog() });
    await app.answers.estimates.settled();
    const handler = createHandler(app);
    const before = (await call(handler, { path: '/health' })).json.message as string;
    expect(before).toMatch(/eight is not loaded.*load with npm run precompute/);
    expect(before).toMatch(/load them with npm run precompute -- --tables fifteen/);
    app.answers.loadsUnderWay(['eight', 'fifteen']);
    const during = await call(handler, { path: '/health' });
    expect(during.status).toBe(503);
    expect(during.json.message).toBe('eight is being loaded now, so its questions are found by search until it is. The estimates of fifteen are being loaded now, so fifteen questions are searched without them until they are (slower, the same answers).');
    app.answers.loadsUnderWay([]);
    expect((await call(handler, { path: '/health' })).json.message).toMatch(/eight is not loaded/);
  });

  it('turns degraded when a store that answered fails, though its manifests are cached, and ok again when it is back', async () => {
    const data = mkdtempSync(join(tmpdir(), 'tablebase-health-'));
    const server = await startLocalDynamo({ port: 0, path: data });
    const client = createDynamoClient({ endpoint: server.endpoint });
    await ensureTable(client, 'health');
    await loadTable(client, knightsSpec('standard', 3), { tableName: 'health', concurrency: 8 });
    await loadTable(client, eightSpec(2), { tableName: 'health', concurrency: 8 });
    await loadTable(client, fifteenSpec(PARTITION_33333), { tableName: 'health', concurrency: 8 });
    client.destroy();
    let now = 1_000;
    const clock: Clock = { now: () => now };
    const handler = createHandler(createAppState(registry, readConfig({ TABLE_NAME: 'health', DYNAMODB_ENDPOINT: server.endpoint }), { log: quietLog(), clock }));
    const healthy = await call(handler, { path: '/health' });
    expect(healthy).toMatchObject({ status: 200, json: { status: 'ok', dynamodb: 'reachable' } });
    expect((await call(handler, { path: '/knights', query: `board=${SAMPLE}&limit=3` })).json).toMatchObject({ source: 'table' });

    await server.close();
    // the manifests and the page are cached, and still answer; /health asks DynamoDB itself
    expect((await call(handler, { path: '/knights', query: 'board=1*111/01111/00111/00001/00000&limit=3' })).json).toMatchObject({ steps: 1 });
    const failing = await call(handler, { path: '/health' });
    expect(failing.status).toBe(503);
    expect(failing.json).toMatchObject({ status: 'degraded', dynamodb: 'unreachable', message: expect.stringMatching(/^DynamoDB cannot be read now \(.+\), so answers are found by search\.$/) });
    const head = await handler(functionUrlEvent({ path: '/health', method: 'HEAD' }), lambdaContext());
    expect(head.statusCode).toBe(503);
    expect(head.body).toBe('');

    const back = await startLocalDynamo({ port: Number(new URL(server.endpoint).port), path: data });
    try {
      // right after a failure the requests hold off the store for a few seconds: still degraded, and why
      const holding = await call(handler, { path: '/health' });
      expect(holding.status).toBe(503);
      expect(holding.json.message).toMatch(/^Table reads failed a moment ago \(.+\); answers are found by search for \d+ s more before the tables are tried again\.$/);
      now += 10_000;
      expect(await call(handler, { path: '/health' })).toMatchObject({ status: 200, json: { status: 'ok', dynamodb: 'reachable' } });
      expect((await call(handler, { path: '/knights', query: `board=${SAMPLE}&limit=2` })).json).toMatchObject({ source: 'table' });
    } finally {
      await back.close();
      rmSync(data, { recursive: true, force: true });
    }
  });

  it('is degraded, naming them, while tables are missing', async () => {
    const server = await startLocalDynamo({ port: 0 });
    const client = createDynamoClient({ endpoint: server.endpoint });
    try {
      await ensureTable(client, 'partial');
      await loadTable(client, knightsSpec('standard', 2), { tableName: 'partial', concurrency: 8 });
      const log = memoryLog();
      const handler = createHandler(createAppState(registry, readConfig({ TABLE_NAME: 'partial', DYNAMODB_ENDPOINT: server.endpoint }), { log }));
      const health = await call(handler, { path: '/health' });
      expect(health.status).toBe(503);
      // what monitors ask for, logged as a request, not as a warning
      expect(log.lines.filter((line) => line.route === '/health').map((line) => line.level)).toEqual(['INFO']);
      expect(health.json).toMatchObject({
        status: 'degraded',
        dynamodb: 'reachable',
        message:
          'eight is not loaded, so its questions are found by search; load with npm run precompute (locally, npm start loads them). ' +
          'The estimates of fifteen cannot be used: fifteen is not loaded (it has no manifest); so fifteen questions are searched without them (slower, the same answers): load them with npm run precompute -- --tables fifteen.',
      });
    } finally {
      client.destroy();
      await server.close();
    }
  });
});
