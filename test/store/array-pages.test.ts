/**
 * How a table of byte arrays is cut into pages (store/array-pages.ts), without a server: a page
 * holds what fits an item under the longest key the table can have, page numbers have room for the
 * longest array's pages, and names or lengths no key or page can hold are refused with a sentence.
 */
import { describe, expect, it } from 'vitest';
import { arrayLayout, arrayPageBytes, arrayPageRefs, planArrayPages } from '../../store/array-pages';
import { pageCapacity } from '../../store/page-items';
import { keyPrefix, pageKey } from '../../store/table-keys';

const capacityUnder = (prefix: string) => pageCapacity(pageKey(prefix, 0, 12));

describe('the pages of a table of arrays', () => {
  it('hold what fits an item under the key of its longest array name, whatever the order of the arrays', () => {
    const longest = capacityUnder(`${keyPrefix('sums')}a-much-longer-name`);
    expect(longest).toBeLessThan(capacityUnder(`${keyPrefix('sums')}b`));
    expect(arrayPageBytes('sums', [{ name: 'b', length: 5 }, { name: 'a-much-longer-name', length: 1 }, { name: 'cc', length: 0 }])).toBe(longest);
    expect(arrayPageBytes('sums', [{ name: 'a-much-longer-name', length: 1 }, { name: 'b', length: 5 }])).toBe(longest);
    // no arrays: the key of the table alone
    expect(arrayPageBytes('sums', [])).toBe(capacityUnder(keyPrefix('sums')));
  });

  it('are numbered with 4 digits, or as many as the longest array\'s last page needs', () => {
    const keysOf = (lengths: number[]) => arrayPageRefs('t', lengths.map((length, i) => ({ name: `a${i}`, length })), 1).map(({ key }) => key);
    const four = keysOf([10_000, 3]);
    expect(four.at(9_999)).toBe(pageKey(`${keyPrefix('t')}a0`, 9_999, 4));
    expect(four.at(-1)).toBe(pageKey(`${keyPrefix('t')}a1`, 2, 4));
    const five = keysOf([3, 10_001]);
    expect(five[0]).toBe(pageKey(`${keyPrefix('t')}a0`, 0, 5));
    expect(five.at(-1)).toBe(pageKey(`${keyPrefix('t')}a1`, 10_000, 5));
    expect(five.at(-1)).toMatch(/#p10000$/);
  });

  it('refuse a name no key can hold, a length no array has, and two arrays of one name', () => {
    const refs = (name: string, length: number) => () => arrayPageRefs('t', [{ name, length }], 100);
    for (const name of ['', 'a b', 'a#b', 'x'.repeat(65)]) expect(refs(name, 1), name).toThrow(`an array's name is 1 to 64 letters, digits or "-"; got "${name}"`);
    expect(refs('x'.repeat(64), 1)).not.toThrow();
    for (const length of [-1, 1.5, Number.NaN]) expect(refs('a', length), String(length)).toThrow(`array a has a length of ${length}`);
    expect(refs('a', 0)).not.toThrow();
    expect(() => arrayPageRefs('t', [{ name: 'a', length: 1 }, { name: 'a', length: 2 }], 100)).toThrow('the arrays of a table have distinct names');
  });

  it('give an empty array its one empty page, and count the values stored', () => {
    const plan = planArrayPages('t', [{ name: 'none', bytes: new Uint8Array(0) }, { name: 'some', bytes: Uint8Array.of(2, 0, 2) }]);
    expect(plan.pages.map(({ start, end }) => [start, end])).toEqual([[0, 0], [0, 3]]);
    expect(plan.levels).toEqual([1, 0, 2]);
    expect(plan.positions).toBe(3);
    expect(plan.layout).toEqual({ ranks: 3, ranksPerPage: arrayPageBytes('t', plan.arrays), multiplier: 1 });
    expect(arrayLayout([{ name: 'a', length: 3 }, { name: 'b', length: 4 }], 10)).toEqual({ ranks: 7, ranksPerPage: 10, multiplier: 1 });
    // nothing stored: one level, of none
    expect(planArrayPages('t', [{ name: 'none', bytes: new Uint8Array(0) }]).levels).toEqual([0]);
  });
});
