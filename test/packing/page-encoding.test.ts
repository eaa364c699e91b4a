import { describe, expect, it } from 'vitest';
import { eightSpec } from '../../puzzles/eight/offline/loads';
import { builtInGoal } from '../../puzzles/knights/loaded-goals';
import { buildKnightsBfsTable } from '../../puzzles/knights/rules/bfs-table';
import { KNIGHTS_FORMAT } from '../../puzzles/knights/tables';
import { measureSection } from '../../packing/measure';
import { PAGES_PER_WORKER, encodePages } from '../../packing/page-encoding';
import { MAX_PAGE_ITEM_BYTES } from '../../store/page-items';
import { goldenMultiplier } from '../../packing/page-layout';
import { samePages } from '../support/same-pages';

describe('pages encoded on several threads', () => {
  it('are the bytes one thread writes, whichever thread wrote each (eight: nine sections, each filling its space)', async () => {
    const one = await eightSpec().build({ threads: 1 });
    const two = await eightSpec().build({ threads: 2 });
    expect(one.pages.length).toBeGreaterThan(2 * PAGES_PER_WORKER);
    expect([one.encodingThreads, two.encodingThreads]).toEqual([1, 2]);
    samePages(two, one);
  });

  it('stay on this thread for a table too small to share', async () => {
    const small = await eightSpec(12).build({ threads: 2 });
    expect(small.pages.length).toBeLessThan(2 * PAGES_PER_WORKER);
    expect(small.encodingThreads).toBe(1);
  });
});

describe('encoding pages, refused', () => {
  // knights to 12 moves, measured on this thread alone: its records in this thread's own memory
  const { bfs } = buildKnightsBfsTable({ name: 'standard', board: builtInGoal('standard')!.board }, 12);
  const layoutOf = (pages: number) => ({ ranks: KNIGHTS_FORMAT.ranks, ranksPerPage: Math.ceil(KNIGHTS_FORMAT.ranks / pages), multiplier: goldenMultiplier(KNIGHTS_FORMAT.ranks) });

  it('on several threads, of records kept in this thread\'s own memory', async () => {
    const layout = layoutOf(4 * PAGES_PER_WORKER);
    const measured = await measureSection(KNIGHTS_FORMAT, bfs, layout, 1, undefined);
    await expect(encodePages(layout, [measured], MAX_PAGE_ITEM_BYTES, 2)).rejects.toThrow(/^encoding pages on several threads needs the measured records in shared memory$/);
    expect((await encodePages(layout, [measured], MAX_PAGE_ITEM_BYTES, 1)).threads).toBe(1);
  });

  it('for a page larger than an item, naming the page and its bytes', async () => {
    const layout = layoutOf(1000); // about 250 positions a page
    const measured = await measureSection(KNIGHTS_FORMAT, bfs, layout, 1, undefined);
    await expect(encodePages(layout, [measured], 20, 1)).rejects.toThrow(/^page 0 takes \d{3,} bytes, more than an item's 20$/);
  });

  it('never for pages that fill an item exactly', async () => {
    const layout = layoutOf(1000);
    const measured = await measureSection(KNIGHTS_FORMAT, bfs, layout, 1, undefined);
    const roomy = await encodePages(layout, [measured], MAX_PAGE_ITEM_BYTES, 1);
    const largest = Math.max(...Array.from({ length: 1000 }, (_, page) => roomy.page(page).length));
    const exact = await encodePages(layout, [measured], largest, 1);
    expect(Array.from({ length: 1000 }, (_, page) => exact.page(page))).toEqual(Array.from({ length: 1000 }, (_, page) => roomy.page(page)));
  });
});
