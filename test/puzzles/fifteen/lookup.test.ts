/** npm run lookup -- fifteen: what the stored pattern databases say of a board (run in this process against the suite's dynalite). */
import { describe, expect, it, vi } from 'vitest';
import { fifteenSpec } from '../../../puzzles/fifteen/offline/loads';
import { PARTITION_33333, buildPatternDatabases, patternEstimate } from '../../../puzzles/fifteen/rules/pattern-set';
import { parseFifteenBoard } from '../../../puzzles/fifteen/rules/board';
import { lookup } from '../../../scripts/lookup';
import { registry } from '../../../puzzles/registered';
import { loadTable } from '../../../store/loader';
import { freshTable, testClient, testEndpoint } from '../../support/dynamodb';

const client = testClient();
const BOARD = '6,10,8,11,13,1,2,4,5,12,3,15,9,0,14,7';

async function printed(run: () => Promise<number>): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const log = vi.spyOn(console, 'log').mockImplementation((...parts) => void (stdout += `${parts.join(' ')}\n`));
  try {
    return { code: await run(), stdout };
  } finally {
    log.mockRestore();
  }
}

describe('npm run lookup -- fifteen', () => {
  it('reads the stored databases and shows each group\'s value for the board, mirrored too, and the estimate they make', async () => {
    const tableName = await freshTable(client, 'fifteen-lookup');
    await loadTable(client, fifteenSpec(PARTITION_33333), { tableName, concurrency: 8 });
    const got = await printed(() => lookup(registry, ['fifteen', BOARD, '--endpoint', testEndpoint(), '--table', tableName]));
    expect(got.code).toBe(0);
    expect(got.stdout).toMatch(/^table {6}fifteen: \d+ entries in 5 arrays \(\d+ pages\), checksum sha256:/m);
    expect(got.stdout.match(/^estimate {3}tiles [\d,]+: \d+ of their own moves at least \(\d+ on the mirrored board\)$/gm)).toHaveLength(5);
    const estimate = patternEstimate(buildPatternDatabases(PARTITION_33333), parseFifteenBoard(BOARD));
    expect(got.stdout).toMatch(new RegExp(`^estimate {3}sum \\d+, on the board mirrored about its main diagonal \\d+: the estimate is ${estimate} moves \\(Manhattan with linear conflicts: \\d+\\)$`, 'm'));
  });

  it('says so when the table is not loaded', async () => {
    const tableName = await freshTable(client, 'fifteen-none');
    const got = await printed(() => lookup(registry, ['fifteen', BOARD, '--endpoint', testEndpoint(), '--table', tableName]));
    expect(got.code).toBe(1);
    expect(got.stdout).toMatch(/^table {6}fifteen: /m);
  });
});
