/**
 * npm start's searches on threads of their own (emulator/search-threads.ts), as the service uses
 * them: while a 15-puzzle search of seconds runs on its thread, other questions are answered at
 * once on the service's thread; the answers are those the search gives in its own thread; a
 * search's budget crosses as what is left of it, and its giving up comes back as the same error.
 * The databases are a packed 5-5-5 (a file of the 7-8 set's form, built in a second), on which an
 * 80-move board takes minutes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BudgetExhaustedError } from '../../core/errors';
import { AnswerService } from '../../lambda/answer-service';
import { eight } from '../../puzzles/eight';
import { fifteen } from '../../puzzles/fifteen';
import { PACKED_TABLE, packedDatabaseArrays } from '../../puzzles/fifteen/packed-file';
import { PACKED_PARTITION_555, buildPackedDatabases } from '../../puzzles/fifteen/rules/packed-pattern-set';
import { searchFifteen } from '../../puzzles/fifteen/rules/search';
import { registry } from '../../puzzles/registered';
import { searchOnThreads } from '../../emulator/search-threads';
import { packagedArrayFile, writeArrayFile } from '../../store/array-file';

const NO_TABLES = async () => ({ catalog: new Map(), known: true });
const FARTHEST = '0,12,9,13,15,11,10,14,3,7,5,6,4,8,2,1';
const SAMPLE = '6,10,8,11,13,1,2,4,5,12,3,15,9,0,14,7';
const folder = mkdtempSync(join(tmpdir(), 'tablebase-search-threads-'));
const databases = buildPackedDatabases(PACKED_PARTITION_555);
writeArrayFile(packagedArrayFile(folder, PACKED_TABLE), PACKED_TABLE, packedDatabaseArrays(databases));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const budget = (ms: number) => ({ maxNodes: 10 ** 9, deadline: performance.now() + ms });

describe('searches on threads of their own', () => {
  const answers = new AnswerService(registry, undefined, { packagedTables: folder, searchWith: searchOnThreads(2) });

  it('answer as the search in this thread does', async () => {
    const query = await fifteen.http.queryOf({ board: SAMPLE }, NO_TABLES);
    const answer = await answers.answer(fifteen, query, budget(60_000), { moves: true });
    expect(answer).toMatchObject({ ...searchFifteen(query, budget(60_000), databases), heuristic: 'pattern databases 5-5-5', source: 'search' });
    expect(answer.moves?.length).toBeGreaterThan(0);
  });

  it("leave the service's thread free: other questions are answered while a search of seconds runs", async () => {
    // two seconds of search on the farthest board (more than 5-5-5 finishes it in), on its thread
    const far = await fifteen.http.queryOf({ board: FARTHEST }, NO_TABLES);
    let farEnded = 0;
    const searching = answers.answer(fifteen, far, budget(2000)).catch((error: unknown) => {
      farEnded = performance.now();
      return error;
    });
    const sample = eight.http.description.samples[0];
    const asked = performance.now();
    for (let i = 0; i < 20; i++) await answers.answer(eight, await eight.http.queryOf(sample.query, NO_TABLES), budget(5000));
    const eightDone = performance.now();
    // in the service's own thread the search would have held every one of them until it ended
    expect(farEnded).toBe(0);
    expect(eightDone - asked).toBeLessThan(1500);
    expect(await searching).toBeInstanceOf(BudgetExhaustedError);
    expect(farEnded).toBeGreaterThan(eightDone);
  });

  it("give up as the search does when its budget ends, the same error and sentence", async () => {
    const far = await fifteen.http.queryOf({ board: '0,12,10,13,15,11,14,9,7,8,6,2,4,3,5,1' }, NO_TABLES);
    const error = await answers.answer(fifteen, far, budget(300)).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(BudgetExhaustedError);
    expect(String((error as Error).message)).toMatch(/^The search gave up after \d+ positions \(out of time\)/);
  });
});
