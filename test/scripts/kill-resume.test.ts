import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { type Manifest, keyPrefix, manifestKey, progressKey, readManifest, readProgress } from '../../store/table-schema';
import { countItems } from '../../store/verify';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { seededRandom } from '../../core/seeded';

const client = testClient();
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
const prefix = keyPrefix('knights#standard');

function precompute(tableName: string): { child: ChildProcess; done: Promise<{ code: number | null; stdout: string; stderr: string }> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/precompute.ts', '--endpoint', testEndpoint(), '--table', tableName, '--goals', 'standard', '--knights-depth', '15', '--concurrency', '1'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
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
        expect(await countItems(client, tableName, prefix)).toBe((readManifest(manifest) as Manifest).pages);
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
    expect(await countItems(client, tableName, prefix)).toBe(manifest.pages);
    expect(await item(tableName, progressKey('knights#standard'))).toBeUndefined();

    const again = await precompute(tableName).done;
    expect(again.stdout).toMatch(/already loaded: .*nothing to do/);
    expect(readManifest((await item(tableName, manifestKey('knights#standard')))!)).toEqual(manifest);
  });
});
