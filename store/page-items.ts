/**
 * A page's item: its key, its bytes, and the checksum of both, which every read checks before the
 * bytes are decoded or handed on; and how DynamoDB sizes and bills an item, which is what a page's
 * size is cut to.
 */
import { crc32 } from 'node:zlib';
import { MAX_GENERATION, generationKey } from './generations';
import { type DynamoItem, MalformedItemError, PARTITION_KEY } from './table-schema';

/** The binary attribute holding a page's bytes. */
export const PAGE_ATTRIBUTE = 'page';
/** The binary attribute holding the page's checksum (pageChecksum), 4 bytes, big-endian. */
export const CHECKSUM_ATTRIBUTE = 'crc32';

/** An item costs one read unit up to 4 KB: pages are cut to fit, key and attribute names included. */
export const MAX_PAGE_ITEM_BYTES = 4096;
/** DynamoDB bills a write unit per started kilobyte of an item. */
export const WRITE_UNIT_BYTES = 1024;

/**
 * The checksum of a page item: CRC-32 over its stored key, then its bytes, so that a page's bytes
 * found under another key are refused as surely as a flipped bit. The page codec refuses only
 * bytes that no page can be; a bit flipped in a line's choices decodes to another line that is
 * just as valid, and only a checksum tells them apart. CRC-32 catches every single-bit flip and
 * every burst of up to 32 bits (as every 32-bit CRC does), and Node has it built in (zlib.crc32);
 * CRC32C gives the same two guarantees, and would need a package in the function's bundle.
 */
export function pageChecksum(key: string, bytes: Uint8Array): number {
  return crc32(bytes, crc32(key));
}

const checksumBytes = (checksum: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, checksum);
  return bytes;
};

export function pageItem(key: string, bytes: Uint8Array): DynamoItem {
  return { [PARTITION_KEY]: { S: key }, [PAGE_ATTRIBUTE]: { B: bytes }, [CHECKSUM_ATTRIBUTE]: { B: checksumBytes(pageChecksum(key, bytes)) } };
}

const hex = (checksum: number) => `0x${checksum.toString(16).padStart(8, '0')}`;

/** A page item's bytes, once its checksum says they are the bytes written under its key. */
export function pageBytesOf(item: DynamoItem): Uint8Array {
  const key = item[PARTITION_KEY]?.S ?? '?';
  const bytes = item[PAGE_ATTRIBUTE]?.B;
  if (!(bytes instanceof Uint8Array)) throw new MalformedItemError(`item ${key} has no binary "${PAGE_ATTRIBUTE}" attribute`);
  const stored = item[CHECKSUM_ATTRIBUTE]?.B;
  if (!(stored instanceof Uint8Array) || stored.length !== 4) throw new MalformedItemError(`item ${key} has no 4-byte "${CHECKSUM_ATTRIBUTE}" attribute`);
  const expected = new DataView(stored.buffer, stored.byteOffset, 4).getUint32(0);
  const found = pageChecksum(key, bytes);
  if (found !== expected) {
    throw new MalformedItemError(`page ${key} does not match its checksum (CRC-32 ${hex(found)}, stored ${hex(expected)}): it was changed after it was written; reload the table`);
  }
  return bytes;
}

/** An item's size as DynamoDB counts it: attribute names plus values (strings and binaries here). */
export function itemBytes(item: DynamoItem): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(item)) {
    bytes += Buffer.byteLength(name);
    if (value.S !== undefined) bytes += Buffer.byteLength(value.S);
    else if (value.B !== undefined) bytes += value.B.length;
    else if (value.N !== undefined) bytes += Math.ceil(value.N.replace(/^-|\.|^0+/g, '').length / 2) + 1;
    else throw new RangeError(`itemBytes sizes string, binary and number attributes only (${name})`);
  }
  return bytes;
}

/** The bytes a page may hold under a key (stored after any generation's), for its item to stay within MAX_PAGE_ITEM_BYTES. */
export function pageCapacity(longestKey: string): number {
  return MAX_PAGE_ITEM_BYTES - itemBytes(pageItem(generationKey(MAX_GENERATION, longestKey), new Uint8Array(0)));
}

export function writeUnitsOf(bytes: number): number {
  return Math.ceil(bytes / WRITE_UNIT_BYTES);
}
