/**
 * Bit streams for page records, most significant bit first, with the two variable-length codes
 * the pages use: truncated binary (a choice among n, in floor or ceil of log2 n bits) and Rice
 * codes (gaps between present slots: a unary quotient and k low bits).
 */

/**
 * An append-only bit stream in 32-bit words. Besides values and codes it copies bits, its own
 * earlier ones or another stream's, a word at a time: the table build holds every position's line
 * code in one stream, built from the code of the position one move closer (its line minus the
 * first move), and each page's stream copies the codes of its positions from there.
 */
export class BitWriter {
  /** Bit offsets are 32-bit numbers (they are stored in Uint32Arrays), so a stream holds at most 2^32 bits (512 MiB). */
  static readonly MAX_BITS = 2 ** 32 - 64;
  /** The stream's words (read-only outside: a stream is shared with the threads that copy from it). */
  words: Uint32Array;
  /** Bits written so far: where the next bit goes. */
  cursor = 0;

  /**
   * `capacityBits`: the most the stream will hold, when known (no growing, no copies); it grows by
   * doubling otherwise. `shared`: in memory other threads can read (which never grows).
   */
  constructor(capacityBits = 1 << 15, shared = false) {
    const words = Math.ceil(Math.min(capacityBits, BitWriter.MAX_BITS) / 32) + 2;
    this.words = new Uint32Array(shared ? new SharedArrayBuffer(4 * words) : new ArrayBuffer(4 * words));
  }

  /** A stream over words another thread wrote, `cursor` bits of them. */
  static over(words: Uint32Array, cursor: number): BitWriter {
    const stream = new BitWriter(0);
    stream.words = words;
    stream.cursor = cursor;
    return stream;
  }

  /** Appends the low `count` bits of `value` (count <= 32). */
  write(value: number, count: number): void {
    if (count === 0) return;
    const word = this.cursor >>> 5;
    if (word + 1 >= this.words.length) this.grow();
    const free = 32 - (this.cursor & 31);
    const bits = count === 32 ? value : value & ((1 << count) - 1);
    if (count <= free) {
      this.words[word] |= bits << (free - count);
    } else {
      this.words[word] |= bits >>> (count - free);
      this.words[word + 1] |= bits << (32 - (count - free));
    }
    this.cursor += count;
  }

  /** `count` one bits then a zero. */
  writeUnary(count: number): void {
    for (let left = count; left > 0; left -= 16) this.write(0xffff, Math.min(16, left));
    this.write(0, 1);
  }

  /** A choice in 0..n-1 (n >= 1) in truncated binary: nothing at all when n is 1. */
  writeChoice(value: number, n: number): void {
    if (n <= 1) return;
    const k = 31 - Math.clz32(n);
    const short = (1 << (k + 1)) - n; // this many values take k bits, the rest k + 1
    if (value < short) this.write(value, k);
    else this.write(value + short, k + 1);
  }

  /** A non-negative integer in Rice code with parameter k. */
  writeRice(value: number, k: number): void {
    this.writeUnary(Math.floor(value / 2 ** k));
    if (k > 0) this.write(value % 2 ** k, k);
  }

  get bitLength(): number {
    return this.cursor;
  }

  /** `count` (at most 32) bits starting at bit `at`. */
  read(at: number, count: number): number {
    const word = at >>> 5;
    const offset = at & 31;
    const high = this.words[word];
    const low = offset + count > 32 ? this.words[word + 1] : 0;
    // the 64 bits from `word` on, shifted so that bit `at` leads; then the first `count` of them
    const window = offset === 0 ? high : ((high << offset) | (low >>> (32 - offset))) >>> 0;
    return count === 32 ? window : window >>> (32 - count);
  }

  /** Appends `length` bits of `source` (this stream or another) starting at its bit `at`. */
  append(source: BitWriter, at: number, length: number): void {
    let done = 0;
    for (; done + 32 <= length; done += 32) this.write(source.read(at + done, 32), 32);
    if (done < length) this.write(source.read(at + done, length - done), length - done);
  }

  /** The bytes written, the last one padded with zero bits. */
  finish(): Uint8Array {
    const bytes = new Uint8Array(Math.ceil(this.cursor / 8));
    for (let i = 0; i < bytes.length; i++) bytes[i] = this.words[i >>> 2] >>> (24 - 8 * (i & 3));
    return bytes;
  }

  private grow(): void {
    if (this.cursor >= BitWriter.MAX_BITS) throw new RangeError(`a bit stream holds at most ${BitWriter.MAX_BITS} bits`);
    const bigger = new Uint32Array(Math.min(this.words.length * 2, BitWriter.MAX_BITS / 32 + 2));
    bigger.set(this.words);
    this.words = bigger;
  }
}

/** Thrown when a stream ends before its contents do: the bytes are not a page this code wrote. */
export class TruncatedStreamError extends Error {
  override readonly name = 'TruncatedStreamError';
}

export class BitReader {
  /** Position of the next bit, counted from the start of `bytes`. */
  position: number;

  constructor(
    private readonly bytes: Uint8Array,
    startBit = 0,
  ) {
    this.position = startBit;
  }

  read(count: number): number {
    let value = 0;
    for (let i = 0; i < count; i++) value = (value << 1) | this.bit();
    return value;
  }

  readUnary(): number {
    let count = 0;
    while (this.bit() === 1) count++;
    return count;
  }

  readChoice(n: number): number {
    if (n <= 1) return 0;
    const k = 31 - Math.clz32(n);
    const short = (1 << (k + 1)) - n;
    const value = this.read(k);
    return value < short ? value : ((value << 1) | this.bit()) - short;
  }

  readRice(k: number): number {
    return this.readUnary() * 2 ** k + this.read(k);
  }

  private bit(): number {
    const byte = this.position >>> 3;
    if (byte >= this.bytes.length) throw new TruncatedStreamError(`the stream ends at bit ${this.position}`);
    return (this.bytes[byte] >>> (7 - (this.position++ & 7))) & 1;
  }
}
