import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BitReader, BitWriter } from '../../packing/bits';
import { ALL_PRESENT, MalformedPageError, type PositionRecord, decodePage, pageBytesBound } from '../../packing/page-codec';
import { type PageLayout, goldenMultiplier, pageSlotOf, rankAt, scramble, unscramble } from '../../packing/page-layout';
import { EIGHT_FORMAT } from '../../puzzles/eight/tables';
import { KNIGHTS_FORMAT } from '../../puzzles/knights/tables';
import { type PagedPuzzle } from '../../packing/paged-puzzle';
import { type PageEntry, encodeAsLoaded } from '../support/pages';

/** A record whose line is any forward walk of the hole (the codec does not need it to be optimal). */
function recordArbitrary(format: PagedPuzzle, maxDistance: number) {
  return fc.record({ hole: fc.nat(format.holeMoves.length - 1), distance: fc.nat(maxDistance), seed: fc.array(fc.nat(), { minLength: 64, maxLength: 64 }), mask: fc.nat(255) }).map(({ hole, distance, seed, mask }) => {
    const moves = format.holeMoves[hole];
    const optimal = distance === 0 ? 0 : (mask % ((1 << moves.length) - 1)) + 1;
    const line: number[] = [];
    if (distance > 0) line.push(moves[31 - Math.clz32(optimal & -optimal)]);
    let from = hole;
    for (let t = 1; t < distance; t++) {
      const at = line[t - 1];
      const forward = format.holeMoves[at].filter((cell) => cell !== from);
      line.push(forward[seed[t] % forward.length]);
      from = at;
    }
    return { hole, record: { distance, optimal, line } as PositionRecord };
  });
}

describe('bit streams', () => {
  it('read back every value, choice and Rice code written', () => {
    const item = fc.oneof(
      fc.record({ kind: fc.constant('bits' as const), count: fc.integer({ min: 1, max: 16 }), value: fc.nat(0xffff) }),
      fc.record({ kind: fc.constant('choice' as const), n: fc.integer({ min: 1, max: 9 }), value: fc.nat(8) }),
      fc.record({ kind: fc.constant('rice' as const), k: fc.nat(12), value: fc.nat(100_000) }),
    );
    fc.assert(
      fc.property(fc.array(item, { maxLength: 60 }), (items) => {
        const writer = new BitWriter(1);
        const expected = items.map((it) => {
          if (it.kind === 'bits') return writer.write(it.value, it.count), it.value & ((1 << it.count) - 1);
          if (it.kind === 'choice') return writer.writeChoice(it.value % it.n, it.n), it.value % it.n;
          return writer.writeRice(it.value, it.k), it.value;
        });
        const reader = new BitReader(writer.finish());
        const read = items.map((it) => (it.kind === 'bits' ? reader.read(it.count) : it.kind === 'choice' ? reader.readChoice(it.n) : reader.readRice(it.k)));
        expect(read).toEqual(expected);
      }),
    );
  });

  it('copies any run of bits, from itself or another stream, at any offset, whole words included', () => {
    const bitsOf = (bytes: Uint8Array, from: number, length: number) => Array.from({ length }, (_, i) => (bytes[(from + i) >> 3] >> (7 - ((from + i) & 7))) & 1);
    fc.assert(
      fc.property(fc.array(fc.nat(0xffff), { minLength: 1, maxLength: 20 }), fc.nat(1000), fc.nat(1000), fc.nat(40), (values, a, b, lead) => {
        const source = new BitWriter(1);
        for (const value of values) source.write(value, 16);
        const at = a % source.bitLength;
        const length = b % (source.bitLength - at + 1);
        const target = new BitWriter(1);
        target.write(0x2a, lead % 8);
        target.write(0xffffffff, 32);
        const before = target.bitLength;
        target.append(source, at, length);
        source.append(source, at, length); // from itself, as the line codes are built
        expect(bitsOf(target.finish(), before, length)).toEqual(bitsOf(source.finish(), at, length));
        expect(bitsOf(source.finish(), source.bitLength - length, length)).toEqual(bitsOf(source.finish(), at, length));
      }),
    );
  });
});

