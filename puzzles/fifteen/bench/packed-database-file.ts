/**
 * The packed pattern databases (rules/packed-pattern-set.ts) as one file of the benchmark's own,
 * for its processes (fifteen-packed-ida.c and packed-search-process.ts) to read the very same
 * bytes: the raw arrays, exactly as the search reads them, after the partition that says how to
 * index them.
 *
 *   "FPKD", the number of groups, then per group its number of tiles and its tiles (a byte each, in
 *   the order of its halves), then per group in the same order: its packed entries
 *   (ceil(16!/(16-n)!/4) bytes), its first half's sparse table, its second half's (16^tiles bytes
 *   each).
 *
 * Not the store's file of arrays (store/array-file.ts: named arrays and a checksum): a format the
 * C program reads with one fread, and no checksum to check.
 */
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { halvesOf, packedBytes } from '../rules/packed-pattern-database';
import { type PackedDatabases, checkPackedDatabases } from '../rules/packed-pattern-set';

const MAGIC = 'FPKD';

/** Writes `databases` to `path`, array by array (the 7-8 set is 144 MB: no copy of it all in one buffer). */
export function writePackedDatabaseFile(path: string, databases: PackedDatabases): void {
  checkPackedDatabases(databases);
  const header = [...Buffer.from(MAGIC, 'ascii'), databases.partition.length, ...databases.partition.flatMap((tiles) => [tiles.length, ...tiles])];
  const fd = openSync(path, 'w');
  try {
    const write = (bytes: Uint8Array) => {
      for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
    };
    write(Uint8Array.from(header));
    databases.partition.forEach((_, g) => {
      write(databases.packed[g]);
      for (const half of databases.halves[g]) write(half);
    });
  } finally {
    closeSync(fd);
  }
}

/** The databases of a file written above: views of the file's bytes, refused when they do not fit its partition. */
export function readPackedDatabaseFile(path: string): PackedDatabases {
  const bytes = readFileSync(path);
  if (bytes.length < MAGIC.length + 1 || bytes.toString('ascii', 0, MAGIC.length) !== MAGIC) throw new Error(`${path} is not a packed pattern database file`);
  let at = MAGIC.length;
  const partition: number[][] = [];
  for (let groups = bytes[at++], g = 0; g < groups; g++) {
    const size = bytes[at++];
    partition.push([...bytes.subarray(at, at + size)]);
    at += size;
  }
  const take = (length: number) => {
    const array = bytes.subarray(at, at + length);
    at += length;
    return array;
  };
  const packed: Uint8Array[] = [];
  const halves: Uint8Array[][] = [];
  for (const group of partition) {
    packed.push(take(packedBytes(group.length)));
    halves.push(halvesOf(group).map((half) => take(16 ** half.length)));
  }
  if (at !== bytes.length) throw new Error(`${path} holds ${bytes.length} bytes, not the ${at} its partition says`);
  const databases: PackedDatabases = { partition, packed, halves };
  checkPackedDatabases(databases); // a cut file's last arrays are short
  return databases;
}
