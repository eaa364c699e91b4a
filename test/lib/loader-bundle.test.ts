/**
 * The loader as it ships: its bundle built as `cdk synth` builds it, run as Lambda runs it on the
 * project's Node with the environment the template gives it, invoked as the trigger invokes it
 * (with an empty event), twice, against dynalite; then the API's bundle answers from the table.
 * Then a deploy's reload and its rollback, rehearsed while the API's bundle answers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type BundledFunction, buildFunctionBundle, startBundledFunction } from '../../scripts/function-bundle';
import { MB_PER_VCPU } from '../../lib/function-defaults';
import { functionUrlEvent } from '../../scripts/function-url-event';
import { freshTable, scanAll, testClient, testEndpoint } from '../support/dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { samples } from '../../core/seeded';
import { formatKnightsBoard } from '../../puzzles/knights/rules/board';
import { resolveKnightsGoal } from '../../puzzles/knights/rules/goals';
import { searchKnights } from '../../puzzles/knights/rules/search';
import { searchBudget } from '../support/search-budget';
import { knightsWalkArbitrary } from '../../puzzles/knights/seeded-inputs';
import { progressKey, manifestKey } from '../../store/table-keys';
import { type Manifest, readManifest } from '../../store/manifests';
import { registry } from '../../puzzles/registered';

const client = testClient();
const dirs: string[] = [];
const running: BundledFunction[] = [];
const FIFTEEN_MINUTES = 15 * 60 * 1000;
const OWN = '10110/01*11/10111/01001/00000';

afterAll(async () => {
  for (const fn of running) await fn.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function manifestOf(tableName: string, table: string): Promise<Manifest> {
  const item = (await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: manifestKey(table) } }, ConsistentRead: true }))).Item;
  return readManifest(item!) as Manifest;
}

function bundleOf(which: 'loader' | 'api') {
  const dir = mkdtempSync(join(tmpdir(), `tablebase-${which}-`));
  dirs.push(dir);
  return buildFunctionBundle(registry, dir, which === 'loader' ? (stack) => stack.loader!.loader.function : undefined);
}

describe('the loader bundle', () => {
  it('loads and verifies the tables, does nothing the second time, and the API answers from them; the databases built on worker threads are the same pages', async () => {
    const tableName = await freshTable(client, 'loader');
    const bundle = await bundleOf('loader');
    // its checks take half the table's cap on reads at most (the other half is the API's)
    expect(bundle.environment).toEqual({ NODE_OPTIONS: '--enable-source-maps', READ_UNITS_PER_SECOND: '500' });
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

    // The 15-puzzle's databases loaded alone by a loader with two vCPUs' memory, so on two threads:
    // each group built on a worker started on the bundle (which must run the module that builds
    // them), and the same pages as above.
    const threaded = await freshTable(client, 'loader-threads');
    const twoVcpus = String(2 * MB_PER_VCPU);
    const twoThreads = await startBundledFunction(bundle, { environment: { TABLE_NAME: threaded, DYNAMODB_ENDPOINT: testEndpoint(), LOAD_OPTIONS: '--tables fifteen', AWS_LAMBDA_FUNCTION_MEMORY_SIZE: twoVcpus } });
    running.push(twoThreads);
    expect((await twoThreads.invokeWith({}, FIFTEEN_MINUTES)).result).toMatchObject({ tables: [{ table: 'fifteen', status: 'loaded', positions: 11_534_880 }] });
    expect((await manifestOf(threaded, 'fifteen')).checksum).toBe((await manifestOf(tableName, 'fifteen')).checksum);

    // A knights table large enough to be measured on both threads (2.9 million positions): each
    // worker started on the bundle must run the knights measuring module (a worker that ends
    // without measuring fails the load), and the pages are those of a load on one thread.
    const deeper = { TABLE_NAME: threaded, DYNAMODB_ENDPOINT: testEndpoint(), LOAD_OPTIONS: '--tables standard --knights-depth 16' };
    const measuredOnTwo = await startBundledFunction(bundle, { environment: { ...deeper, AWS_LAMBDA_FUNCTION_MEMORY_SIZE: twoVcpus } });
    running.push(measuredOnTwo);
    expect((await measuredOnTwo.invokeWith({}, FIFTEEN_MINUTES)).result).toMatchObject({ tables: [{ table: 'knights#standard', status: 'loaded', depth: 16 }] });
    const onOne = await freshTable(client, 'loader-one-thread');
    const measuredOnOne = await startBundledFunction(bundle, { environment: { ...deeper, TABLE_NAME: onOne } });
    running.push(measuredOnOne);
    expect((await measuredOnOne.invokeWith({}, FIFTEEN_MINUTES)).result).toMatchObject({ tables: [{ table: 'knights#standard', status: 'loaded', depth: 16 }] });
    expect((await manifestOf(threaded, 'knights#standard')).checksum).toBe((await manifestOf(onOne, 'knights#standard')).checksum);
    // Four tables built and loaded twice over, the databases and a deeper knights table once more: minutes on a 2-core machine that other work shares.
  }, 600_000);

  it('fails with the load\'s own sentence, as the deploy shows it', async () => {
    const loader = await startBundledFunction(await bundleOf('loader'), { environment: { TABLE_NAME: 'x', DYNAMODB_ENDPOINT: testEndpoint() } });
    running.push(loader);
    await expect(loader.invokeWith({}, FIFTEEN_MINUTES)).rejects.toThrow(/--table must be a DynamoDB table name \(3 to 255/);
  });
});

describe('a reload and its rollback, as a deploy runs them, while the API answers', () => {
  it('answers every fresh question from the table, exactly, through a load, a reload killed half-way and resumed, and the rollback, which writes no page', async () => {
    const tableName = await freshTable(client, 'generations');
    const bundle = await bundleOf('loader');
    const loaderAt = async (depth: number) => {
      const loader = await startBundledFunction(bundle, { environment: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint(), LOAD_OPTIONS: `--tables standard --knights-depth ${depth}` } });
      running.push(loader);
      return loader;
    };
    const manifest = async () => {
      const item = (await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: manifestKey('knights#standard') } }, ConsistentRead: true }))).Item;
      return item ? (readManifest(item) as Manifest) : undefined;
    };

    // The version deployed first: depth 6.
    const first = await loaderAt(6);
    expect((await first.invokeWith({}, FIFTEEN_MINUTES)).result).toMatchObject({ tables: [{ status: 'loaded', depth: 6 }] });
    const six = (await manifest())!;

    // The API answers throughout, each question a board it has not been asked (no cache helps): boards within 6 moves.
    const standard = resolveKnightsGoal('standard');
    const boards = [...new Set(samples(knightsWalkArbitrary(standard.board, 6), 3000, 41))].filter((board) => searchKnights({ board, goal: standard, limit: 6 }, searchBudget(10)).steps >= 0);
    const api = await startBundledFunction(await bundleOf('api'), { environment: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint() } });
    running.push(api);
    const asked: { board: string; source: string; exact: boolean }[] = [];
    let asking = true;
    const questions = (async () => {
      for (let i = 0; asking; i = (i + 1) % boards.length) {
        const board = boards[i];
        const target = `/knights?board=${encodeURIComponent(formatKnightsBoard(board))}`;
        const answer = JSON.parse((await api.invoke(functionUrlEvent({ method: 'GET', target, headers: { host: 'abc.lambda-url.us-east-1.on.aws' } }))).result.body!);
        const expected = searchKnights({ board, goal: standard, limit: 15 }, searchBudget(10));
        asked.push({ board, source: answer.source, exact: answer.steps === expected.steps && JSON.stringify(answer.path) === JSON.stringify(expected.path) });
        await sleep(10);
      }
    })();

    // The next version reloads at depth 15, and is killed half-way through its writing.
    const killed = await loaderAt(15);
    const invocation = killed.invokeWith({}, FIFTEEN_MINUTES).catch((error: Error) => error);
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const progress = (await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: progressKey('knights#standard') } }, ConsistentRead: true }))).Item;
      if (progress) break;
      await sleep(20);
    }
    await killed.close();
    expect(await invocation).toBeInstanceOf(Error);
    expect(await manifest()).toEqual(six); // the old generation still answers

    // Its retry resumes and switches; then the deploy fails later and rolls back: the previous version's loader runs again.
    const resumed = await loaderAt(15);
    expect((await resumed.invokeWith({}, FIFTEEN_MINUTES)).result).toMatchObject({ tables: [{ status: 'loaded', depth: 15 }] });
    const fifteen = (await manifest())!;
    expect(fifteen.generation).not.toBe(six.generation);
    const pagesBefore = JSON.stringify((await scanAll(client, tableName)).filter((item) => /^g\d+\//.test(item.pk.S!)));
    const rollback = await loaderAt(6);
    expect((await rollback.invokeWith({}, FIFTEEN_MINUTES)).result).toMatchObject({ tables: [{ status: 'restored', depth: 6, written: 0 }] });
    expect(JSON.stringify((await scanAll(client, tableName)).filter((item) => /^g\d+\//.test(item.pk.S!)))).toBe(pagesBefore); // no page written or removed
    expect(await manifest()).toEqual(six);

    await sleep(300);
    asking = false;
    await questions;
    expect(asked.length).toBeGreaterThan(50);
    expect(asked.filter(({ source }) => source !== 'table')).toEqual([]);
    expect(asked.filter(({ exact }) => !exact)).toEqual([]);
  });
});
