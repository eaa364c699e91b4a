/**
 * The 7-8 packed pattern databases as a file, built once and kept: 144 MB (a 130 MB and a 14 MB
 * table of two-bit entries, and their halves' small databases), in the file of
 * arrays every estimate table uses (store/array-file.ts: a checksum over every byte, checked when
 * read), named `fifteen-78`. Built on every core (packed-databases-on-threads.ts), kept in
 * node_modules/.cache/tablebase/ under a key of the code that builds them (core/source-key.ts), so
 * that only a change to that code builds them again. `npm start`, `npm run solve` and the stack's
 * bundling (scripts/package-tables.ts) all use this file.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectRootOf, sourceKey } from '../../../core/source-key';
import { arrayCacheFolder, readArrayFile, writeArrayFile } from '../../../store/array-file';
import { PACKED_TABLE, packedDatabaseArrays, packedDatabasesOf } from '../packed-file';
import { PARTITION_78, type PackedDatabases } from '../rules/packed-pattern-set';
import { placementCount } from '../rules/packed-pattern-database';
import { type BuiltGroup, buildPackedDatabaseOnThreads } from './packed-databases-on-threads';

/** The sources whose code makes the file's bytes: what its key covers (with all they import). */
const BUILT_BY = ['puzzles/fifteen/offline/packed-databases.ts'];

/** Where the built file is kept, or undefined away from the sources (a bundle): nothing to key it by. */
export function packedDatabasesFile(folder?: string): string | undefined {
  const root = projectRootOf(fileURLToPath(import.meta.url));
  const key = root === undefined ? undefined : sourceKey(root, BUILT_BY);
  if (key === undefined || root === undefined) return undefined;
  return join(folder ?? arrayCacheFolder(root), `${PACKED_TABLE}-${key}.arrays`);
}

/** The databases in `file`, checked against their checksum; throws what is wrong with a missing or damaged file. */
export function readPackedDatabases(file: string): PackedDatabases {
  return packedDatabasesOf(readArrayFile(file, PACKED_TABLE).arrays);
}

export interface PackedBuildOptions {
  readonly threads?: number;
  readonly partition?: readonly (readonly number[])[];
  readonly log?: (line: string) => void;
  /** Told after each level the share of all entries valued so far, 0 to 1. */
  readonly progress?: (share: number) => void;
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
  const built: BuiltGroup[] = [];
  const entries = partition.reduce((sum, group) => sum + placementCount(group.length), 0);
  let valuedBefore = 0;
  for (const group of [...partition].sort((a, b) => b.length - a.length)) {
    let valued = 0;
    const database = await buildPackedDatabaseOnThreads(group, threads, (level, counts) => {
      valued += counts.valued;
      options.progress?.((valuedBefore + valued) / entries);
      if (counts.valued > 0) log(`fifteen:   tiles ${group.join(',')}: ${valued.toLocaleString('en-US')} placements valued, ${level} moves deep, at ${seconds()}`);
    });
    const { byValue, clamped } = database.counts;
    log(`fifteen:   tiles ${group.join(',')} done at ${seconds()}: (value - its halves') / 2 was ${byValue.map((n, v) => `${v} for ${n}`).join(', ')}; the ${clamped} above 3 are stored as 3`);
    built.push(database);
    valuedBefore += valued;
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

/** How long a build waits at most for another process's build of the same file before building itself. */
const WAIT_FOR_OTHER_MS = 20 * 60_000;

/**
 * The kept file, sound, or a new one built now (minutes, said on `log`); refused away from the
 * sources, where there is nothing to key it by. Processes that ask at once build it once: the
 * first takes a lock (a folder beside the file, holding its process id) and the others wait for its
 * file; a lock whose process has ended is taken over.
 */
export async function packedDatabasesFileBuilt(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`), progress?: (share: number) => void): Promise<string> {
  const file = packedDatabasesFile();
  if (file === undefined) throw new Error(`the ${PACKED_TABLE} databases are built from the sources, which are not here`);
  const lock = `${file}.lock`;
  const waitingSince = Date.now();
  let told = false;
  for (;;) {
    if (keptPackedDatabases(file, log) !== undefined) return file;
    mkdirSync(dirname(file), { recursive: true });
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!lockHolderAlive(lock) || Date.now() - waitingSince > WAIT_FOR_OTHER_MS) {
        // taken over by a rename, which one waiter alone wins: two that both found it stale never both build
        const stale = `${lock}.${process.pid}.stale`;
        try {
          renameSync(lock, stale);
          rmSync(stale, { recursive: true, force: true });
        } catch {
          // another waiter took it over first
        }
        continue;
      }
      if (!told) log(`fifteen: another process is building the ${PACKED_TABLE} databases; waiting for them`);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  try {
    await buildPackedDatabasesFile(file, { log, progress });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  return file;
}

/** Whether the process that took a lock is still running (a lock just made, its id not written yet, counts as held). */
function lockHolderAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    return existsSync(lock);
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
