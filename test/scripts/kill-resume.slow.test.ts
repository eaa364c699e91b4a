import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { manifestKey, progressKey } from '../../store/table-keys';
import { generationPrefix } from '../../store/generations';
import { type Manifest, readManifest, readProgress } from '../../store/manifests';
import { countItems } from '../../store/verify';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { seededRandom } from '../../core/seeded';
import { readArrayTable } from '../../store/array-reads';
import { DEFAULT_RETRY } from '../../store/retry';
import { databasesOf } from '../../puzzles/fifteen/estimates';
import { GOAL } from '../../puzzles/fifteen/rules/board';
import { PARTITION_663, patternEstimate } from '../../puzzles/fifteen/rules/pattern-set';

const client = testClient();
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
/** Where a load's pages are: under its generation. */
const pagesOf = (manifest: Manifest) => generationPrefix(manifest.generation, manifest.table);

const KNIGHTS = ['--tables', 'standard', '--knights-depth', '15'];

function precompute(tableName: string, load = KNIGHTS): { child: ChildProcess; done: Promise<{ code: number | null; stdout: string; stderr: string }> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/precompute.ts', '--endpoint', testEndpoint(), '--table', tableName, ...load, '--concurrency', '1'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    // 'close', not 'exit': the last lines may still be unread when the process exits
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}

async function item(tableName: string, key: string) {
  return (await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: key } }, ConsistentRead: true }))).Item;
}

describe('kill -9 during a load, then resume', () => {
  it('never leaves an early manifest and ends with exactly the expected items, manifest written once', async () => {
    const tableName = await freshTable(client, 'kill');
    const random = seededRandom(9);
    let finishedBeforeKill = false;

    for (let round = 0; round < 3; round++) {
      const run = precompute(tableName);
      // Kill at a random moment once this run has saved progress (the first run: at any moment).
      const deadline = Date.now() + 60_000;
      const saved = await item(tableName, progressKey('knights#standard'));
      const before = saved ? readProgress(saved)!.written : 0;
      if (round === 0) await sleep(500 + random() * 8000);
      else {
        while (Date.now() < deadline) {
          const progress = await item(tableName, progressKey('knights#standard'));
          if (progress && readProgress(progress)!.written > before) break;
          await sleep(50);
        }
        await sleep(random() * 400);
      }
      run.child.kill('SIGKILL');
      const { code } = await run.done;
      const manifest = await item(tableName, manifestKey('knights#standard'));
      if (manifest) {
        // Only a run that finished may leave a manifest, and then the table is exact.
        expect(code).toBe(0);
        const written = readManifest(manifest) as Manifest;
        expect(await countItems(client, tableName, pagesOf(written))).toBe(written.pages);
        finishedBeforeKill = true;
      } else {
        expect(code).toBeNull(); // killed, not exited
      }
    }

    const last = await precompute(tableName).done;
    expect(last.code, last.stderr).toBe(0);
    expect(last.stdout).toMatch(
      finishedBeforeKill ? /already loaded/ : /loaded \d+ pages \(1671855 positions, depth 15.*resumed after \d+ already stored/,
    );
    const manifest = readManifest((await item(tableName, manifestKey('knights#standard')))!) as Manifest;
    expect(manifest.positions).toBe(1_671_855);
    expect(await countItems(client, tableName, pagesOf(manifest))).toBe(manifest.pages);
    expect(await item(tableName, progressKey('knights#standard'))).toBeUndefined();

    const again = await precompute(tableName).done;
    expect(again.stdout).toMatch(/already loaded: .*nothing to do/);
    expect(readManifest((await item(tableName, manifestKey('knights#standard')))!)).toEqual(manifest);
  });
});

describe("kill -9 during the 15-puzzle's databases' load (a table of byte arrays), then resume", () => {
  it('leaves no manifest, and the next run resumes from the saved progress to databases that read back whole and verified', async () => {
    const tableName = await freshTable(client, 'kill-fifteen');
    const FIFTEEN = ['--tables', 'fifteen'];
    // The databases are built (seconds), written (a second or two), then read back and compared
    // (seconds): the first saved progress comes late in the writing, so a kill just after it cuts
    // the load short with its pages stored and no manifest.
    const run = precompute(tableName, FIFTEEN);
    const deadline = Date.now() + 90_000;
    let saved: ReturnType<typeof readProgress>;
    while (Date.now() < deadline && run.child.exitCode === null && !saved) {
      const progress = await item(tableName, progressKey('fifteen'));
      if (progress) saved = readProgress(progress);
      else await sleep(25);
    }
    await sleep(seededRandom(15)() * 200);
    run.child.kill('SIGKILL');
    const killed = await run.done;
    expect(killed.code, killed.stdout).toBeNull();
    expect(await item(tableName, manifestKey('fifteen'))).toBeUndefined();
    expect(saved!.written).toBeGreaterThan(0);

    const last = await precompute(tableName, FIFTEEN).done;
    expect(last.code, last.stderr).toBe(0);
    expect(last.stdout).toMatch(/fifteen: loaded \d+ pages \(11534880 entries in 3 arrays.*resumed after [1-9]\d* already stored.*verified/);
    expect(await item(tableName, progressKey('fifteen'))).toBeUndefined();
    const manifest = readManifest((await item(tableName, manifestKey('fifteen')))!) as Manifest;
    expect(await countItems(client, tableName, pagesOf(manifest))).toBe(manifest.pages);

    // Read back as the function reads them: every page against the manifest's checksum, then the databases' own check.
    const databases = databasesOf((await readArrayTable(client, tableName, 'fifteen', { policy: DEFAULT_RETRY })).arrays);
    expect(databases.partition).toEqual(PARTITION_663);
    expect(patternEstimate(databases, GOAL)).toBe(0);

    const again = await precompute(tableName, FIFTEEN).done;
    expect(again.stdout).toMatch(/already loaded: .*nothing to do/);
  });
});
