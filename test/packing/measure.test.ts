import { describe, expect, it } from 'vitest';
import { buildKnightsBfsTable } from '../../puzzles/knights/rules/bfs-table';
import { builtInGoal } from '../../puzzles/knights/loaded-goals';
import { KNIGHTS_MEASURE_THREAD } from '../../puzzles/knights/offline/measure-thread';
import { IDLE_THREAD } from '../support/idle-thread';
import { FAILING_MEASURE_THREAD } from '../support/failing-measure-thread';
import { KNIGHTS_FORMAT } from '../../puzzles/knights/tables';
import { measureSection } from '../../packing/measure';
import { entryLength } from '../../packing/page-encoding';
import { goldenMultiplier } from '../../packing/page-layout';

const layout = { ranks: KNIGHTS_FORMAT.ranks, ranksPerPage: KNIGHTS_FORMAT.ranks, multiplier: goldenMultiplier(KNIGHTS_FORMAT.ranks) };

describe('records measured on several threads', () => {
  // 12 moves: a quarter of a million positions, a thread for each 2^15 of them at most.
  const { bfs } = buildKnightsBfsTable({ name: 'standard', board: builtInGoal('standard')!.board }, 12, true);
  const measure = (threads: number) => measureSection(KNIGHTS_FORMAT, bfs, layout, threads, KNIGHTS_MEASURE_THREAD, 1 << 15);

  it('hold every field and line code one thread gives, wherever in the stream each thread wrote it', async () => {
    const one = await measure(1);
    const two = await measure(2);
    expect([one.threads, two.threads]).toEqual([1, 2]);
    expect(two.index.size).toBe(one.index.size);
    let coded = 0;
    for (let entry = 0; entry < one.index.size; entry++) {
      const word = one.entries[2 * entry + 1];
      if (two.entries[2 * entry + 1] !== word) expect.fail(`entry ${entry}'s fields differ`);
      for (let bit = 0; bit < entryLength(word); bit += 32) {
        const count = Math.min(32, entryLength(word) - bit);
        if (one.lines.read(one.entries[2 * entry] + bit, count) !== two.lines.read(two.entries[2 * entry] + bit, count)) expect.fail(`entry ${entry}'s line code differs`);
      }
      if (entryLength(word) > 0) coded++;
    }
    expect(coded).toBe(bfs.order.length - bfs.levels[0] - bfs.levels[1]);
  });

  it('stay on this thread without shared tables, or without a job for its workers', async () => {
    const unshared = buildKnightsBfsTable({ name: 'standard', board: builtInGoal('standard')!.board }, 12).bfs;
    expect((await measureSection(KNIGHTS_FORMAT, unshared, layout, 2, KNIGHTS_MEASURE_THREAD, 1 << 15)).threads).toBe(1);
    expect((await measureSection(KNIGHTS_FORMAT, bfs, layout, 2, undefined, 1 << 15)).threads).toBe(1);
  });

  it('fail when a worker ends without measuring: its job does not measure', async () => {
    await expect(measureSection(KNIGHTS_FORMAT, bfs, layout, 2, IDLE_THREAD, 1 << 15)).rejects.toThrow(/^a measuring thread ended without measuring: its job \(test: ends at once\) does not measure$/);
  });

  it('fail with the worker\'s own error when it fails as it starts: this thread measures every position, and the build still fails', async () => {
    await expect(measureSection(KNIGHTS_FORMAT, bfs, layout, 2, { name: 'test: a module that throws', module: new URL('../support/failing-thread.ts', import.meta.url).href }, 1 << 15)).rejects.toThrow(/^this measuring thread cannot read its table$/);
  });

  it('fail with the worker\'s own error when it fails mid-way, while this thread waits on its level', async () => {
    await expect(measureSection(KNIGHTS_FORMAT, bfs, layout, 2, FAILING_MEASURE_THREAD, 1 << 15)).rejects.toThrow(/^this measuring thread lost its table mid-way$/);
  });

  it('fail with this thread\'s own error, the workers waiting on a level let go', async () => {
    let ranked = 0;
    const failing = Object.create(bfs.space, { rank: { value: (code: number) => (++ranked > 20_000 ? fail() : bfs.space.rank(code)) } });
    const fail = (): never => {
      throw new Error('this thread lost its table mid-way');
    };
    await expect(measureSection(KNIGHTS_FORMAT, { ...bfs, space: failing }, layout, 2, KNIGHTS_MEASURE_THREAD, 1 << 15)).rejects.toThrow(/^this thread lost its table mid-way$/);
  });
});
