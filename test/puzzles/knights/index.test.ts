/** The knights puzzle as the service holds it: each of its roles, assembled in its folder's index.ts. */
import { describe, expect, it } from 'vitest';
import { knights } from '../../../puzzles/knights';
import type { LoadedTables } from '../../../puzzles/roles/stored-tables';
import { searchBudget } from '../../support/search-budget';

const SAMPLE = '10110/01*11/10111/01001/00000';
const noneLoaded: LoadedTables = { catalog: new Map(), known: true };

describe('the knights puzzle', () => {
  it('reads a JSON query against the loaded goals (asked once), and answers it by search with every move valued', async () => {
    const budget = searchBudget(10);
    let asked = 0;
    const query = await knights.http.queryOf({ board: SAMPLE }, async () => {
      asked++;
      return noneLoaded;
    });
    expect(asked).toBe(1);
    expect(query).toMatchObject({ goal: { name: 'standard' }, limit: 15 });
    const answer = knights.solver.search(query, budget);
    expect(answer).toEqual({ steps: 7, path: [4, 13, 16, 7, 10, 1, 12] });
    const moves = knights.solver.valueMoves(query, answer, budget);
    expect(knights.http.respond(query, { ...answer, moves, source: 'search', cached: false })).toMatchObject({ steps: 7, board: SAMPLE, goal: 'standard', limit: 15, moves: expect.arrayContaining([{ move: 4, steps: 6, optimal: true }]) });
  });

  it('has a table per goal, found by the goal\'s name, and advice on loading it deeper when the search gives up', async () => {
    const query = await knights.http.queryOf({ board: SAMPLE, limit: 39 }, async () => noneLoaded);
    expect(knights.tables.tables(new Map())).toEqual(['knights#standard']);
    expect(knights.tables.locate(query)).toMatchObject({ table: 'knights#standard', section: 'knights#standard' });
    expect(knights.tables.adviceWhenSearchGaveUp!(query, 'missing')).toMatch(/The standard knights table is not loaded\. To answer up to 39 moves from a table, load it that deep: npm run precompute -- --tables standard --knights-depth 39/);
  });

  it('reads and writes the SCOI judge format', () => {
    const queries = knights.judge.queries(`1\n${SAMPLE.replaceAll('/', '\n')}\n`);
    expect(queries).toHaveLength(1);
    expect(knights.judge.output([{ steps: 7, path: [] }, { steps: -1, path: [] }])).toBe('7\n-1\n');
  });

  it('keeps its command line and loads behind the offline import, and its own load options there', async () => {
    const { commandLine, loads } = await knights.offline();
    expect(commandLine.options).toEqual({ goal: { type: 'string' }, limit: { type: 'string' } });
    expect(commandLine.query([SAMPLE], { goal: 'mine', limit: '20' })).toEqual({ board: SAMPLE, goal: 'mine', limit: '20' });
    expect(Object.keys(loads!.options!)).toEqual(['goal', 'knights-depth']);
    expect(loads!.specs(['standard'], { 'knights-depth': '3' }).map((spec) => [spec.table, spec.depth])).toEqual([['knights#standard', 3]]);
    // what a load will take, known before it is built: the whole space as measured, the default depth exactly its positions
    const [whole] = loads!.specs(['standard'], { 'knights-depth': '39' });
    expect(whole.estimate!()).toMatchObject({ table: 'knights#standard', positions: 67_603_900, pages: 99_272, writeUnits: 397_087 });
    expect(loads!.specs(['standard'], {})[0].estimate!()).toMatchObject({ positions: 1_671_855, pages: 2_185 });
  });
});
