/**
 * The pattern databases npm run solve uses: 6-6-3 (33.6 MB in memory), kept on disk between runs
 * (node_modules/.cache/tablebase/, the file of arrays a load or the function's package holds:
 * store/array-file.ts), under a key of the source code that builds them (core/source-key.ts), and
 * checked against their checksum when read: about half a second. A run that finds none, or a file
 * that fails its check, builds them (8 to 12 s on one thread, said on stderr group by group) and keeps them for
 * the next. A board 80 moves away then takes seconds, where Manhattan distance with conflicts does
 * not finish in minutes.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectRootOf, sourceKey } from '../../../core/source-key';
import { arrayCacheFolder, readArrayFile, writeArrayFile } from '../../../store/array-file';
import { FIFTEEN_TABLE, databaseArrays, databasesOf } from '../estimates';
import { type PatternDatabases, PARTITION_663, buildPatternDatabases } from '../rules/pattern-set';

/** The sources whose code makes the databases' bytes and their file: what the key covers (with all they import). */
const BUILT_BY = ['puzzles/fifteen/rules/pattern-set.ts', 'puzzles/fifteen/rules/pattern-ranking.ts', 'puzzles/fifteen/estimates.ts', 'store/array-file.ts'];

export interface SolveDatabasesOptions {
  /** Where they are kept; the project's cache folder by default, none (built in memory each run) when the sources are not at hand. */
  readonly folder?: string | null;
  readonly partition?: readonly (readonly number[])[];
}

const built = new Map<string, PatternDatabases>();

/** The file the databases of `partition` are kept in, or undefined when they cannot be kept (no sources to key them by). */
export function solveDatabasesFile(options: SolveDatabasesOptions = {}): string | undefined {
  const root = projectRootOf(fileURLToPath(import.meta.url));
  const key = root === undefined ? undefined : sourceKey(root, BUILT_BY);
  const folder = options.folder === undefined ? (root === undefined ? undefined : arrayCacheFolder(root)) : (options.folder ?? undefined);
  if (key === undefined || folder === undefined) return undefined;
  const groups = (options.partition ?? PARTITION_663).map((group) => group.length).join('-');
  return join(folder, `${FIFTEEN_TABLE}-${groups}-solve-${key}.arrays`);
}

export function solveDatabases(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`), options: SolveDatabasesOptions = {}): PatternDatabases {
  const partition = options.partition ?? PARTITION_663;
  const file = solveDatabasesFile(options);
  const memo = `${file ?? 'memory'}|${JSON.stringify(partition)}`;
  const known = built.get(memo);
  if (known) return known;
  const name = partition.map((group) => group.length).join('-');
  if (file !== undefined && existsSync(file)) {
    try {
      const databases = databasesOf(readArrayFile(file, FIFTEEN_TABLE).arrays);
      built.set(memo, databases);
      return databases;
    } catch (error) {
      // a kept copy that fails its check (or holds other arrays) is built again, never used
      log(`fifteen: the ${name} pattern databases kept in ${file} cannot be used (${(error as Error).message}); building them again`);
    }
  }
  const started = performance.now();
  log(`fifteen: building the ${name} pattern databases, once${file === undefined ? ' (in memory: no sources here to key a kept copy by)' : ` (kept in ${file} for the next runs)`}: 8 to 12 s`);
  const databases = buildPatternDatabases(partition, (group, milliseconds) => log(`fifteen:   tiles ${group.join(',')} in ${(milliseconds / 1000).toFixed(1)} s`));
  const bytes = databases.tables.reduce((sum, table) => sum + table.length, 0);
  log(`fifteen: built the ${name} pattern databases (${(bytes / 1e6).toFixed(1)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (file !== undefined) {
    try {
      writeArrayFile(file, FIFTEEN_TABLE, databaseArrays(databases));
      // the copies built by code as it was before are not used again
      const older = new RegExp(`^${FIFTEEN_TABLE}-${name}-solve-[0-9a-f]{16}\\.arrays$`);
      for (const old of readdirSync(dirname(file))) if (old !== basename(file) && older.test(old)) rmSync(join(dirname(file), old), { force: true });
    } catch (error) {
      log(`fifteen: could not keep them in ${file} (${(error as Error).message}); the next run builds them again`);
    }
  }
  built.set(memo, databases);
  return databases;
}
