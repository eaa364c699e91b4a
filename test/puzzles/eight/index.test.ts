/** Eight II as the service holds it: each of its roles, assembled in its folder's index.ts. */
import { describe, expect, it } from 'vitest';
import { UnreachableError } from '../../../core/errors';
import { eight } from '../../../puzzles/eight';
import { EIGHT_GOALS, EIGHT_TABLE } from '../../../puzzles/eight/tables';
import { searchBudget } from '../../support/search-budget';

const noGoals = async () => {
  throw new Error('an eight query never reads the loaded goals');
};

describe('the eight puzzle', () => {
  it('reads a JSON query without the loaded goals, and refuses an unreachable pair at once', async () => {
    const query = await eight.http.queryOf({ from: '12X453786', to: '12345678X' }, noGoals);
    expect(query).toEqual({ from: [1, 2, 0, 4, 5, 3, 7, 8, 6], to: [1, 2, 3, 4, 5, 6, 7, 8, 0] });
    await expect(Promise.resolve().then(() => eight.http.queryOf({ from: '21345678X', to: '12345678X' }, noGoals))).rejects.toThrow(UnreachableError);
  });

  it('searches the SPEC samples, and its answer carries every move in d, l, r, u order', async () => {
    const budget = searchBudget(10);
    const query = await eight.http.queryOf({ from: '564178X23', to: '7568X4123' }, noGoals);
    const answer = eight.solver.search(query, budget);
    expect(answer).toEqual({ steps: 8, path: 'urrulldr' });
    const moves = eight.solver.valueMoves(query, answer, budget);
    const json = eight.http.respond(query, { ...answer, moves, source: 'search', cached: false });
    expect(json).toMatchObject({ steps: 8, path: 'urrulldr', from: '564178X23', to: '7568X4123', moves: [{ move: 'r', steps: 9, optimal: false }, { move: 'u', steps: 7, optimal: true }] });
  });

  it('has one table of its 9 goals, where every query finds its section by the relabelled A', async () => {
    expect(eight.tables.tables(new Map())).toEqual([EIGHT_TABLE]);
    const a = eight.tables.locate(await eight.http.queryOf({ from: '12X453786', to: '12345678X' }, noGoals));
    const relabelled = eight.tables.locate(await eight.http.queryOf({ from: '21X453786', to: '21345678X' }, noGoals));
    expect(a).toMatchObject({ table: EIGHT_TABLE, goal: EIGHT_GOALS, section: 'eight#12345678X' });
    expect(relabelled).toEqual(a);
    expect(eight.tables.describeTable(EIGHT_TABLE, undefined)).toEqual({ identity: { puzzle: 'eight', goal: EIGHT_GOALS }, spacePositions: 9 * 181_440, loadOptions: ['--tables eight'] });
  });

  it('reads and writes the HDU 3567 judge format', () => {
    const queries = eight.judge.queries('2\n12X453786\n12345678X\n564178X23\n7568X4123\n');
    expect(queries).toHaveLength(2);
    expect(eight.judge.output([{ steps: 2, path: 'dd' }, { steps: 0, path: '' }])).toBe('Case 1: 2\ndd\nCase 2: 0\n\n');
  });

  it('keeps its command line and its load behind the offline import', async () => {
    const { commandLine, loads } = await eight.offline();
    expect(commandLine.usage).toBe('eight A B');
    expect(loads!.names).toEqual([EIGHT_TABLE]);
    expect(loads!.specs([], {})).toEqual([]);
    expect(loads!.specs([EIGHT_TABLE], {}).map((spec) => spec.table)).toEqual([EIGHT_TABLE]);
  });
});
