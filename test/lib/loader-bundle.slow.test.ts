/**
 * The loader as it ships: its bundle built as `cdk synth` builds it, run as Lambda runs it on the
 * project's Node with the environment the template gives it, and driven as the deploy's custom
 * resource drives it: CloudFormation's request to the provider framework's onEvent, then its
 * isComplete until the loader says the load is complete, each run in the warm environment the last
 * one left (rehearsal/provider-loop.ts). A load cut into several runs by a short timeout,
 * against dynalite behind the table's read cap, with the API's answers from its tables, a redeploy,
 * and a run killed mid-write then resumed (rehearsal/loader-deploys.ts, the rehearsal's
 * own, on a smaller load than `npm run rehearse -- --only loader`'s); the builds on worker threads;
 * a failing load as CloudFormation is told of it. Then a deploy's reload and its rollback,
 * rehearsed while the API's bundle answers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FunctionBundle, buildFunctionBundle, startBundledFunction } from '../../emulator/function-bundle';
import { MB_PER_VCPU } from '../../lib/function-defaults';
import { LOADER_TIMEOUT_SECONDS } from '../../lib/load-plan';
import { functionUrlEvent } from '../../emulator/function-url-event';
import { freshTable, scanAll, testClient, testEndpoint } from '../support/dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import type { LoadAnswer } from '../../lib/load-answer';
import { samples } from '../../core/seeded';
import { formatKnightsBoard } from '../../puzzles/knights/rules/board';
import { resolveKnightsGoal } from '../../puzzles/knights/rules/goals';
import { searchKnights } from '../../puzzles/knights/rules/search';
import { searchBudget } from '../support/search-budget';
import { knightsWalkArbitrary } from '../../puzzles/knights/seeded-inputs';
import { progressKey, manifestKey } from '../../store/table-keys';
import { type Manifest, readManifest } from '../../store/manifests';
import { registry } from '../../puzzles/registered';
import { LambdaEnvironments } from '../../rehearsal/lambda-environments';
import { loaderDeploys } from '../../rehearsal/loader-deploys';
import { CREATE_FAILED_PHYSICAL_ID, type CloudFormationRequest, type ProviderOutcome, type ProviderRun, resourceRequest, runProviderLoop } from '../../rehearsal/provider-loop';

const client = testClient();
const dirs: string[] = [];
const running: LambdaEnvironments[] = [];
const OWN = '10110/01*11/10111/01001/00000';

afterAll(async () => {
  for (const environments of running) await environments.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The loader's and the API's bundles, built once for the file as `cdk synth` builds them. */
