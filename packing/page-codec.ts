/**
 * The one encoding of pages: every byte the loader writes and the reader decodes goes through here.
 *
 * A record (one position) holds, as a bit stream:
 *   - its distance to the goal, 6 bits;
 *   - unless it is the goal, which of its legal moves are optimal: one bit per legal move, in the
 *     puzzle's move order (both state graphs are bipartite, so every other move leads to distance+1);
 *   - its lex-min shortest line after the first move. The first move is implied (it is the lowest
 *     optimal move). Every later move is coded as a choice among the hole's moves from where it
 *     stands, leaving out the move straight back (never on a shortest line), in truncated binary:
 *     a corner with two moves costs no bit at all, the 5x5 centre under 3.
 *
 * A page (the records of one page's present slots, in slot order) is a 3-byte header, then for
 * every record the gap since the previous present slot (Rice code; left out when every slot of
 * the page is present) followed by the record:
 *   byte 0    the Rice parameter k (0..30), or ALL_PRESENT
 *   bytes 1-2 the number of records, big-endian
 *
 * Decoding needs the hole's cell of each record's position, which the rank gives (the page
 * layout turns slots back into ranks), so nothing about the position itself is stored.
 *
 * What a puzzle must keep within for its records to be coded (its cells, its moves, its
 * distances) is gathered in page-codec-limits.ts.
 */
import { BitReader, BitWriter, TruncatedStreamError } from './bits';
import { type PageLayout, rankAt, slotsIn } from './page-layout';

/** How a puzzle's hole moves, as far as the codec needs to know. */
export interface PuzzleFormat {
  /** holeMoves[cell]: the cells the hole moves to from `cell`, in the puzzle's move order. */
  readonly holeMoves: readonly (readonly number[])[];
  /** The hole's cell in the position of a rank. */
  holeOfRank(rank: number): number;
}

/** What a page stores about one position. */
export interface PositionRecord {
  readonly distance: number;
  /** Bit i set: the position's i-th legal move (in the puzzle's order) leads to distance - 1. */
  readonly optimal: number;
  /** The lex-min shortest line as the cells the hole moves to; `distance` of them. */
  readonly line: readonly number[];
}

export const DISTANCE_BITS = 6;
export const MAX_DISTANCE = (1 << DISTANCE_BITS) - 1;
export const HEADER_BYTES = 3;
export const ALL_PRESENT = 255;
const MAX_RICE = 30;

/** A page's bytes that cannot be what this codec wrote: a loud error, never a silent misread. */
export class MalformedPageError extends Error {
  override readonly name = 'MalformedPageError';
}

const lowest = (mask: number) => 31 - Math.clz32(mask & -mask);

/** Cells a hole can stand on (25 on a 5x5 board, 9 on a 3x3): the move tables below have 32 rows, and a record's entry names a cell in 5 bits (page-encoding.ts). */
export const MAX_CELLS = 32;
const moveIndexes = new WeakMap<readonly (readonly number[])[], Int8Array>();

/** moveIndex(format)[at * 32 + to]: index of the move from `at` to `to` among the moves from `at`, or -1. */
function moveIndex(format: PuzzleFormat): Int8Array {
  let table = moveIndexes.get(format.holeMoves);
  if (!table) {
    table = new Int8Array(MAX_CELLS * MAX_CELLS).fill(-1);
    for (let at = 0; at < format.holeMoves.length; at++) format.holeMoves[at].forEach((to, index) => (table![at * MAX_CELLS + to] = index));
    moveIndexes.set(format.holeMoves, table);
  }
  return table;
}

/** The choice that codes the hole's step from `at` to `to` having arrived from `from` (-1: no forward move). */
function choiceOf(indexes: Int8Array, from: number, at: number, to: number): number {
  const index = indexes[at * MAX_CELLS + to];
  const back = indexes[at * MAX_CELLS + from];
  if (index < 0 || index === back) return -1;
  return index > back ? index - 1 : index;
}

