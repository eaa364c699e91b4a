import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DenseIndex, SparseIndex } from '../../packing/entry-index';

describe('entry indexes', () => {
  it('find every present rank again, and the first entry from any rank, densely or among sorted ranks', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(5000), { maxLength: 300 }), fc.nat(5001), (ranks, probe) => {
        const sorted = Uint32Array.from(ranks).sort();
        const sparse = new SparseIndex(sorted);
        expect(sparse.size).toBe(sorted.length);
        sorted.forEach((value, entry) => {
          expect(sparse.of(value)).toBe(entry);
          expect(sparse.valueAt(entry)).toBe(value);
        });
        const first = sorted.findIndex((value) => value >= probe);
        expect(sparse.firstFrom(probe)).toBe(first < 0 ? sorted.length : first);
        const dense = new DenseIndex(5001);
        expect([dense.of(probe), dense.valueAt(probe), dense.firstFrom(probe)]).toEqual([probe, probe, probe]);
      }),
    );
  });
});
