/**
 * The codec's and the layout's edges, each pinned by a value worked out by hand: the Rice
 * parameter and the size bound, every refusal of the encoder and the decoder with its message,
 * the layout's sizes and multiplier.
 */
import { describe, expect, it } from 'vitest';
import { PageCodecLimitError, pageCodecProblems } from '../../packing/page-codec-limits';
import { BitReader, BitWriter, TruncatedStreamError } from '../../packing/bits';
import { ALL_PRESENT, MalformedPageError, PageEncoder, type PuzzleFormat, decodePage, pageBytesBound, readRecord, writeLineStep } from '../../packing/page-codec';
import { type PageLayout, goldenMultiplier, modularInverse, pageCount, slotsIn } from '../../packing/page-layout';
import { EIGHT_FORMAT } from '../../puzzles/eight/tables';

/** The 3x3 hole's moves, every position's hole in the centre (cell 4: moves to 7, 3, 5, 1). */
const CENTRE: PuzzleFormat = { holeMoves: EIGHT_FORMAT.holeMoves, holeOfRank: () => 4 };
const NO_LINE = new BitWriter();
const HUNDRED: PageLayout = { ranks: 1000, ranksPerPage: 100, multiplier: 1 };
const PAIRS: PageLayout = { ranks: 1000, ranksPerPage: 2, multiplier: 1 };
const FOURS: PageLayout = { ranks: 1000, ranksPerPage: 4, multiplier: 1 };
const SINGLES: PageLayout = { ranks: 1000, ranksPerPage: 1, multiplier: 1 };
/** A 1x3 board: the hole in the middle (cell 1) moves to 0 or 2, and an end cell has one move, back. */
const CORRIDOR: PuzzleFormat = { holeMoves: [[1], [0, 2], [1]], holeOfRank: () => 1 };
/** One page of 2^31 slots: its gaps take a Rice parameter past 25 bits. */
const WIDE: PageLayout = { ranks: 2 ** 31, ranksPerPage: 2 ** 31, multiplier: 1 };

/** A page of goal records (distance 0) at these slots. */
function goals(slots: number, present: readonly number[]): Uint8Array {
  const encoder = new PageEncoder(slots, present.length);
  for (const slot of present) encoder.addCoded(slot, 4, 0, 0, NO_LINE, 0, 0);
  return encoder.finish();
}

