/**
 * The checksum every page item carries: a real page of an eight table (the positions within 14
 * moves of each goal), as the loader stores it, with each of its bits flipped in turn, and those of
 * its checksum.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eightSpec } from '../../puzzles/eight/offline/loads';
import { EIGHT_FORMAT } from '../../puzzles/eight/tables';
import { decodePage } from '../../packing/page-codec';
import type { TablePages } from '../../store/table-pages';
import { type DynamoItem, MalformedItemError, PARTITION_KEY } from '../../store/table-schema';
import { MAX_GENERATION, generationKey } from '../../store/generations';
import { CHECKSUM_ATTRIBUTE, MAX_PAGE_ITEM_BYTES, PAGE_ATTRIBUTE, itemBytes, pageBytesOf, pageCapacity, pageChecksum, pageItem, writeUnitsOf } from '../../store/page-items';

const DEPTH = 14;
let pages: TablePages;
/** The table's longest page. */
let index: number;
let key: string;
let item: DynamoItem;

beforeAll(async () => {
  pages = await eightSpec(DEPTH).build();
  const lengths = pages.pages.map((_, i) => pages.encode(i).length);
  index = lengths.indexOf(Math.max(...lengths));
  key = generationKey(3, pages.pages[index].key);
  item = pageItem(key, pages.encode(index));
});

/** `bytes` with its bit `bit` flipped (bit 0 the first byte's highest). */
const flipped = (bytes: Uint8Array, bit: number) => {
  const copy = bytes.slice();
  copy[bit >>> 3] ^= 0x80 >>> (bit & 7);
  return copy;
};

const refused = (damaged: DynamoItem) => {
  try {
    pageBytesOf(damaged);
    return false;
  } catch (error) {
    if (error instanceof MalformedItemError) return true;
    throw error;
  }
};

