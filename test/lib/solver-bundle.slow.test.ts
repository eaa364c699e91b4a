/**
 * The background solve as it ships: the API's bundle and the solver's, each built as `cdk synth`
 * builds it and run as Lambda runs it (the solver with its memory's share of a CPU, frozen between
 * invocations, its 15-minute timeout), against dynalite. The API's bundle invokes the solver
 * through the SDK's Invoke, pointed (AWS_ENDPOINT_URL_LAMBDA, the SDK's own setting) at a stand-in
 * of Lambda's endpoint that queues the event as an asynchronous invocation does: 202 at once, the
 * solver invoked after. The first ask of an 80-move board, to an API given one second, is a 202; the solver's bundle solves it
 * with the databases its package carries and keeps it; the API's bundle then answers it from one read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SOLVER_MEMORY_MB, SOLVER_TIMEOUT_SECONDS } from '../../lib/function-defaults';
import { type BundledFunction, buildFunctionBundle, startBundledFunction } from '../../emulator/function-bundle';
import { functionUrlEvent } from '../../emulator/function-url-event';
import { type InvokeEndpoint, startInvokeEndpoint } from '../../rehearsal/invoke-endpoint';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { registry } from '../../puzzles/registered';

const client = testClient();
const dirs: string[] = [];
const running: BundledFunction[] = [];
const closing: InvokeEndpoint[] = [];
/** SPEC: one of the farthest boards, 80 moves. */
const FARTHEST = '0,12,9,13,15,11,10,14,3,7,5,6,4,8,2,1';

afterAll(async () => {
  for (const endpoint of closing) await endpoint.close();
  for (const fn of running) await fn.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  client.destroy();
});

describe('the background solver as it ships', () => {
  it('is invoked asynchronously by the API\'s bundle, solves an 80-move board with its packaged databases, and the API answers it from the table', async () => {
    const tableName = await freshTable(client, 'solver-bundle');
    const dir = mkdtempSync(join(tmpdir(), 'tablebase-solver-'));
    dirs.push(dir);
    const solverBundle = await buildFunctionBundle(registry, join(dir, 'solver'), (stack) => stack.solver.function);
    const apiBundle = await buildFunctionBundle(registry, join(dir, 'api'));
    expect(solverBundle.environment).toEqual({ NODE_OPTIONS: '--enable-source-maps', SOLVER_SLOTS: '2' });
    const solver = await startBundledFunction(solverBundle, {
      environment: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint() },
      memoryMb: SOLVER_MEMORY_MB,
      cpuShare: 'lambda',
      timeoutSeconds: SOLVER_TIMEOUT_SECONDS,
      freezeBetween: true,
    });
    running.push(solver);

    // Lambda's Invoke endpoint, as an asynchronous invocation meets it: 202 and the event queued
    const lambda = await startInvokeEndpoint(async (event) => (await solver.invokeWith(event, SOLVER_TIMEOUT_SECONDS * 1000)).result);
    closing.push(lambda);
    const { invoked } = lambda;
    const endpoint = lambda.url;

    // the API given a second: with the 7-8 databases the board fits its own 10 s, and would never reach the solver
    const api = await startBundledFunction(apiBundle, {
      environment: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint(), SOLVER_FUNCTION_NAME: 'tablebase-solver', AWS_ENDPOINT_URL_LAMBDA: endpoint, AWS_REGION: 'us-east-1' },
      timeoutSeconds: 1,
    });
    running.push(api);
    const ask = async () => {
      const { result } = await api.invoke(functionUrlEvent({ method: 'GET', target: `/fifteen?board=${FARTHEST}`, headers: { host: 'x.lambda-url.us-east-1.on.aws' } }));
      return { status: result.statusCode, headers: result.headers ?? {}, json: JSON.parse(result.body ?? '{}') };
    };

    const first = await ask();
    expect(first.status).toBe(202);
    expect(first.headers).toMatchObject({ location: `/fifteen?board=${FARTHEST}`, 'cache-control': 'no-store' });
    expect(invoked).toHaveLength(1);
    expect(invoked[0]).toMatchObject({ path: '/2015-03-31/functions/tablebase-solver/invocations', type: 'Event', event: { puzzle: 'fifteen', query: { board: FARTHEST.split(',').map(Number) } } });
    // asked again while it solves: the same solve, no second invocation
    expect((await ask()).status).toBe(202);
    expect(invoked).toHaveLength(1);

    expect(await lambda.results[0]).toEqual({ state: 'solved' });
    expect(solver.failures()).toEqual([]);
    const answered = await ask();
    expect(answered.status).toBe(200);
    expect(answered.json).toMatchObject({ steps: 80, source: 'kept', heuristic: 'pattern databases 7-8' });
    expect(answered.json.path).toHaveLength(80);
    expect(answered.json.moves.map((move: { steps: number }) => move.steps)).toEqual([79, 79]);
    expect(invoked).toHaveLength(1);
    // the solver's peak memory, for the note: well within its 1,769 MB
    const peak = solver.peakMemoryMb();
    expect(peak).toBeGreaterThan(0);
    expect(peak!).toBeLessThan(SOLVER_MEMORY_MB / 2);
  });
});
