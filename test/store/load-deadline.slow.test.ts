/**
 * A load given a time to stop by (the deploy's loader, run again until done): it stops at its
 * next safe point, keeps its place, and the next run finishes it, with exactly the pages of a
 * load made in one go; a table whose build would end past the time is not started.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadStopped } from '../../store/load-deadline';
import { type LoadProgress, loadTable } from '../../store/loader';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { registry } from '../../puzzles/registered';
import { loadSettingsFrom, loadTables } from '../../load/load-tables';
import { freshTable, scanAll, testClient, testEndpoint } from '../support/dynamodb';

const client = testClient();
const spec = () => knightsSpec('standard', 10);

afterEach(() => {
  vi.useRealTimers();
});

describe('a load with a time to stop by', () => {
  it('stops while writing with its place kept, stops again before its checks, and the third run finishes: the same pages as one run', async () => {
    const oneGo = await freshTable(client, 'deadline-one-go');
    const whole = await loadTable(client, spec(), { tableName: oneGo, concurrency: 2 });

    const tableName = await freshTable(client, 'deadline');
    // the time is up from the start: the first batch goes out, then the load stops, its place saved
    const first = loadTable(client, spec(), { tableName, concurrency: 2, stopAt: Date.now() });
    await expect(first).rejects.toThrow(LoadStopped);
    const stopped = (await first.catch((error: unknown) => error)) as LoadStopped;
    expect(stopped).toMatchObject({ table: 'knights#standard', phase: 'writing', total: whole.manifest.pages });
    expect(stopped.stored).toBeGreaterThan(0);
    expect(stopped.stored).toBeLessThan(stopped.total);
    expect(stopped.message).toMatch(/^knights#standard: stopped for time while writing, \d+ of \d+ pages stored; the next run resumes from there\.$/);

    // the second run writes the rest; its time runs out as its checks begin
    vi.useFakeTimers({ toFake: ['Date'] });
    const stopAt = Date.now() + 3_600_000;
    const second = loadTable(client, spec(), {
      tableName,
      concurrency: 2,
      stopAt,
      onProgress: (progress: LoadProgress) => {
        if (progress.phase === 'verifying') vi.setSystemTime(stopAt + 1);
      },
    });
    await expect(second).rejects.toMatchObject({ name: 'LoadStopped', phase: 'verifying', stored: whole.manifest.pages });
    vi.useRealTimers();

    // the third resumes with every page stored: it writes none, checks, and switches
    const third = await loadTable(client, spec(), { tableName, concurrency: 2, stopAt: Date.now() + 3_600_000 });
    expect(third).toMatchObject({ status: 'loaded', written: 0, resumedFrom: whole.manifest.pages });
    expect(third.manifest.checksum).toBe(whole.manifest.checksum);
    const pagesOf = async (name: string) => (await scanAll(client, name)).filter((item) => item.pk.S!.startsWith('g'));
    expect((await pagesOf(tableName)).length).toBe((await pagesOf(oneGo)).length);
  });

  it('leaves a table unstarted whose build would end past the time, unless its lane has started nothing yet, and the next run loads it', async () => {
    const tableName = await freshTable(client, 'deadline-tables');
    const settings = loadSettingsFrom({ endpoint: testEndpoint(), table: tableName, tables: 'standard,eight', 'knights-depth': '8', workers: '1', concurrency: '4' }, await registry.loadChoices());
    const builds: string[] = [];
    const first = await loadTables(settings, undefined, { stopAt: Date.now() + 60_000, buildMs: (one) => (builds.push(one.table), 120_000) });
    expect(first.loaded.map((one) => one.table)).toEqual(['knights#standard']);
    expect(first.unfinished).toEqual([{ table: 'eight', said: 'eight: not started, its build would not be done in time; the next run starts it.' }]);
    expect(builds).toEqual(['eight']); // the lane's first table is started whatever its estimate
    const second = await loadTables(settings, undefined, { stopAt: Date.now() + 60_000, buildMs: () => 1000 });
    expect(second.loaded.map((one) => [one.table, one.status])).toEqual([['knights#standard', 'already-loaded'], ['eight', 'loaded']]);
    expect(second.unfinished).toEqual([]);
  });

  it('stops tables loading on threads of their own, and a run without a time finishes them', async () => {
    const tableName = await freshTable(client, 'deadline-threads');
    const settings = loadSettingsFrom({ endpoint: testEndpoint(), table: tableName, tables: 'standard,eight', 'knights-depth': '10', workers: '2', concurrency: '2' }, await registry.loadChoices());
    const first = await loadTables(settings, undefined, { stopAt: Date.now(), buildMs: () => 0 });
    expect(first.loaded).toEqual([]);
    expect(first.unfinished.map((one) => one.table).sort()).toEqual(['eight', 'knights#standard']);
    for (const one of first.unfinished) expect(one.said).toMatch(/stopped for time while writing, \d+ of \d+ pages stored/);
    const second = await loadTables(settings);
    expect(second.loaded.map((one) => [one.table, one.status, one.resumedFrom > 0])).toEqual([['knights#standard', 'loaded', true], ['eight', 'loaded', true]]);
  });
});