describe('the checksum in a page item', () => {
  it("refuses every single bit flipped in a real page's bytes, where the codec alone takes some flips for another valid page", () => {
    const bytes = item[PAGE_ATTRIBUTE].B!;
    expect(pageBytesOf(item)).toEqual(pages.encode(index));
    expect(bytes.length).toBeGreaterThan(3900);
    const { layout } = pages;
    const page = pages.pages[index].page;
    const original = decodePage(bytes, EIGHT_FORMAT, layout, page, DEPTH);
    let accepted = 0;
    let decodedOtherwise = 0;
    for (let bit = 0; bit < bytes.length * 8; bit++) {
      const damaged = flipped(bytes, bit);
      if (!refused({ ...item, [PAGE_ATTRIBUTE]: { B: damaged } })) accepted++;
      // what the decoder would have made of it: every 16th flip (decoding each takes as long as all the checksums)
      if (bit % 16 !== 0) continue;
      try {
        const decoded = decodePage(damaged, EIGHT_FORMAT, layout, page, DEPTH);
        if (decoded.count === original.count && Array.from({ length: decoded.count }, (_, i) => decoded.recordAt(i)).some((record, i) => JSON.stringify(record) !== JSON.stringify(original.recordAt(i)))) decodedOtherwise++;
      } catch {
        // refused by the codec itself
      }
    }
    expect(accepted).toBe(0);
    expect(decodedOtherwise).toBeGreaterThan(0);
  });

  it('refuses every single bit flipped in the checksum itself', () => {
    const checksum = item[CHECKSUM_ATTRIBUTE].B!;
    expect(checksum.length).toBe(4);
    const accepted = Array.from({ length: 32 }, (_, bit) => bit).filter((bit) => !refused({ ...item, [CHECKSUM_ATTRIBUTE]: { B: flipped(checksum, bit) } }));
    expect(accepted).toEqual([]);
  });

  it("refuses a page's bytes under another page's key, and an item without a checksum (as schema 4 stored pages)", () => {
    const other = generationKey(3, pages.pages[(index + 1) % pages.pages.length].key);
    expect(() => pageBytesOf({ ...item, [PARTITION_KEY]: { S: other } })).toThrow(
      new RegExp(`^page ${other.replace(/[#/]/g, '.')} does not match its checksum \\(CRC-32 0x[0-9a-f]{8}, stored 0x[0-9a-f]{8}\\): it was changed after it was written; reload the table$`),
    );
    expect(() => pageBytesOf({ [PARTITION_KEY]: { S: key }, [PAGE_ATTRIBUTE]: item[PAGE_ATTRIBUTE] })).toThrow(new MalformedItemError(`item ${key} has no 4-byte "crc32" attribute`));
  });

  it('is written by pageItem: 4 bytes, the CRC-32 of the key and the page, big-endian, which pageBytesOf takes back', () => {
    const bytes = Uint8Array.from([1, 2, 3]);
    const made = pageItem('g1/t#p0', bytes);
    expect(made[PARTITION_KEY]).toEqual({ S: 'g1/t#p0' });
    expect(made[PAGE_ATTRIBUTE]).toEqual({ B: bytes });
    expect([...made[CHECKSUM_ATTRIBUTE].B!]).toEqual([...Buffer.from(pageChecksum('g1/t#p0', bytes).toString(16).padStart(8, '0'), 'hex')]);
    expect(pageChecksum('g1/t#p0', bytes)).not.toBe(0);
    expect(pageBytesOf(made)).toBe(bytes);
    // a checksum of another length is none
    expect(() => pageBytesOf({ ...made, [CHECKSUM_ATTRIBUTE]: { B: made[CHECKSUM_ATTRIBUTE].B!.slice(0, 3) } })).toThrow(new MalformedItemError('item g1/t#p0 has no 4-byte "crc32" attribute'));
  });

  it("leaves a page the room an item has under its longest key, after any generation's prefix", () => {
    const capacity = pageCapacity('knights#standard#p000123');
    expect(capacity).toBeLessThan(MAX_PAGE_ITEM_BYTES);
    expect(itemBytes(pageItem(generationKey(MAX_GENERATION, 'knights#standard#p000123'), new Uint8Array(capacity)))).toBe(MAX_PAGE_ITEM_BYTES);
  });

  it('refuses an item with no page bytes, naming its key, or "?" when it has none', () => {
    expect(() => pageBytesOf({ [PARTITION_KEY]: { S: key } })).toThrow(new MalformedItemError(`item ${key} has no binary "page" attribute`));
    expect(() => pageBytesOf({ [PAGE_ATTRIBUTE]: { S: 'text' } })).toThrow(new MalformedItemError('item ? has no binary "page" attribute'));
  });
});

describe("an item's size as DynamoDB counts it", () => {
  it('adds the names, the strings as UTF-8, the binaries, and a number as one byte plus one for each two significant digits', () => {
    expect(itemBytes({ pk: { S: 'é' }, page: { B: new Uint8Array(10) } })).toBe(2 + 2 + 4 + 10);
    expect(itemBytes({ n: { N: '12345' } })).toBe(1 + 4);
    expect(itemBytes({ n: { N: '-12' } })).toBe(1 + 2);
    expect(itemBytes({ n: { N: '0012' } })).toBe(1 + 2);
    expect(itemBytes({ n: { N: '1.5' } })).toBe(1 + 2);
    expect(itemBytes({ n: { N: '100' } })).toBe(1 + 3);
  });

  it('refuses an attribute of another type, naming it', () => {
    expect(() => itemBytes({ flag: { BOOL: true } })).toThrow(new RangeError('itemBytes sizes string, binary and number attributes only (flag)'));
  });
  it('costs one write unit for each kilobyte begun, as DynamoDB bills a standard write', () => {
    expect([1, 1024, 1025, 2048, 400 * 1024].map(writeUnitsOf)).toEqual([1, 1, 2, 2, 400]);
  });
});
