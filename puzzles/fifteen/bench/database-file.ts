/**
 * The pattern databases as one file, for the benchmark's processes (fifteen-pattern-ida.c and
 * search-process.ts) to read what the benchmark built once, so that neither side's timed
 * part holds a 13 s build: the raw sparse tables, exactly as the search reads them, after the
 * partition that says how to index them.
 *
 *   "FPDB", the number of groups, then per group its number of tiles and its tiles (a byte each),
 *   then each group's table in the same order (16^tiles bytes).
 *
 * A format of the benchmark's own, not a store's: the C program reads it with a few freads.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { entriesFor } from '../rules/pattern-database';
import { type PatternDatabases, checkPartition, patternDatabasesOf } from '../rules/pattern-set';

const MAGIC = 'FPDB';

export function writeDatabaseFile(path: string, databases: PatternDatabases): void {
  const header = [...Buffer.from(MAGIC, 'ascii'), databases.partition.length, ...databases.partition.flatMap((tiles) => [tiles.length, ...tiles])];
  writeFileSync(path, Buffer.concat([Uint8Array.from(header), ...databases.tables]));
}

/**
 * The databases of a file written above, copied out of the file's Buffer into one buffer of their
 * own as the service's are (patternDatabasesOf): the search reads the same arrays it reads there.
 */
export function readDatabaseFile(path: string): PatternDatabases {
  const bytes = readFileSync(path);
  if (bytes.toString('ascii', 0, MAGIC.length) !== MAGIC) throw new Error(`${path} is not a pattern database file`);
  let at = MAGIC.length;
  const partition: number[][] = [];
  for (let groups = bytes[at++], g = 0; g < groups; g++) {
    const size = bytes[at++];
    partition.push([...bytes.subarray(at, at + size)]);
    at += size;
  }
  checkPartition(partition);
  const length = partition.reduce((total, tiles) => total + entriesFor(tiles), at);
  if (length !== bytes.length) throw new Error(`${path} holds ${bytes.length} bytes, not the ${length} its partition says`);
  return patternDatabasesOf(partition, (_, table) => {
    table.set(bytes.subarray(at, at + table.length));
    at += table.length;
  });
}
