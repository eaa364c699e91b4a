/** How a knights query names its goal and how far it may ask, against the loaded goals. */
import { describe, expect, it } from 'vitest';
import { RefusedForNowError, UnavailableNowError } from '../../../core/errors';
import { knights } from '../../../puzzles/knights';
import { MAX_GOALS, namedGoals } from '../../../puzzles/knights/loaded-goals';
import type { LoadedTables } from '../../../puzzles/roles/stored-tables';
import type { CatalogEntry } from '../../../store/catalog';

const FAR = '01000/10100/11000/0111*/11011';
const SAMPLE = '10110/01*11/10111/01001/00000';
const goals = (entries: Record<string, CatalogEntry>, known = true): LoadedTables => ({ catalog: new Map(Object.entries(entries)), known });
const whole = goals({ 'knights#far': { goal: FAR, whole: true, depth: 46 } });
const partial = goals({ 'knights#far': { goal: FAR, whole: false, depth: 15 } });
const query = (fields: unknown, loaded: LoadedTables) => knights.http.queryOf(fields, async () => loaded);

describe('a knights goal', () => {
  it('is the standard one by default, a loaded one by name or by its board, else a board of its own', async () => {
    expect((await query({ board: SAMPLE }, partial)).goal.name).toBe('standard');
    expect((await query({ board: SAMPLE, goal: 'far' }, partial)).goal).toEqual({ name: 'far', board: FAR.replaceAll('/', '') });
    expect((await query({ board: SAMPLE, goal: FAR.replaceAll('/', '') }, partial)).goal.name).toBe('far');
    expect((await query({ board: SAMPLE, goal: SAMPLE }, partial)).goal.name).toBeUndefined();
  });

  it('accepts limits up to its true depth once its whole table is loaded, else up to 39', async () => {
    expect((await query({ board: SAMPLE, goal: 'far', limit: 46 }, whole)).limit).toBe(46);
    await expect(query({ board: SAMPLE, goal: 'far', limit: 47 }, whole)).rejects.toThrow('The limit must be a whole number of moves from 0 to 46; got 47.');
    await expect(query({ board: SAMPLE, goal: 'far', limit: 40 }, partial)).rejects.toThrow('from 0 to 39; got 40.');
    await expect(query({ board: SAMPLE, limit: 40 }, whole)).rejects.toThrow('from 0 to 39');
    expect(knights.tables.describeTable('knights#far', whole.catalog.get('knights#far')).identity.maxLimit).toBe(46);
  });

  it('refuses an unknown name with the goals there are, and says when they cannot be told now', async () => {
    await expect(query({ board: SAMPLE, goal: 'nope' }, partial)).rejects.toThrow(new RefusedForNowError('There is no goal named "nope": the goals loaded are standard, far; or give the goal as a board.'));
    await expect(query({ board: SAMPLE, goal: 'far' }, goals({}, false))).rejects.toThrow(UnavailableNowError);
    expect((await query({ board: SAMPLE, goal: 'standard' }, goals({}, false))).goal.name).toBe('standard');
    await expect(query({ board: SAMPLE, goal: '10110/01*11' }, partial)).rejects.toThrow(/^The goal is not a valid board\. A board has 5 rows/);
  });

  it(`serves at most ${MAX_GOALS} goals, and ignores catalogue entries that name no goal`, () => {
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`knights#g${String(i).padStart(3, '0')}`, { goal: FAR, whole: false, depth: 1 }]));
    expect(namedGoals(goals({ ...many }).catalog).size).toBe(MAX_GOALS);
    const odd = goals({ 'knights#Bad Name': { goal: FAR, whole: false, depth: 1 }, 'knights#bad-board': { goal: 'xyz', whole: false, depth: 1 }, eight: { goal: 'X', whole: true, depth: 31 } });
    expect([...namedGoals(odd.catalog).keys()]).toEqual(['standard']);
    expect(knights.tables.tables(odd.catalog)).toEqual(['knights#standard']);
  });
});
