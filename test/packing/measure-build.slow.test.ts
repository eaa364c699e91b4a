import { describe, expect, it } from 'vitest';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { samePages } from '../support/same-pages';

describe('records measured on several threads', () => {
  it('give the pages one thread gives, whichever thread coded each line (knights, 16 moves: 2.9 million positions)', async () => {
    const one = await knightsSpec('standard', 16).build({ threads: 1 });
    const two = await knightsSpec('standard', 16).build({ threads: 2 });
    expect([one.measuringThreads, two.measuringThreads]).toEqual([1, 2]);
    samePages(two, one);
  }, 60_000);

  it('stay on this thread for a table too small to share', async () => {
    const small = await knightsSpec('standard', 12).build({ threads: 2 });
    expect(small.measuringThreads).toBe(1);
  });
});
