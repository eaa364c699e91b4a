/**
 * A bit stream's ceiling: its offsets are 32-bit numbers, so it holds about 2^32 bits (512 MiB)
 * and must refuse more rather than wrap an offset or drop bits past its words. Reaching that size
 * takes half a gigabyte, so this file is among the slow ones and runs in a process of its own. The
 * test moves the cursor ahead (a stream's bits before it are zero, as if written) instead of writing
 * 2^32 bits one by one.
 */
import { expect, it } from 'vitest';
import { BitWriter } from '../../packing/bits';

const WORD = 0xdeadbeef;

it('grows by doubling up to 2^32 bits, keeps the last word written there, and refuses a write past it', () => {
  const stream = new BitWriter();
  // One jump to just under each doubling: each write makes the stream grow once, to the next size.
  for (let end = 1 << 16; end < BitWriter.MAX_BITS; end *= 2) {
    stream.cursor = end - 32;
    stream.write(WORD, 32);
    expect(stream.read(end - 32, 32)).toBe(WORD);
  }
  stream.cursor = BitWriter.MAX_BITS - 32;
  stream.write(WORD, 32);
  expect(stream.bitLength).toBe(BitWriter.MAX_BITS);
  expect(stream.read(BitWriter.MAX_BITS - 32, 32)).toBe(WORD);
  // words written before are still there after the copies
  expect(stream.read((1 << 16) - 32, 32)).toBe(WORD);

  const refused = () => {
    for (let i = 0; i < 4; i++) stream.write(WORD, 32);
  };
  expect(refused).toThrow(new RangeError(`a bit stream holds at most ${BitWriter.MAX_BITS} bits`));
  // every bit written is still addressable by a 32-bit offset
  expect(stream.bitLength).toBeLessThanOrEqual(2 ** 32 - 32);
  expect(stream.read(stream.bitLength - 32, 32)).toBe(WORD);
});

it('takes a capacity past the ceiling as the ceiling, and refuses a write past it', () => {
  const stream = new BitWriter(2 ** 40);
  stream.cursor = BitWriter.MAX_BITS - 32;
  stream.write(WORD, 32);
  expect(stream.read(BitWriter.MAX_BITS - 32, 32)).toBe(WORD);
  expect(() => {
    for (let i = 0; i < 4; i++) stream.write(WORD, 32);
  }).toThrow(RangeError);
});
