import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUZZLE_LIST } from '../support/registered-names';
import { parseKnightsBoard } from '../../puzzles/knights/rules/board';
import { loadTable } from '../../store/loader';
import { eightSpec } from '../../puzzles/eight/offline/loads';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { recordLocalService } from '../../scripts/local-service';

const client = testClient();
let tableName: string;

beforeAll(async () => {
  tableName = await freshTable(client, 'lookup');
  await loadTable(client, knightsSpec('standard', 8), { tableName, concurrency: 8 });
  await loadTable(client, eightSpec(9), { tableName, concurrency: 8 });
  await loadTable(client, knightsSpec('mine', 2, parseKnightsBoard('10110/01*11/10111/01001/00000')), { tableName, concurrency: 8 });
});

function lookup(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/lookup.ts', ...args, '--endpoint', testEndpoint(), '--table', tableName], { encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('npm run lookup', () => {
  it('shows the page key, its size and the decoded knights record', () => {
    const { code, stdout } = lookup('knights', '10110/01*11/10111/01001/00000');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^page {7}g\d+\/knights#standard#p\d{6}: \d+ bytes as DynamoDB counts them, \d+ positions; this one in slot \d+$/m);
    expect(stdout).toMatch(/^distance {3}7$/m);
    expect(stdout).toMatch(/^moves {6}0, 4 optimal, 10, 14, 16, 18$/m);
    expect(stdout).toMatch(/^line {7}\[4, 13, 16, 7, 10, 1, 12\]$/m);
  });

  it('reads the table of a goal of one\'s own by its name', () => {
    const { code, stdout } = lookup('knights', '1011*/01011/10111/01001/00000', '--goal', 'mine');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^page {7}g\d+\/knights#mine#p\d{6}: /m);
    expect(stdout).toMatch(/^distance {3}1$/m);
    expect(stdout).toMatch(/^line {7}\[7\]$/m);
    expect(lookup('knights', '1011*/01011/10111/01001/00000', '--goal', 'nobody').stderr).toMatch(/There is no goal named "nobody": the goals loaded are standard, mine/);
  });

  it('shows the eight record of the relabelled board, with move letters', () => {
    const { code, stdout } = lookup('eight', '564178X23', '7568X4123');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^position {3}235614X78 \(A relabelled for goal 1234X5678; Cantor rank \d+\)$/m);
    expect(stdout).toMatch(/^page {7}g\d+\/eight#1234X5678#p\d{4}: /m);
    expect(stdout).toMatch(/^line {7}"urrulldr"$/m);
  });

  it('says when the table does not hold the position, and refuses bad input with a sentence', () => {
    const far = lookup('knights', '01011/110*1/01110/01010/00100');
    expect(far.code).toBe(0);
    expect(far.stdout).toMatch(/^record {5}none: the position is more than 8 moves from the goal$/m);
    const wrong = lookup('knights', '10110/01*11');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/A board has 5 rows of 5 cells; this one has 2 rows\./);
    const usage = lookup('chess');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(new RegExp(`^There is no puzzle "chess"\\. The puzzles are ${PUZZLE_LIST}\\.\\nusage: npm run --silent lookup`));
    expect(lookup('eight', '12345678X', '12345687X').stderr).toMatch(/cannot be reached/);
  });
});

describe('npm run lookup, finding npm start by its data folder', () => {
  const lookupOn = (...args: string[]) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/lookup.ts', ...args, '--table', tableName], { encoding: 'utf8' });
    return { code: run.status, stdout: run.stdout, stderr: run.stderr };
  };

  it('names the folder it looked in and --data DIR for another, exits 1 (nothing to talk to) as ask does, and finds the npm start --data names', () => {
    const folder = mkdtempSync(join(tmpdir(), 'tablebase-lookup-'));
    try {
      const missing = lookupOn('knights', '10110/01*11/10111/01001/00000', '--data', folder);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain(`No npm start is running on the data folder ${folder} (`);
      expect(missing.stderr).toContain('name it here with --data DIR');
      expect(missing.stderr).toContain('--endpoint URL');
      // nothing answers at the endpoint given: nothing to talk to too
      const down = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/lookup.ts', 'knights', '10110/01*11/10111/01001/00000', '--endpoint', 'http://127.0.0.1:9', '--table', tableName], { encoding: 'utf8' });
      expect(down.status).toBe(1);
      expect(down.stderr).toMatch(/DynamoDB could not be read/);
      // what npm start on that folder records
      const forget = recordLocalService(folder, { url: 'http://127.0.0.1:9', endpoint: testEndpoint(), pid: process.pid });
      try {
        const found = lookupOn('knights', '10110/01*11/10111/01001/00000', '--data', folder);
        expect(found.code).toBe(0);
        expect(found.stdout).toMatch(/^distance {3}7$/m);
      } finally {
        forget();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