describe('page layout', () => {
  it('scrambles ranks by a bijection and finds every rank again from its page and slot', () => {
    for (const ranks of [KNIGHTS_FORMAT.ranks, EIGHT_FORMAT.ranks, 1000]) {
      const layout: PageLayout = { ranks, ranksPerPage: 977, multiplier: goldenMultiplier(ranks) };
      fc.assert(
        fc.property(fc.nat(ranks - 1), (rank) => {
          expect(unscramble(layout, scramble(layout, rank))).toBe(rank);
          const { page, slot } = pageSlotOf(layout, rank);
          expect(rankAt(layout, page, slot)).toBe(rank);
        }),
      );
    }
    const small: PageLayout = { ranks: 1000, ranksPerPage: 7, multiplier: goldenMultiplier(1000) };
    expect(new Set(Array.from({ length: 1000 }, (_, r) => scramble(small, r))).size).toBe(1000);
  });
});

describe('page codec', () => {
  for (const [name, format, maxDistance] of [['knights', KNIGHTS_FORMAT, 39], ['eight', EIGHT_FORMAT, 31]] as const) {
    it(`${name}: decodes every record of a page as encoded, within the size bound`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 3000 }), fc.array(recordArbitrary(format, maxDistance), { maxLength: 200 }), fc.nat(), (slots, records, page) => {
          const chosen = [...new Set(records.map((_, i) => (i * 7919 + page) % slots))].sort((a, b) => a - b).slice(0, records.length);
          const layout: PageLayout = { ranks: format.ranks, ranksPerPage: slots, multiplier: goldenMultiplier(format.ranks) };
          const pageNumber = page % Math.floor(format.ranks / slots);
          // the hole a decoder derives from the rank is the record's own
          const entries: PageEntry[] = chosen.map((slot, i) => {
            const hole = format.holeOfRank(rankAt(layout, pageNumber, slot));
            const { record } = fc.sample(recordArbitrary(format, maxDistance).filter((r) => r.hole === hole), { seed: i + page, numRuns: 1 })[0];
            return { slot, hole, record };
          });
          const { bytes, recordBits } = encodeAsLoaded(format, slots, entries);
          expect(bytes.length).toBeLessThanOrEqual(pageBytesBound(slots, entries.length, recordBits));
          if (entries.length === slots) expect(bytes[0]).toBe(ALL_PRESENT);
          const decoded = decodePage(bytes, format, layout, pageNumber, maxDistance);
          expect([...decoded.slots]).toEqual(chosen);
          for (const entry of entries) expect(decoded.find(entry.slot)).toEqual(entry.record);
          expect(decoded.find(slots + 5)).toBeUndefined();
        }),
        { numRuns: 40 },
      );
    });
  }

  it('refuses bytes it did not write, loudly', () => {
    const layout: PageLayout = { ranks: EIGHT_FORMAT.ranks, ranksPerPage: 100, multiplier: goldenMultiplier(EIGHT_FORMAT.ranks) };
    const hole = EIGHT_FORMAT.holeOfRank(rankAt(layout, 0, 3));
    const { bytes } = encodeAsLoaded(EIGHT_FORMAT, 100, [{ slot: 3, hole, record: { distance: 0, optimal: 0, line: [] } }]);
    expect(() => decodePage(bytes.slice(0, 2), EIGHT_FORMAT, layout, 0, 31)).toThrow(MalformedPageError);
    expect(() => decodePage(Uint8Array.from([7, 0, 9]), EIGHT_FORMAT, layout, 0, 31)).toThrow(MalformedPageError);
    expect(() => decodePage(Uint8Array.from([...bytes, 0, 0]), EIGHT_FORMAT, layout, 0, 31)).toThrow(/bytes after its last record/);
    const padded = bytes.slice();
    padded[padded.length - 1] |= 1; // a padding bit
    expect(() => decodePage(padded, EIGHT_FORMAT, layout, 0, 31)).toThrow(/bits after the last record are not zero/);
    expect(() => decodePage(Uint8Array.from([ALL_PRESENT, 0, 5]), EIGHT_FORMAT, layout, 0, 31)).toThrow(MalformedPageError);
    expect(() => decodePage(Uint8Array.from([0, 0, 1, 0xff]), EIGHT_FORMAT, layout, 0, 5)).toThrow(MalformedPageError);
  });
});