/** Writes the choice that codes the hole's step from `at` to `to`, having arrived there from `from`. */
export function writeLineStep(sink: { writeChoice(value: number, n: number): void }, format: PuzzleFormat, from: number, at: number, to: number): void {
  const choice = choiceOf(moveIndex(format), from, at, to);
  if (choice < 0) throw new RangeError(`the hole's step from ${at} to ${to} is no forward move`);
  sink.writeChoice(choice, format.holeMoves[at].length - 1);
}

export function readRecord(reader: BitReader, format: PuzzleFormat, hole: number, maxDistance: number): PositionRecord {
  const line: number[] = [];
  const head = readRecordInto(reader, format, walkOf(format), hole, maxDistance, line);
  return { distance: head >>> 8, optimal: head & 0xff, line };
}

/** Most moves from a cell (a knight's jumps from the 5x5 centre): an optimal-move mask is a byte. */
export const MAX_MOVES_PER_CELL = 8;

/** How the hole walks a line, as tables: what decoding a step costs is a few reads of them. */
interface Walk {
  /** choices[at]: the forward moves from `at` (every move but the one straight back). */
  readonly choices: Int8Array;
  /** next[(at * 32 + from) * 8 + choice]: the cell reached from `at`, having come from `from`, by that choice; -1 where none. */
  readonly next: Int8Array;
}

const walks = new WeakMap<readonly (readonly number[])[], Walk>();

function walkOf(format: PuzzleFormat): Walk {
  let walk = walks.get(format.holeMoves);
  if (!walk) {
    const choices = new Int8Array(MAX_CELLS);
    const next = new Int8Array(MAX_CELLS * MAX_CELLS * MAX_MOVES_PER_CELL).fill(-1);
    format.holeMoves.forEach((moves, at) => {
      choices[at] = moves.length - 1;
      for (const from of moves) moves.filter((to) => to !== from).forEach((to, choice) => (next[(at * MAX_CELLS + from) * MAX_MOVES_PER_CELL + choice] = to));
    });
    walk = { choices, next };
    walks.set(format.holeMoves, walk);
  }
  return walk;
}

/** Reads a record, checking it, its line's cells into `line`; returns the distance and the optimal-move mask as distance * 256 + mask. */
function readRecordInto(reader: BitReader, format: PuzzleFormat, walk: Walk, hole: number, maxDistance: number, line: number[]): number {
  const distance = reader.read(DISTANCE_BITS);
  if (distance > maxDistance) throw new MalformedPageError(`a record says distance ${distance}, beyond the table's ${maxDistance}`);
  if (distance === 0) return 0;
  const moves = format.holeMoves[hole];
  const optimal = reader.read(moves.length);
  if (optimal === 0) throw new MalformedPageError(`a record at distance ${distance} has no optimal move`);
  let at = moves[lowest(optimal)];
  line.push(at);
  let from = hole;
  for (let t = 1; t < distance; t++) {
    const to = walk.next[(at * MAX_CELLS + from) * MAX_MOVES_PER_CELL + reader.readChoice(walk.choices[at])];
    if (to < 0) throw new MalformedPageError('a record codes a move the hole cannot make');
    from = at;
    at = to;
    line.push(at);
  }
  return distance * 256 + optimal;
}

/**
 * A page's bits for stepping over its records: a copy padded with four zero bytes, so that a
 * 32-bit window can be read at any bit of the page, and a step of a line costs a window read and
 * a table read rather than a call per bit. Reading past the page's bits is the caller's to refuse.
 */
class PageBits {
  private readonly view: DataView;
  /** The page's length in bits. */
  readonly length: number;

  constructor(bytes: Uint8Array) {
    const padded = new Uint8Array(bytes.length + 4);
    padded.set(bytes);
    this.view = new DataView(padded.buffer);
    this.length = bytes.length * 8;
  }

  /** The `count` bits (1 to 25) from bit `at`. */
  peek(at: number, count: number): number {
    return (this.view.getUint32(at >>> 3) << (at & 7)) >>> (32 - count);
  }

  /** The `count` bits (0 to 31) from bit `at`. */
  peekWide(at: number, count: number): number {
    if (count === 0) return 0;
    if (count <= 25) return this.peek(at, count);
    return this.peek(at, count - 16) * 65536 + this.peek(at + count - 16, 16);
  }

