/**
 * The loaded goals every question of a goal-naming puzzle asks for: one answer per catalogue read,
 * shared by the requests of its manifest period, and what a failed read leaves them.
 */
import { describe, expect, it } from 'vitest';
import { AnswerService } from '../../lambda/answer-service';
import { namedGoals } from '../../puzzles/knights/loaded-goals';
import type { LoadedTables } from '../../puzzles/roles/stored-tables';
import { type PageStore, StoreUnavailableError } from '../../store/page-store';
import type { Catalog } from '../../store/catalog';
import { registry } from '../../puzzles/registered';

const ENTRY = { goal: '11111/01111/00*11/00001/00000', whole: false, depth: 8 };

/** A store whose catalogue is read as the test says: the same read while it lasts, as PageStore keeps one a manifest period. */
function storeReading() {
  let read: Promise<Catalog> = Promise.resolve(new Map([['knights#standard', ENTRY]]));
  let reads = 1;
  const store = { catalog: () => read } as unknown as PageStore;
  return {
    store,
    reads: () => reads,
    nextRead(catalog: Promise<Catalog>) {
      read = catalog;
      reads++;
    },
  };
}

describe('the loaded goals', () => {
  it('are one answer per catalogue read, whatever the number of requests of its period', async () => {
    const { store, nextRead } = storeReading();
    const answers = new AnswerService(registry, store);
    const first = await Promise.all([answers.guard.loadedTables(), answers.guard.loadedTables(), answers.guard.loadedTables()]);
    expect(new Set(first).size).toBe(1);
    expect(first[0]).toEqual({ catalog: new Map([['knights#standard', ENTRY]]), known: true });
    expect(await answers.guard.loadedTables()).toBe(first[0]);
    // the period is over: the store reads again, and the requests get what it read
    const later: Catalog = new Map([['knights#standard', ENTRY], ['knights#mine', { ...ENTRY, goal: '10110/01*11/10111/01001/00000' }]]);
    nextRead(Promise.resolve(later));
    const second = await answers.guard.loadedTables();
    expect(second).not.toBe(first[0]);
    expect(second.catalog).toBe(later);
  });

  it('after a failed read are the goals last read, the failure reported once for all the requests that waited on it', async () => {
    const { store, nextRead } = storeReading();
    const failures: unknown[] = [];
    const answers = new AnswerService(registry, store, { onStoreError: (error) => failures.push(error) });
    const known = await answers.guard.loadedTables();
    nextRead(Promise.reject(new StoreUnavailableError('DynamoDB could not be read')));
    const during = await Promise.all([answers.guard.loadedTables(), answers.guard.loadedTables()]);
    expect(during).toEqual([known, known]);
    expect(failures).toHaveLength(1);
  });

  it('are unknown when no read ever succeeded (a goal of one\'s own cannot be told from none)', async () => {
    const { store, nextRead } = storeReading();
    nextRead(Promise.reject(new StoreUnavailableError('DynamoDB could not be read')));
    const answers = new AnswerService(registry, store, { onStoreError: () => {} });
    const goals: LoadedTables = await answers.guard.loadedTables();
    expect(goals).toEqual({ catalog: new Map(), known: false });
  });

  it('are named once per catalogue read: the same catalogue gives the same goals, another its own', () => {
    const catalog: Catalog = new Map([['knights#mine', { ...ENTRY, goal: '10110/01*11/10111/01001/00000' }]]);
    expect(namedGoals(catalog)).toBe(namedGoals(catalog));
    expect([...namedGoals(catalog).keys()]).toEqual(['standard', 'mine']);
    const other: Catalog = new Map();
    expect([...namedGoals(other).keys()]).toEqual(['standard']);
  });
});
