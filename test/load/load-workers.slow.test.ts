import { spawnSync } from 'node:child_process';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { manifestKey } from '../../store/table-keys';
import { type Manifest, readManifest } from '../../store/manifests';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';

const client = testClient();

/** `npm run precompute` as a process, into `tableName`. */
function precompute(tableName: string, ...options: string[]): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/precompute.ts', '--endpoint', testEndpoint(), '--table', tableName, ...options], { encoding: 'utf8', timeout: 600_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

async function manifestOf(tableName: string, table: string): Promise<Manifest> {
  const item = (await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: manifestKey(table) } }, ConsistentRead: true }))).Item;
  return readManifest(item!) as Manifest;
}

describe('a load on one thread or on several', () => {
  it('writes the same pages: tables at once on threads of their own, or one table with its pages encoded on two threads', async () => {
    const [one, two, alone] = await Promise.all(['one-thread', 'two-threads', 'one-table'].map((name) => freshTable(client, name)));
    const tables = ['knights#standard', 'eight'];

    const sequential = precompute(one, '--tables', 'standard,eight', '--workers', '1');
    expect(sequential.code, sequential.stderr).toBe(0);
    const together = precompute(two, '--tables', 'standard,eight', '--workers', '2');
    expect(together.code, together.stderr).toBe(0);
    const single = precompute(alone, '--tables', 'standard', '--workers', '2');
    expect(single.code, single.stderr).toBe(0);

    // A summary line for each table, whichever finished first.
    for (const table of tables) {
      expect(sequential.stdout).toMatch(new RegExp(`^${table}: loaded .* verified; manifest sha256:`, 'm'));
      expect(together.stdout).toMatch(new RegExp(`^${table}: loaded .* verified; manifest sha256:`, 'm'));
    }
    // Progress from both threads' tables.
    for (const table of tables) expect(together.stderr).toContain(`${table}: verifying…`);

    for (const table of tables) {
      const expected = await manifestOf(one, table);
      expect((await manifestOf(two, table)).checksum).toBe(expected.checksum);
      expect(await manifestOf(two, table)).toMatchObject({ pages: expected.pages, positions: expected.positions, bytes: expected.bytes, levels: expected.levels });
    }
    expect((await manifestOf(alone, 'knights#standard')).checksum).toBe((await manifestOf(one, 'knights#standard')).checksum);
  });

  it("tells a table's failure on its thread as the load's, in a sentence, and writes no manifest for it", async () => {
    const tableName = await freshTable(client, 'thread-failure');
    // A goal of one's own loaded under a name, then another board under the same name: refused on its thread.
    expect(precompute(tableName, '--tables', 'eight', '--goal', 'mine=10110/01*11/10111/01001/00000', '--knights-depth', '3', '--workers', '2').code).toBe(0);
    const conflict = precompute(tableName, '--tables', 'eight', '--goal', 'mine=01000/10100/11000/0111*/11011', '--knights-depth', '3', '--workers', '2');
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toMatch(/precompute failed: knights#mine already holds the goal 10110\/01\*11\/10111\/01001\/00000, not 01000\/10100\/11000\/0111\*\/11011; load this goal under another name, or run again with --force to replace it\./);
    expect((await manifestOf(tableName, 'knights#mine')).goal).toBe('10110/01*11/10111/01001/00000');
  });
});
