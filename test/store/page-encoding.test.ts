import { describe, expect, it } from 'vitest';
import { eightSpec } from '../../puzzles/eight/offline/loads';
import { PAGES_PER_WORKER } from '../../store/page-encoding';
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
