/** Planning a table's pages (store/table-pages.ts), without a server: the parts a build reports as they end, for timing them. */
import { describe, expect, it } from 'vitest';
import { knightsSpec } from '../../puzzles/knights/offline/loads';

describe('a build of pages', () => {
  it('says when its records are measured and when its page size is chosen, in that order', async () => {
    const parts: string[] = [];
    const pages = await knightsSpec('standard', 3).build({ partDone: (part) => parts.push(part) });
    expect(parts).toEqual(['measure', 'size']);
    expect(pages.positions).toBe(1 + 8 + 14 + 38);
  });
});