let bundles: { loader: FunctionBundle; api: FunctionBundle };
beforeAll(async () => {
  bundles = { loader: await bundleOf('loader'), api: await bundleOf('api') };
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

/**
 * A deploy that runs the loader on `load` in `tableName` (the suite's server): a new version of
 * the function, so its environments start cold, at the stack's timeout and with the template's
 * environment, `environment` on top. The loop does not sit through the framework's 10 s between runs.
 */
function deployLoader(bundle: FunctionBundle, tableName: string, load: string, request: CloudFormationRequest, environment: Record<string, string> = {}): { environments: LambdaEnvironments; outcome: Promise<ProviderOutcome> } {
  const environments = new LambdaEnvironments(() =>
    startBundledFunction(bundle, { environment: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint(), LOAD_OPTIONS: load, ...environment }, timeoutSeconds: LOADER_TIMEOUT_SECONDS }),
  );
  running.push(environments);
  return { environments, outcome: runProviderLoop(environments, request, { waitSeconds: 0 }) };
}

const answerOf = (run: ProviderRun) => run.answer as LoadAnswer;
const writesOf = (outcome: ProviderOutcome) => outcome.runs.reduce((sum, run) => sum + (run.writes ?? 0), 0);

describe('the loader bundle, as the provider framework runs it', () => {
  it('loads a load cut into several runs by its timeout, every table exact; a redeploy writes nothing; a run killed mid-write fails the deploy, and the next deploy resumes it', async () => {
    // Two knights tables to depth 17 (the standard goal's and one of one's own), Eight II and the
    // 15-puzzle's databases: about 110 s of work here when nothing is done twice, 80 s of it the
    // checks' reads at the deploy's 500 units a second. Runs of 60 s that stop 15 s before their end
    // leave each about 45 s: more than one table's build and checks take (the longest, the second
    // knights table's, about 36 s), and less than half the load (three runs here).
    const result = await loaderDeploys(registry, {
      load: `--knights-depth 17 --goal mine=${OWN}`,
      timeoutSeconds: 60,
      stopBeforeSeconds: 15,
      killed: { before: '--tables standard --knights-depth 6', after: '--tables standard --knights-depth 17' },
      questionsPerTable: 10,
      bundles,
    });
    // The template's environment: the checks take half the table's cap on reads at most (the other
    // half is the API's), and the loader stops 90 s before the stack's timeout (here, 15 s before 60 s).
    expect(result.templateEnvironment).toEqual({ NODE_OPTIONS: '--enable-source-maps', READ_UNITS_PER_SECOND: '500', STOP_BEFORE_TIMEOUT_SECONDS: '90' });

    // Several runs, onEvent then isComplete, all in the one warm environment, each answered within its timeout.
    const { runs } = result.loaded.outcome;
    expect(result.loaded.outcome.status).toBe('SUCCESS');
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.map((run) => run.handler)).toEqual(['onEvent', ...runs.slice(1).map(() => 'isComplete')]);
    expect(runs.filter((run) => run.figures.cold)).toHaveLength(1);
    expect(runs.filter((run) => run.failure !== undefined || run.figures.seconds >= 60)).toEqual([]);
    // Each run but the last left tables for the next; the last found every table done.
    expect(runs.slice(0, -1).map((run) => answerOf(run).IsComplete)).toEqual(runs.slice(0, -1).map(() => false));
    expect(runs.slice(0, -1).filter((run) => answerOf(run).unfinished.length === 0)).toEqual([]);
    expect(answerOf(runs.at(-1)!)).toMatchObject({ IsComplete: true, unfinished: [] });
    expect(answerOf(runs.at(-1)!).tables.map((table) => table.table)).toEqual(['knights#standard', 'knights#mine', 'eight', 'fifteen']);
    // Each table loaded by exactly one run; at least one was stopped part-way by a run's time and
    // finished by a later run (a build and its checks are made again, the stored pages are kept).
    const loadedBy = runs.flatMap((run, index) => answerOf(run).tables.filter((table) => table.status === 'loaded').map((table) => ({ table: table.table, index })));
    expect(loadedBy.map(({ table }) => table).sort()).toEqual(['eight', 'fifteen', 'knights#mine', 'knights#standard']);
    const stopped = runs.flatMap((run, index) => answerOf(run).unfinished.filter((left) => /: stopped for time while (writing|verifying), \d+ of \d+ pages stored; the next run resumes from there\.$/.test(left.said)).map((left) => ({ table: left.table, index })));
    expect(stopped.length).toBeGreaterThan(0);
    for (const { table, index } of stopped) expect(loadedBy.find((done) => done.table === table)!.index).toBeGreaterThan(index);
    expect(result.manifests).toMatchObject({
      'knights#standard': { depth: 17 },
      'knights#mine': { depth: 17 },
      eight: { positions: 9 * 181_440 },
      // the 6-6-3 pattern databases, compact: 2 x 16!/10! + 16!/13! bytes
      fifteen: { positions: 11_534_880 },
    });

    // The API's bundle answers every question of every table from it, as the puzzle's own search does.
    expect(new Set(result.answers.map((answer) => answer.question.table))).toEqual(new Set(['knights#standard', 'knights#mine', 'eight', 'fifteen']));
    expect(result.answers.filter((answer) => answer.status !== 200 || !answer.exact || !answer.fromTable).map((answer) => answer.question.target)).toEqual([]);
    // Of each knights table, a question near its depth, and one past it (answered "not within 17 moves" from the table).
    for (const table of ['knights#standard', 'knights#mine']) {
      expect(result.answers.some((answer) => answer.question.table === table && answer.steps! >= 15)).toBe(true);
      expect(result.answers.some((answer) => answer.question.table === table && answer.steps === -1)).toBe(true);
    }

    // A redeploy (the loader's next version) finds every table loaded, and writes nothing.
    expect(result.redeploy.outcome.status).toBe('SUCCESS');
    expect(writesOf(result.redeploy.outcome)).toBe(0);
    expect(result.redeploy.outcome.runs.flatMap((run) => answerOf(run).tables.map(({ status, written }) => ({ status, written })))).toEqual(Array(8).fill({ status: 'already-loaded', written: 0 }));

    // A deploy whose loader is killed mid-write fails with Lambda's sentence as the framework reports it;
    // the table's manifest still names the old generation, which its rollback finds loaded and keeps.
    const { killed } = result;
    expect(result.killedDeploy.outcome).toMatchObject({ status: 'FAILED', reason: 'Error: Runtime exited with error: signal: terminated\n\nLogs: /aws/lambda/tablebase-bundle\n' });
    expect(killed.storedWhenKilled).toBeGreaterThanOrEqual(killed.manifest!.pages / 3); // killed once a third of the pages were stored
    expect(killed.generations[1]).toBe(killed.generations[0]);
    expect(result.rollback.outcome.status).toBe('SUCCESS');
    expect(writesOf(result.rollback.outcome)).toBe(0);
    expect(killed.generations[2]).toBe(killed.generations[0]);
    // The next deploy resumes after the pages the killed run had stored, completes, and the API answers from its table.
    expect(result.resumed.outcome.status).toBe('SUCCESS');
    expect(killed.resumedFrom).toBeGreaterThanOrEqual(killed.storedWhenKilled!);
    expect(killed.manifest).toMatchObject({ depth: 17 });
    expect(killed.generations[3]).not.toBe(killed.generations[0]);
    expect(result.resumedAnswers.length).toBeGreaterThan(5);
    expect(result.resumedAnswers.filter((answer) => answer.status !== 200 || !answer.exact || !answer.fromTable).map((answer) => answer.question.target)).toEqual([]);
  }, 600_000);

  it('builds on worker threads, each started on the bundle, the same pages as on one thread', async () => {
    const bundle = bundles.loader;
    const twoVcpus = { AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(2 * MB_PER_VCPU) };
    const create = (tableName: string, load: string) => resourceRequest('Create', { Loader: '1', Load: load, Table: tableName });
    const loadedBy = async (deploy: { outcome: Promise<ProviderOutcome> }) => {
      const outcome = await deploy.outcome;
      expect(outcome.status).toBe('SUCCESS');
      return answerOf(outcome.runs[0]).tables;
    };

    // The 15-puzzle's databases loaded alone by a loader with two vCPUs' memory, so on two threads:
    // each group built on a worker started on the bundle (which must run the module that builds
    // them), and the same pages as on one thread.
    const onTwo = await freshTable(client, 'loader-threads');
    const onOne = await freshTable(client, 'loader-one-thread');
    expect(await loadedBy(deployLoader(bundle, onTwo, '--tables fifteen', create(onTwo, '--tables fifteen'), twoVcpus))).toMatchObject([{ table: 'fifteen', status: 'loaded', positions: 11_534_880 }]);
    expect(await loadedBy(deployLoader(bundle, onOne, '--tables fifteen', create(onOne, '--tables fifteen')))).toMatchObject([{ table: 'fifteen', status: 'loaded', positions: 11_534_880 }]);
    expect((await manifestOf(onTwo, 'fifteen')).checksum).toBe((await manifestOf(onOne, 'fifteen')).checksum);

    // A knights table large enough to be measured on both threads (2.9 million positions): each
    // worker started on the bundle must run the knights measuring module (a worker that ends
    // without measuring fails the load), and the pages are those of a load on one thread.
    const deeper = '--tables standard --knights-depth 16';
    expect(await loadedBy(deployLoader(bundle, onTwo, deeper, create(onTwo, deeper), twoVcpus))).toMatchObject([{ table: 'knights#standard', status: 'loaded', depth: 16 }]);
    expect(await loadedBy(deployLoader(bundle, onOne, deeper, create(onOne, deeper)))).toMatchObject([{ table: 'knights#standard', status: 'loaded', depth: 16 }]);
    expect((await manifestOf(onTwo, 'knights#standard')).checksum).toBe((await manifestOf(onOne, 'knights#standard')).checksum);
  }, 600_000);

  it("fails with the load's own sentence, as the provider framework reports it to CloudFormation", async () => {
    const bundle = bundles.loader;
    const properties = { Loader: '1', Load: '', Table: 'x' };
    const { outcome } = deployLoader(bundle, 'x', '', resourceRequest('Create', properties));
    const failed = await outcome;
    // onEvent failed: no waiter was started, and the resource has the framework's marker for a failed Create.
    expect(failed).toMatchObject({ status: 'FAILED', physicalResourceId: CREATE_FAILED_PHYSICAL_ID });
    expect(failed.runs.map((run) => run.handler)).toEqual(['onEvent']);
    // The loader's sentence, the function's logs, then the stack of the error it threw.
    expect(failed.reason).toMatch(/^--table must be a DynamoDB table name \(3 to 255 [^\n]*; got "x"\.\n\nLogs: \/aws\/lambda\/tablebase-bundle\n\n {4}at /);
    // CloudFormation's rollback deletes the resource it could not create: answered without the loader.
    const { outcome: deleted } = deployLoader(bundle, 'x', '', resourceRequest('Delete', properties, { physicalResourceId: failed.physicalResourceId, properties }));
    expect(await deleted).toMatchObject({ status: 'SUCCESS', runs: [] });
  });
});

describe('a reload and its rollback, as a deploy runs them, while the API answers', () => {
  it('answers every fresh question from the table, exactly, through a load, a reload killed half-way and resumed, and the rollback, which writes no page', async () => {
    const tableName = await freshTable(client, 'generations');
    const bundle = bundles.loader;
    const propertiesAt = (depth: number, version: number) => ({ Loader: String(version), Load: `--tables standard --knights-depth ${depth}`, Table: tableName });
    const deployAt = (depth: number, request: CloudFormationRequest) => deployLoader(bundle, tableName, `--tables standard --knights-depth ${depth}`, request);
    const manifest = async () => {
      const item = (await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: manifestKey('knights#standard') } }, ConsistentRead: true }))).Item;
      return item ? (readManifest(item) as Manifest) : undefined;
    };
    const firstTables = async (outcome: Promise<ProviderOutcome>) => {
      const done = await outcome;
      expect(done.status).toBe('SUCCESS');
      return answerOf(done.runs[0]).tables;
    };

    // The version deployed first: depth 6.
    const six = propertiesAt(6, 1);
    const created = await deployAt(6, resourceRequest('Create', six)).outcome;
    expect(answerOf(created.runs[0]).tables).toMatchObject([{ status: 'loaded', depth: 6 }]);
    const sixManifest = (await manifest())!;
    const standing = { physicalResourceId: created.physicalResourceId, properties: six };

    // The API answers throughout, each question a board it has not been asked (no cache helps): boards within 6 moves.
    const standard = resolveKnightsGoal('standard');
    const boards = [...new Set(samples(knightsWalkArbitrary(standard.board, 6), 3000, 41))].filter((board) => searchKnights({ board, goal: standard, limit: 6 }, searchBudget(10)).steps >= 0);
    const api = await startBundledFunction(bundles.api, { environment: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: testEndpoint() } });
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

    try {
      // The next version reloads at depth 15, and its environment is killed half-way through its writing: the deploy fails.
      const fifteen = propertiesAt(15, 2);
      const killed = deployAt(15, resourceRequest('Update', fifteen, standing));
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        const progress = (await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: progressKey('knights#standard') } }, ConsistentRead: true }))).Item;
        if (progress) break;
        await sleep(20);
      }
      await killed.environments.kill();
      expect(await killed.outcome).toMatchObject({ status: 'FAILED', reason: expect.stringMatching(/^Error: Runtime exited with error: signal: terminated\n/) });
      expect(await manifest()).toEqual(sixManifest); // the old generation still answers

      // The deploy retried resumes and switches; then the deploy fails later and rolls back: the previous version's loader runs again.
      expect(await firstTables(deployAt(15, resourceRequest('Update', propertiesAt(15, 3), standing)).outcome)).toMatchObject([{ status: 'loaded', depth: 15 }]);
      const fifteenManifest = (await manifest())!;
      expect(fifteenManifest.generation).not.toBe(sixManifest.generation);
      const pagesBefore = JSON.stringify((await scanAll(client, tableName)).filter((item) => /^g\d+\//.test(item.pk.S!)));
      const rollback = resourceRequest('Update', six, { physicalResourceId: created.physicalResourceId, properties: propertiesAt(15, 3) });
      expect(await firstTables(deployAt(6, rollback).outcome)).toMatchObject([{ status: 'restored', depth: 6, written: 0 }]);
      expect(JSON.stringify((await scanAll(client, tableName)).filter((item) => /^g\d+\//.test(item.pk.S!)))).toBe(pagesBefore); // no page written or removed
      expect(await manifest()).toEqual(sixManifest);

      await sleep(300);
    } finally {
      asking = false;
      await questions;
      await api.close();
    }
    expect(asked.length).toBeGreaterThan(50);
    expect(asked.filter(({ source }) => source !== 'table')).toEqual([]);
    expect(asked.filter(({ exact }) => !exact)).toEqual([]);
  });
});