  /** Refuses a position past the page's end: the page ends inside what was being read. */
  within(at: number): number {
    if (at > this.length) throw new TruncatedStreamError(`the stream ends at bit ${this.length}`);
    return at;
  }
}

/** Steps over the record at bit `at`, checking it exactly as readRecord does; returns the bit after it. */
function skipRecord(bits: PageBits, at: number, format: PuzzleFormat, walk: Walk, hole: number, maxDistance: number): number {
  const distance = bits.peek(at, DISTANCE_BITS);
  at = bits.within(at + DISTANCE_BITS);
  if (distance > maxDistance) throw new MalformedPageError(`a record says distance ${distance}, beyond the table's ${maxDistance}`);
  if (distance === 0) return at;
  const moves = format.holeMoves[hole];
  const optimal = bits.peek(at, moves.length);
  at = bits.within(at + moves.length);
  if (optimal === 0) throw new MalformedPageError(`a record at distance ${distance} has no optimal move`);
  let cell = moves[lowest(optimal)];
  let from = hole;
  for (let t = 1; t < distance; t++) {
    // the choice among n forward moves in truncated binary, as BitReader.readChoice reads it
    const n = walk.choices[cell];
    let choice = 0;
    if (n > 1) {
      const k = 31 - Math.clz32(n);
      const short = (1 << (k + 1)) - n;
      const value = bits.peek(at, k + 1);
      if (value >>> 1 < short) {
        choice = value >>> 1;
        at = bits.within(at + k);
      } else {
        choice = value - short;
        at = bits.within(at + k + 1);
      }
    }
    const to = walk.next[(cell * MAX_CELLS + from) * MAX_MOVES_PER_CELL + choice];
    if (to < 0) throw new MalformedPageError('a record codes a move the hole cannot make');
    from = cell;
    cell = to;
  }
  return at;
}

/** Rice parameter for n gaps summing to at most `room`: the one whose worst case is smallest. */
function riceParameter(n: number, room: number): { k: number; bits: number } {
  let best = { k: 0, bits: n + room };
  for (let k = 1; k <= MAX_RICE; k++) {
    const bits = n * (k + 1) + Math.floor(room / 2 ** k);
    if (bits < best.bits) best = { k, bits };
  }
  return best;
}

/**
 * An upper bound on a page's bytes, from its slot count, its number of records and their bits
 * (the page layout chooses ranksPerPage with it so that no page can outgrow an item).
 */
export function pageBytesBound(slots: number, records: number, recordBitsTotal: number): number {
  const gaps = records === slots ? 0 : riceParameter(records, slots - records).bits;
  return HEADER_BYTES + Math.ceil((gaps + recordBitsTotal) / 8);
}

/** Writes one page: its header, then each present slot's gap and record, in increasing slot order. */
export class PageEncoder {
  private readonly writer = new BitWriter();
  private readonly k: number;
  private previous = -1;
  private added = 0;

  constructor(
    private readonly slots: number,
    private readonly count: number,
  ) {
    if (count > 0xffff || count > slots) throw new RangeError(`a page of ${slots} slots cannot hold ${count} records`);
    this.k = count === slots ? ALL_PRESENT : riceParameter(count, slots - count).k;
    this.writer.write(this.k, 8);
    this.writer.write(count, 16);
  }

  /**
   * Adds a record whose line after its first move is already coded, as `length` bits of `source`
   * from bit `at` (each step written by writeLineStep): the loader codes every line once, in one
   * stream, and copies it into its page. `moves`: how many legal moves the position has, the
   * width of its optimal-move mask.
   */
  addCoded(slot: number, moves: number, distance: number, optimal: number, source: BitWriter, at: number, length: number): void {
    if (slot <= this.previous || slot >= this.slots || this.added === this.count) throw new RangeError(`slot ${slot} is out of order, beyond the page's ${this.slots}, or one too many`);
    if (this.k !== ALL_PRESENT) this.writer.writeRice(slot - this.previous - 1, this.k);
    this.previous = slot;
    this.added++;
    if (distance > MAX_DISTANCE) throw new RangeError(`distance ${distance} does not fit ${DISTANCE_BITS} bits`);
    this.writer.write(distance, DISTANCE_BITS);
    if (distance === 0) return;
    if (optimal <= 0 || optimal >= 1 << moves) throw new RangeError(`optimal-move mask ${optimal} does not fit the position's ${moves} moves`);
    this.writer.write(optimal, moves);
    this.writer.append(source, at, length);
  }

