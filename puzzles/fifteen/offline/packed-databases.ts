/**
 * The 7-8 packed pattern databases as a file, built once and kept: 144 MB (a 130 MB and a 14 MB
 * table of two-bit entries, and their halves' small databases), in the file of
 * arrays every estimate table uses (store/array-file.ts: a checksum over every byte, checked when
 * read), named `fifteen-78`. Built on every core (packed-databases-on-threads.ts), kept in
 * node_modules/.cache/tablebase/ under a key of the code that builds them (core/source-key.ts), so
 * that only a change to that code builds them again. `npm start`, `npm run solve` and the stack's
 * bundling (scripts/package-tables.ts) all use this file.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectRootOf, sourceKey } from '../../../core/source-key';
import { type NamedArray, arrayCacheFolder, readArrayFile, writeArrayFile } from '../../../store/array-file';
import { halvesOf } from '../rules/packed-pattern-database';
import { PARTITION_78, type PackedDatabases, checkPackedDatabases } from '../rules/packed-pattern-set';
import { buildPackedDatabaseOnThreads } from './packed-databases-on-threads';

/** The file's table name: what its header says, and what the function's package calls it. */
export const PACKED_TABLE = 'fifteen-78';

/** The sources whose code makes the file's bytes: what its key covers (with all they import). */
const BUILT_BY = ['puzzles/fifteen/offline/packed-databases.ts'];

const groupName = (group: readonly number[]) => `tiles-${group.join('-')}`;

/** The file's arrays: per group its entries, then its halves' databases. */
export function packedDatabaseArrays(databases: PackedDatabases): NamedArray[] {
  return databases.partition.flatMap((group, g) => [
    { name: groupName(group), bytes: databases.packed[g] },
    ...halvesOf(group).map((half, h) => ({ name: `half-${groupName(half)}`, bytes: databases.halves[g][h] })),
  ]);
}

/** The databases from a file's arrays; an error saying what is wrong when they are not a partition's packed databases. */
export function packedDatabasesOf(arrays: ReadonlyMap<string, Uint8Array>): PackedDatabases {
  const partition = [...arrays.keys()].filter((name) => /^tiles(-\d+)+$/.test(name)).map((name) => name.split('-').slice(1).map(Number));
  const named = (name: string) => {
    const array = arrays.get(name);
    if (array === undefined) throw new Error(`the ${PACKED_TABLE} databases lack the array ${name}`);
    return array;
  };
  const databases: PackedDatabases = {
    partition,
    packed: partition.map((group) => named(groupName(group))),
    halves: partition.map((group) => halvesOf(group).map((half) => named(`half-${groupName(half)}`))),
  };
  checkPackedDatabases(databases);
  return databases;
}

/** Where the built file is kept, or undefined away from the sources (a bundle): nothing to key it by. */
export function packedDatabasesFile(folder?: string): string | undefined {
  const root = projectRootOf(fileURLToPath(import.meta.url));
  const key = root === undefined ? undefined : sourceKey(root, BUILT_BY);
  if (key === undefined || root === undefined) return undefined;
  return join(folder ?? arrayCacheFolder(root), `${PACKED_TABLE}-${key}.arrays`);
}

/** The kept databases, checked against their checksum; undefined when none are kept. Throws what is wrong with a damaged file. */
export function readPackedDatabases(file: string): PackedDatabases {
  return packedDatabasesOf(readArrayFile(file, PACKED_TABLE).arrays);
}

export interface PackedBuildOptions {
  readonly threads?: number;
  readonly partition?: readonly (readonly number[])[];
  readonly log?: (line: string) => void;
}

/**
 * Builds the databases on `threads` threads (every core by default), saying each level on `log`,
 * and writes them to `file` (whole or not at all).
 */
export async function buildPackedDatabasesFile(file: string, options: PackedBuildOptions = {}): Promise<PackedDatabases> {
  const threads = options.threads ?? availableParallelism();
  const partition = options.partition ?? PARTITION_78;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  log(`fifteen: building the ${partition.map((group) => group.length).join('-')} pattern databases on ${threads} threads, once (kept in ${file})`);
  const built = [];
  for (const group of [...partition].sort((a, b) => b.length - a.length)) {
    let valued = 0;
    const database = await buildPackedDatabaseOnThreads(group, threads, (level, counts) => {
      valued += counts.valued;
      if (counts.valued > 0) log(`fifteen:   tiles ${group.join(',')}: ${valued.toLocaleString('en-US')} placements valued, ${level} moves deep, at ${seconds()}`);
    });
    const { byValue, clamped } = database.counts;
    log(`fifteen:   tiles ${group.join(',')} done at ${seconds()}: (value - its halves') / 2 was ${byValue.map((n, v) => `${v} for ${n}`).join(', ')}; the ${clamped} above 3 are stored as 3`);
    built.push(database);
  }
  const databases: PackedDatabases = {
    partition,
    packed: partition.map((group) => built.find((one) => one.tiles === group)!.packed),
    halves: partition.map((group) => built.find((one) => one.tiles === group)!.halves),
  };
  const written = writeArrayFile(file, PACKED_TABLE, packedDatabaseArrays(databases));
  log(`fifteen: the ${partition.map((group) => group.length).join('-')} pattern databases built in ${seconds()} (${written.checksum.slice(0, 19)}…)`);
  // the copies built by code as it was before are not used again
  const older = new RegExp(`^${PACKED_TABLE}-[0-9a-f]{16}\\.arrays$`);
  for (const old of readdirSync(dirname(file))) if (old !== basename(file) && older.test(old)) rmSync(join(dirname(file), old), { force: true });
  return databases;
}

/** The kept databases when their file is there and sound, else undefined (a damaged one is said on `log` and removed). */
export function keptPackedDatabases(file: string | undefined, log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): PackedDatabases | undefined {
  if (file === undefined || !existsSync(file)) return undefined;
  try {
    return readPackedDatabases(file);
  } catch (error) {
    log(`fifteen: the pattern databases kept in ${file} cannot be used (${(error as Error).message}); they will be built again`);
    rmSync(file, { force: true });
    return undefined;
  }
}
