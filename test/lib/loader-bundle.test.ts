/**
 * The loader as it ships: its bundle built as `cdk synth` builds it, run as Lambda runs it on the
 * project's Node with the environment the template gives it, invoked as the trigger invokes it
 * (with an empty event), twice, against dynalite; then the API's bundle answers from the table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type BundledFunction, buildFunctionBundle, startBundledFunction } from '../../scripts/function-bundle';
import { functionUrlEvent } from '../../scripts/function-url-event';
import { freshTable, scanAll, testClient, testEndpoint } from '../support/dynamodb';

const client = testClient();
const dirs: string[] = [];
const running: BundledFunction[] = [];
const FIFTEEN_MINUTES = 15 * 60 * 1000;
const OWN = '10110/01*11/10111/01001/00000';

afterAll(async () => {
  for (const fn of running) await fn.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function bundleOf(which: 'loader' | 'api') {
  const dir = mkdtempSync(join(tmpdir(), `tablebase-${which}-`));
  dirs.push(dir);
  return buildFunctionBundle(dir, which === 'loader' ? (stack) => stack.loader!.loader.function : undefined);
}

describe('the loader bundle', () => {
  it('loads and verifies the tables, does nothing the second time, and the API answers from them', async () => {
    const tableName = await freshTable(client, 'loader');
    const bundle = await bundleOf('loader');
    expect(bundle.environment).toEqual({ NODE_OPTIONS: '--enable-source-maps' });
    // The template's depth, lowered so that the rehearsal stays quick, and a goal of one's own.
    const loader = await startBundledFunction(bundle, { environment: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint(), LOAD_OPTIONS: `--knights-depth 6 --goal mine=${OWN}` } });
    running.push(loader);
    const first = await loader.invokeWith({}, FIFTEEN_MINUTES);
    expect(first.result).toMatchObject({
      tables: [
        { table: 'knights#standard', status: 'loaded', depth: 6, positions: 1578 },
        { table: 'knights#mine', status: 'loaded', depth: 6 },
        { table: 'eight', status: 'loaded', positions: 9 * 181_440 },
        // the 6-6-3 pattern databases, compact: 2 x 16!/10! + 16!/13! bytes
        { table: 'fifteen', status: 'loaded', positions: 11_534_880 },
      ],
    });
    const before = JSON.stringify(await scanAll(client, tableName));
    const second = await loader.invokeWith({}, FIFTEEN_MINUTES);
    expect(second.result).toMatchObject({ tables: [{ status: 'already-loaded', written: 0 }, { status: 'already-loaded', written: 0 }, { status: 'already-loaded', written: 0 }, { status: 'already-loaded', written: 0 }] });
    expect(second.handlerMs).toBeLessThan(5000);
    expect(JSON.stringify(await scanAll(client, tableName))).toBe(before); // nothing written

    const api = await startBundledFunction(await bundleOf('api'), { environment: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint() } });
    running.push(api);
    const event = (target: string) => functionUrlEvent({ method: 'GET', target, headers: { host: 'abc.lambda-url.us-east-1.on.aws' } });
    const knights = await api.invoke(event('/knights?board=1*111/01111/00111/00001/00000&limit=6'));
    expect(JSON.parse(knights.result.body!)).toMatchObject({ steps: 1, source: 'table' });
    const mine = await api.invoke(event(`/knights?board=${encodeURIComponent(OWN)}&goal=mine`));
    expect(JSON.parse(mine.result.body!)).toMatchObject({ steps: 0, source: 'table', goal: 'mine' });
    const eight = await api.invoke(event('/eight?from=X87654321&to=12345678X'));
    expect(JSON.parse(eight.result.body!)).toMatchObject({ steps: 28, source: 'table' });
  });

  it('fails with the load\'s own sentence, as the deploy shows it', async () => {
    const loader = await startBundledFunction(await bundleOf('loader'), { environment: { TABLE_NAME: 'x', DYNAMODB_ENDPOINT: testEndpoint() } });
    running.push(loader);
    await expect(loader.invokeWith({}, FIFTEEN_MINUTES)).rejects.toThrow(/--table must be a DynamoDB table name \(3 to 255/);
  });
});