  finish(): Uint8Array {
    if (this.added !== this.count) throw new RangeError(`the page was to hold ${this.count} records; ${this.added} were added`);
    return this.writer.finish();
  }
}

export class DecodedPage {
  constructor(
    private readonly bytes: Uint8Array,
    private readonly format: PuzzleFormat,
    private readonly maxDistance: number,
    readonly slots: Uint32Array,
    private readonly holes: Uint8Array,
    private readonly offsets: Uint32Array,
  ) {}

  get count(): number {
    return this.slots.length;
  }

  /** Memory this page holds, for a cache bounded in bytes. */
  get byteSize(): number {
    return this.bytes.length + this.slots.length * 9 + 64;
  }

  /** The record of a slot, or undefined when the slot's position is not in the table. */
  find(slot: number): PositionRecord | undefined {
    let low = 0;
    let high = this.slots.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = this.slots[middle];
      if (at === slot) return this.recordAt(middle);
      if (at < slot) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  recordAt(index: number): PositionRecord {
    return readRecord(new BitReader(this.bytes, this.offsets[index]), this.format, this.holes[index], this.maxDistance);
  }
}

/**
 * Reads a page's structure, checking every record, so that bytes this codec did not write fail
 * here, loudly, rather than answering wrongly later.
 */
export function decodePage(bytes: Uint8Array, format: PuzzleFormat, layout: PageLayout, page: number, maxDistance: number): DecodedPage {
  try {
    if (bytes.length < HEADER_BYTES) throw new MalformedPageError(`a page is at least ${HEADER_BYTES} bytes; this one has ${bytes.length}`);
    const k = bytes[0];
    const count = (bytes[1] << 8) | bytes[2];
    const span = slotsIn(layout, page);
    if (span <= 0) throw new MalformedPageError(`page ${page} is beyond the layout's last page`);
    if (k === ALL_PRESENT ? count !== span : k > MAX_RICE || count > span) {
      throw new MalformedPageError(`the header (k ${k}, ${count} records) does not fit a page of ${span} slots`);
    }
    const walk = walkOf(format);
    const slots = new Uint32Array(count);
    const holes = new Uint8Array(count);
    const offsets = new Uint32Array(count);
    const bits = new PageBits(bytes);
    let at = HEADER_BYTES * 8;
    let slot = -1;
    for (let i = 0; i < count; i++) {
      if (k === ALL_PRESENT) slot = i;
      else {
        // the gap since the previous slot, Rice-coded: a unary quotient, then k bits
        // (the padding's zero bits end a quotient that runs past the page; `within` refuses it)
        let quotient = 0;
        while (bits.peek(at, 1) === 1) (quotient++, at++);
        at = bits.within(at + 1 + k);
        slot += 1 + quotient * 2 ** k + bits.peekWide(at - k, k);
      }
      if (slot >= span) throw new MalformedPageError(`a record's slot ${slot} is beyond the page's ${span}`);
      const hole = format.holeOfRank(rankAt(layout, page, slot));
      slots[i] = slot;
      holes[i] = hole;
      offsets[i] = at;
      at = skipRecord(bits, at, format, walk, hole, maxDistance);
    }
    if (bits.length - at >= 8) throw new MalformedPageError('the page has bytes after its last record');
    if (at < bits.length && bits.peek(at, bits.length - at) !== 0) throw new MalformedPageError('the bits after the last record are not zero');
    return new DecodedPage(bytes, format, maxDistance, slots, holes, offsets);
  } catch (error) {
    if (error instanceof TruncatedStreamError) throw new MalformedPageError(`the page ends inside a record (${error.message})`);
    throw error;
  }
}
