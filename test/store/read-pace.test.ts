/**
 * A load's reads kept under a rate (store/read-pace.ts): a second's worth goes at once, the rest
 * waits its turn. Only lower bounds are asserted: a busy machine makes the waits longer, never shorter.
 */
import { describe, expect, it } from 'vitest';
import { ReadPace, pageReadUnits } from '../../store/read-pace';

describe('a read pace', () => {
  it('lets a second\'s worth of units through at once, then holds the rest to the rate', async () => {
    const pace = new ReadPace(100);
    let started = performance.now();
    for (let i = 0; i < 10; i++) await pace.spend(10); // 100 units: the burst
    expect(performance.now() - started).toBeLessThan(900);
    started = performance.now();
    for (let i = 0; i < 5; i++) await pace.spend(10); // 50 more: half a second at 100 a second
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('counts a page read as half a unit, a strongly consistent one as a unit; refuses a rate that is not one', () => {
    expect(pageReadUnits(10, false)).toBe(5);
    expect(pageReadUnits(10, true)).toBe(10);
    expect(() => new ReadPace(0)).toThrow(/a positive number of read units a second; got 0/);
    expect(() => new ReadPace(Number.NaN)).toThrow(RangeError);
  });
});