describe('bit streams at their edges', () => {
  it('copies a run longer than a word with a remainder, and says where a stream ends', () => {
    const source = new BitWriter();
    source.write(0b101, 3);
    source.write(0xdeadbeef, 32);
    source.write(0xa5, 8);
    const target = new BitWriter();
    target.append(source, 3, 40);
    expect(target.bitLength).toBe(40);
    const reader = new BitReader(target.finish());
    expect([reader.read(16), reader.read(16), reader.read(8)]).toEqual([0xdead, 0xbeef, 0xa5]);
    const error = (() => {
      try {
        new BitReader(Uint8Array.of(0xff)).read(9);
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error).toBeInstanceOf(TruncatedStreamError);
    expect([error?.name, error?.message]).toEqual(['TruncatedStreamError', 'the stream ends at bit 8']);
  });

  it('refuses a bit at its ceiling of 2^32 - 64 bits, before it grows to hold it', () => {
    const stream = new BitWriter();
    stream.cursor = 2 ** 32 - 64; // as if written: the stream's words are still those of 32 Kibit
    expect(() => stream.write(1, 1)).toThrow(new RangeError('a bit stream holds at most 4294967232 bits'));
    expect(stream.bitLength).toBe(2 ** 32 - 64);
  });
});

describe('page layout sizes', () => {
  it('counts pages and the last page\'s slots, and picks the golden multiplier coprime with N', () => {
    const layout: PageLayout = { ranks: 1000, ranksPerPage: 7, multiplier: 619 };
    expect(pageCount(layout)).toBe(143);
    expect([slotsIn(layout, 0), slotsIn(layout, 141), slotsIn(layout, 142)]).toEqual([7, 7, 6]);
    // 1000 (sqrt 5 - 1) / 2 = 618.03: 618 shares 2 with 1000, so 619
    expect(goldenMultiplier(1000)).toBe(619);
    // 181440 (sqrt 5 - 1) / 2 = 112135.9: 112136, 112137 and 112138 share a factor with 181440
    expect(goldenMultiplier(181_440)).toBe(112_139);
    expect(modularInverse(3, 7)).toBe(5);
    expect(() => modularInverse(6, 4)).toThrow(new RangeError('6 has no inverse modulo 4'));
  });
});

describe('page size bound and Rice parameter', () => {
  it('bounds a page by its header, its worst-case gaps under the best Rice parameter, and its record bits', () => {
    expect(pageBytesBound(100, 100, 800)).toBe(103); // every slot present: no gaps at all
    // 3 gaps in 37 spare slots: k = 3 costs 3 * 4 + floor(37 / 8) = 16 bits, less than k = 2 (18) or 4 (17)
    expect(pageBytesBound(40, 3, 0)).toBe(5);
    expect(pageBytesBound(40, 3, 17)).toBe(8);
    // 1 gap in 2^31 - 1 spare slots: k = 30, the largest, costs 31 + 1 bits (k = 29: 33)
    expect(pageBytesBound(2 ** 31, 1, 0)).toBe(7);
  });

  it('writes the Rice parameter with the smallest worst case, the first of equals, in the header', () => {
    // 3 gaps in 97 spare slots: k = 4 and k = 5 both cost 21 bits; k = 4 comes first
    expect([...goals(100, [0, 50, 99]).subarray(0, 3)]).toEqual([4, 0, 3]);
    expect([...goals(3, [0, 1, 2]).subarray(0, 3)]).toEqual([ALL_PRESENT, 0, 3]);
    // 1 gap in 5 spare slots: k = 1 (2 + 2 bits) before k = 2 (3 + 1) and k = 3 (4 + 0)
    expect([...goals(6, [5]).subarray(0, 3)]).toEqual([1, 0, 1]);
  });
});

describe('page encoder refusals', () => {
  it('refuses more records than slots or than 16 bits count', () => {
    expect(() => new PageEncoder(10, 11)).toThrow(new RangeError('a page of 10 slots cannot hold 11 records'));
    expect(() => new PageEncoder(0x10000, 0x10000)).toThrow(RangeError);
    expect(() => new PageEncoder(0xffff, 0xffff)).not.toThrow();
  });

  it('refuses a slot out of order, beyond the page or one too many', () => {
    const repeated = new PageEncoder(10, 2);
    repeated.addCoded(5, 4, 0, 0, NO_LINE, 0, 0);
    expect(() => repeated.addCoded(5, 4, 0, 0, NO_LINE, 0, 0)).toThrow(new RangeError("slot 5 is out of order, beyond the page's 10, or one too many"));
    expect(() => new PageEncoder(10, 2).addCoded(10, 4, 0, 0, NO_LINE, 0, 0)).toThrow(RangeError);
    const full = new PageEncoder(10, 1);
    full.addCoded(0, 4, 0, 0, NO_LINE, 0, 0);
    expect(() => full.addCoded(1, 4, 0, 0, NO_LINE, 0, 0)).toThrow(RangeError);
  });

  it('refuses a distance beyond 6 bits and an optimal-move mask that does not fit the hole\'s moves', () => {
    const encoder = () => new PageEncoder(10, 1);
    expect(() => encoder().addCoded(0, 4, 64, 1, NO_LINE, 0, 0)).toThrow(new RangeError('distance 64 does not fit 6 bits'));
    expect(() => encoder().addCoded(0, 4, 63, 15, NO_LINE, 0, 0)).not.toThrow();
    expect(() => encoder().addCoded(0, 4, 1, 0, NO_LINE, 0, 0)).toThrow(new RangeError("optimal-move mask 0 does not fit the position's 4 moves"));
    expect(() => encoder().addCoded(0, 4, 1, 16, NO_LINE, 0, 0)).toThrow(new RangeError("optimal-move mask 16 does not fit the position's 4 moves"));
  });

  it('refuses to finish a page short of its records', () => {
    const encoder = new PageEncoder(10, 2);
    encoder.addCoded(0, 4, 0, 0, NO_LINE, 0, 0);
    expect(() => encoder.finish()).toThrow(new RangeError('the page was to hold 2 records; 1 were added'));
  });

  it('codes a line step as a choice among the forward moves, and refuses a step back or no move at all', () => {
    const choices: [number, number][] = [];
    const sink = { writeChoice: (value: number, n: number) => void choices.push([value, n]) };
    writeLineStep(sink, CENTRE, 7, 4, 5); // from 4 (moves 7, 3, 5, 1) having come from 7: 5 is the 2nd of 3, 1 the 3rd
    writeLineStep(sink, CENTRE, 7, 4, 1);
    writeLineStep(sink, CENTRE, 5, 4, 7);
    expect(choices).toEqual([[1, 3], [2, 3], [0, 3]]);
    expect(() => writeLineStep(sink, CENTRE, 7, 4, 7)).toThrow(new RangeError("the hole's step from 4 to 7 is no forward move"));
    expect(() => writeLineStep(sink, CENTRE, 7, 4, 8)).toThrow(new RangeError("the hole's step from 4 to 8 is no forward move"));
  });
});

describe('page decoder refusals', () => {
  const malformed = (bytes: Uint8Array, layout: PageLayout, page: number, maxDistance: number) => {
    try {
      decodePage(bytes, CENTRE, layout, page, maxDistance);
    } catch (error) {
      expect(error).toBeInstanceOf(MalformedPageError);
      expect((error as Error).name).toBe('MalformedPageError');
      return (error as Error).message;
    }
    throw new Error('decoded');
  };

  it('reads its own pages back, with their size in memory', () => {
    const bytes = goals(2, [0, 1]);
    const page = decodePage(bytes, CENTRE, PAIRS, 0, 0);
    expect([page.count, page.byteSize, [...page.slots]]).toEqual([2, bytes.length + 2 * 9 + 64, [0, 1]]);
    expect(decodePage(Uint8Array.of(30, 0, 0), CENTRE, HUNDRED, 0, 0).count).toBe(0); // k = 30 is the largest
    // k = 0 and every slot present, gaps of 0 written out: allowed, if wasteful
    expect([...decodePage(Uint8Array.of(0, 0, 2, 0, 0), CENTRE, PAIRS, 0, 0).slots]).toEqual([0, 1]);
  });

  it('refuses a page beyond the layout and a header that does not fit the page', () => {
    expect(malformed(Uint8Array.of(0, 0), HUNDRED, 0, 0)).toBe('a page is at least 3 bytes; this one has 2');
    expect(malformed(goals(100, []), HUNDRED, 10, 0)).toBe("page 10 is beyond the layout's last page");
    expect(malformed(Uint8Array.of(31, 0, 0), HUNDRED, 0, 0)).toBe('the header (k 31, 0 records) does not fit a page of 100 slots');
    expect(malformed(Uint8Array.of(ALL_PRESENT, 0, 5), HUNDRED, 0, 0)).toBe('the header (k 255, 5 records) does not fit a page of 100 slots');
    expect(malformed(Uint8Array.of(0, 0, 3), PAIRS, 0, 0)).toBe('the header (k 0, 3 records) does not fit a page of 2 slots');
  });

  it('refuses a slot beyond the page, a distance beyond the table, a record with no optimal move, and trailing bytes', () => {
    // gap 2 (unary 110) puts the one record at slot 2 of a page of 2
    expect(malformed(Uint8Array.of(0, 0, 1, 0b1100_0000, 0), PAIRS, 0, 0)).toBe("a record's slot 2 is beyond the page's 2");
    const encoder = new PageEncoder(1, 1);
    encoder.addCoded(0, 4, 1, 1, NO_LINE, 0, 0);
    const one = encoder.finish();
    expect(decodePage(one, CENTRE, SINGLES, 0, 1).find(0)).toEqual({ distance: 1, optimal: 1, line: [7] });
    expect(malformed(one, SINGLES, 0, 0)).toBe("a record says distance 1, beyond the table's 0");
    // distance 000001, then the 4 optimal-move bits all 0
    expect(malformed(Uint8Array.of(ALL_PRESENT, 0, 1, 0b0000_0100, 0), SINGLES, 0, 1)).toBe('a record at distance 1 has no optimal move');
    // four goal records fill 24 bits exactly: one more byte of zeros is one too many
    expect(malformed(Uint8Array.of(...goals(4, [0, 1, 2, 3]), 0), FOURS, 0, 0)).toBe('the page has bytes after its last record');
    expect(malformed(Uint8Array.of(0, 0, 1), HUNDRED, 0, 0)).toBe('the page ends inside a record (the stream ends at bit 24)');
  });

  it('refuses, record by record too, a distance beyond the table and a record with no optimal move', () => {
    const refusal = (bytes: Uint8Array, maxDistance: number) => {
      try {
        readRecord(new BitReader(bytes), CENTRE, 4, maxDistance);
      } catch (error) {
        expect(error).toBeInstanceOf(MalformedPageError);
        return (error as Error).message;
      }
      throw new Error('read');
    };
    // distance 000001, then optimal-move bits 0001: the move to 7
    expect(readRecord(new BitReader(Uint8Array.of(0b0000_0100, 0b0100_0000)), CENTRE, 4, 1)).toEqual({ distance: 1, optimal: 1, line: [7] });
    expect(refusal(Uint8Array.of(0b0000_0100, 0b0100_0000), 0)).toBe("a record says distance 1, beyond the table's 0");
    expect(refusal(Uint8Array.of(0b1111_1100, 0b0100_0000), 62)).toBe("a record says distance 63, beyond the table's 62");
    expect(refusal(Uint8Array.of(0b0000_0100, 0), 1)).toBe('a record at distance 1 has no optimal move');
    expect(refusal(Uint8Array.of(0b0000_1000, 0), 2)).toBe('a record at distance 2 has no optimal move');
  });

  it('refuses a line that walks the hole into a cell it cannot leave forward, in the page and in the record', () => {
    // hole at 1, distance 000010, optimal bits 01 (the move to 0); from 0, having come from 1, no
    // forward move is left (no bit codes a choice among none), so the line's second step is no move
    const deadEnd = Uint8Array.of(ALL_PRESENT, 0, 1, 0b0000_1001);
    const decode = () => decodePage(deadEnd, CORRIDOR, SINGLES, 0, 2);
    expect(decode).toThrow(MalformedPageError);
    expect(decode).toThrow(new MalformedPageError('a record codes a move the hole cannot make'));
    const read = () => readRecord(new BitReader(deadEnd, 24), CORRIDOR, 1, 2);
    expect(read).toThrow(MalformedPageError);
    expect(read).toThrow(new MalformedPageError('a record codes a move the hole cannot make'));
    // the same record at distance 1 ends at 0: a line the hole can walk
    const one = Uint8Array.of(ALL_PRESENT, 0, 1, 0b0000_0101);
    expect(decodePage(one, CORRIDOR, SINGLES, 0, 2).find(0)).toEqual({ distance: 1, optimal: 1, line: [0] });
    // distance 2 by the move to 2, then on: from 2 too no forward move is left
    expect(() => decodePage(Uint8Array.of(ALL_PRESENT, 0, 1, 0b0000_1010), CORRIDOR, SINGLES, 0, 2)).toThrow(new MalformedPageError('a record codes a move the hole cannot make'));
    // the dead end followed by another record (distance 1 by the move to 0): refused all the same,
    // whatever bits come after the missing choice
    expect(() => decodePage(Uint8Array.of(ALL_PRESENT, 0, 2, 0b0000_1001, 0b0000_0101), CORRIDOR, PAIRS, 0, 2)).toThrow(new MalformedPageError('a record codes a move the hole cannot make'));
  });
});

describe('gaps wider than 25 bits', () => {
  it('reads a Rice remainder of 29 bits that straddles five bytes exactly', () => {
    const far = 0x5abc_def3; // gap 0x5abcdef2: quotient 2 (110), remainder 0x1abcdef2 in 29 bits from bit 63
    const encoder = new PageEncoder(WIDE.ranksPerPage, 2);
    encoder.addCoded(0, 4, 0, 0, NO_LINE, 0, 0);
    encoder.addCoded(far, 4, 0, 0, NO_LINE, 0, 0);
    const bytes = encoder.finish();
    // 2 gaps in 2^31 - 2 spare slots: k = 29 and k = 30 both cost 63 bits; k = 29 comes first
    expect([...bytes.subarray(0, 3)]).toEqual([29, 0, 2]);
    const page = decodePage(bytes, CENTRE, WIDE, 0, 0);
    expect([...page.slots]).toEqual([0, far]);
    expect(page.find(far)).toEqual({ distance: 0, optimal: 0, line: [] });
    expect(page.find(far - 1)).toBeUndefined();
    // the same remainder written by hand at bit 25 of a page with k = 30 (quotient 0)
    const writer = new BitWriter();
    writer.write(30, 8);
    writer.write(1, 16);
    writer.writeRice(0x2abc_def1, 30);
    writer.write(0, 6);
    expect([...decodePage(writer.finish(), CENTRE, WIDE, 0, 0).slots]).toEqual([0x2abc_def1]);
  });
});

describe("the codec's limits told", () => {
  /** A ring of `n` cells the hole goes round one way only. */
  const oneWayRing = (n: number) => ({ holeMoves: Array.from({ length: n }, (_, cell) => [(cell + 1) % n]) });
  const reversible = (n: number) => pageCodecProblems(oneWayRing(n)).filter((problem) => problem.startsWith('reversibleMoves'));

  it('name the first three moves that cannot be undone, and how many more there are', () => {
    expect(reversible(4)).toEqual(["reversibleMoves (a line's code leaves out the move straight back, so every move needs one): the hole moves from 0 to 1, 1 to 2, 2 to 3 and 1 more but not back."]);
    expect(reversible(6)).toEqual(["reversibleMoves (a line's code leaves out the move straight back, so every move needs one): the hole moves from 0 to 1, 1 to 2, 2 to 3 and 3 more but not back."]);
    expect(reversible(3)).toEqual(["reversibleMoves (a line's code leaves out the move straight back, so every move needs one): the hole moves from 0 to 1, 1 to 2, 2 to 0 but not back."]);
  });

  it('are refused by an error of their own name', () => {
    expect(new PageCodecLimitError('x').name).toBe('PageCodecLimitError');
  });

  /** A ring of `n` cells the hole goes round both ways (even `n`: two colours). */
  const twoWayRing = (n: number) => ({ holeMoves: Array.from({ length: n }, (_, cell) => [(cell + n - 1) % n, (cell + 1) % n]) });

  it('take a format at every limit: 32 cells, and distances up to 63 or unknown', () => {
    expect(pageCodecProblems(twoWayRing(32))).toEqual([]);
    expect(pageCodecProblems(twoWayRing(32), 63)).toEqual([]);
    expect(pageCodecProblems(twoWayRing(34))).toEqual(["maxCells is 32 (a record names the hole's cell in 5 bits): the hole stands on 34 cells."]);
    expect(pageCodecProblems(twoWayRing(4), 64)).toEqual(["maxDistance is 63 (a record's distance is 6 bits): distances reach 64."]);
  });

  it('name a move to a cell that is not one: past the last, below the first, or not a whole number', () => {
    const withMove = (to: number) => ({ holeMoves: [[1, to], [0], [3], [2]] });
    expect(pageCodecProblems(withMove(4))).toEqual(['cell 0 has a move to 4, which is no cell (they are 0 to 3).']);
    expect(pageCodecProblems(withMove(-1))).toEqual(['cell 0 has a move to -1, which is no cell (they are 0 to 3).']);
    expect(pageCodecProblems(withMove(1.5))).toEqual(['cell 0 has a move to 1.5, which is no cell (they are 0 to 3).']);
  });
});

