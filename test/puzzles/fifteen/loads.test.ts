/**
 * The 15-puzzle's table as a load writes it: its manifest names the goal board (a goal is a board
 * here as for every table) and, as its parts, the tile groups of its pattern databases. A load of
 * another partition is another content of the same goal: refused unless forced, as another goal is.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { fifteenSpec } from '../../../puzzles/fifteen/offline/loads';
import { PARTITION_33333 } from '../../../puzzles/fifteen/rules/pattern-set';
import { GoalConflictError } from '../../../store/load-errors';
import { loadTable } from '../../../store/loader';
import { freshTable, testClient } from '../../support/dynamodb';

const client = testClient();
afterAll(() => client.destroy());

/** Five other groups of three: a partition of the same size, of other tiles. */
const OTHER_33333 = [
  [1, 2, 5],
  [3, 4, 8],
  [6, 7, 11],
  [9, 10, 13],
  [12, 14, 15],
];

describe("the 15-puzzle's table", () => {
  it('names the goal board as its goal and the tile groups as its parts; another partition is refused unless forced, naming both', async () => {
    const tableName = await freshTable(client, 'fifteen-parts');
    const first = await loadTable(client, fifteenSpec(PARTITION_33333), { tableName, concurrency: 8 });
    expect(first.manifest).toMatchObject({ table: 'fifteen', goal: '1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0', parts: 'pattern databases 1,2,3 / 4,7,8 / 5,6,9 / 10,13,14 / 11,12,15' });
    expect((await loadTable(client, fifteenSpec(PARTITION_33333), { tableName, concurrency: 8 })).status).toBe('already-loaded');

    const refusal = await loadTable(client, fifteenSpec(OTHER_33333), { tableName, concurrency: 8 }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(GoalConflictError);
    expect((refusal as Error).message).toBe(
      'fifteen already holds pattern databases 1,2,3 / 4,7,8 / 5,6,9 / 10,13,14 / 11,12,15, not pattern databases 1,2,5 / 3,4,8 / 6,7,11 / 9,10,13 / 12,14,15; run again with --force to replace it.',
    );

    // a spec of the same goal that names no parts is another content too
    await expect(loadTable(client, { ...fifteenSpec(PARTITION_33333), parts: undefined }, { tableName, concurrency: 8 })).rejects.toThrow(
      'fifteen already holds pattern databases 1,2,3 / 4,7,8 / 5,6,9 / 10,13,14 / 11,12,15, not the goal alone; run again with --force to replace it.',
    );

    const forced = await loadTable(client, fifteenSpec(OTHER_33333), { tableName, concurrency: 8, force: true });
    expect(forced).toMatchObject({ status: 'loaded', manifest: { goal: '1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0', parts: 'pattern databases 1,2,5 / 3,4,8 / 6,7,11 / 9,10,13 / 12,14,15' } });
  });
});
