/**
 * The estimate tables the function carries in its own package (`tsx scripts/package-tables.ts
 * FOLDER`): every puzzle's tables of estimates (the 15-puzzle's 6-6-3 pattern databases), built by
 * the puzzle's own load on every core and written as files of arrays (store/array-file.ts) into
 * FOLDER, which the stack's bundling makes the package's `tables/` (lib/tablebase-function.ts); and
 * its files-only ones (the 7-8 set, 144 MB), which the puzzle builds and keeps itself.
 *
 * A build takes seconds (5 to 7 s for 6-6-3 on two cores), so each file is kept in a cache keyed
 * by the content of the code that builds it: this program's source and every module it imports,
 * lazily too (core/source-key.ts; the puzzles' included). The same code finds its file there,
 * checked against its checksum, and copies it; any change to that code builds anew.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceKey } from '../core/source-key';
import { registry } from '../puzzles/registered';
import { ArrayFileError, arrayCacheFolder, arraysOfPages, packagedArrayFile, readArrayFile, writeArrayFile } from '../store/array-file';
import type { TableId } from '../store/table-keys';

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where built files are kept between builds. */
export const TABLES_CACHE = arrayCacheFolder(PROJECT_ROOT);

/** The key of the code that builds the packaged tables: this program's source and every module it imports. */
export function packagedTablesKey(): string {
  const key = sourceKey(PROJECT_ROOT, [fileURLToPath(import.meta.url)]);
  if (key === undefined) throw new Error(`${fileURLToPath(import.meta.url)} is not among its sources: the tables cannot be keyed by the code that builds them.`);
  return key;
}

/** Builds (or finds in the cache) every puzzle's estimate tables and writes them into `folder`; says what it did on `log`. */
export async function packageTables(folder: string, log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Promise<TableId[]> {
  mkdirSync(folder, { recursive: true });
  const key = packagedTablesKey();
  const written: TableId[] = [];
  for (const { puzzle, offline } of await registry.withOfflineRoles()) {
    for (const table of puzzle.estimates?.tables ?? []) {
      const cached = join(TABLES_CACHE, `${table}-${key}.arrays`);
      let fresh = !existsSync(cached);
      if (!fresh) {
        try {
          readArrayFile(cached, table);
        } catch (error) {
          if (!(error instanceof ArrayFileError)) throw error;
          log(`${table}: the cached file is unusable (${error.message}); building it again`);
          fresh = true;
        }
      }
      if (fresh) {
        const spec = offline.loads?.specs([table], {}).find((one) => one.table === table);
        if (!spec) throw new Error(`${puzzle.name} names the estimate table ${table}, but its loads build no such table.`);
        const started = performance.now();
        log(`${table}: building its estimates on ${availableParallelism()} threads, for the function's package…`);
        const pages = await spec.build({ threads: availableParallelism() });
        if (pages.kind !== 'arrays') throw new Error(`${table} is a table of positions; only tables of arrays go into the package.`);
        const file = writeArrayFile(cached, table, arraysOfPages(pages));
        log(`${table}: built in ${((performance.now() - started) / 1000).toFixed(1)} s (${file.checksum.slice(0, 19)}…), kept in ${cached}`);
        // the copies built by code as it was before are not used again
        for (const old of readdirSync(TABLES_CACHE)) if (old !== basename(cached) && new RegExp(`^${table}-[0-9a-f]{16}\\.arrays$`).test(old)) rmSync(join(TABLES_CACHE, old), { force: true });
      }
      copyFileSync(cached, packagedArrayFile(folder, table));
      written.push(table);
    }
    // the stronger estimates kept only as files (the 15-puzzle's 7-8 set), built once where the puzzle keeps them
    for (const table of puzzle.estimates?.filesOnly ?? []) {
      if (!offline.estimateFile) throw new Error(`${puzzle.name} names the files-only estimate table ${table}, but its offline roles make no such file.`);
      copyFileSync(await offline.estimateFile(table, log), packagedArrayFile(folder, table));
      written.push(table);
    }
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const folder = process.argv[2];
  if (!folder) {
    process.stderr.write('usage: tsx scripts/package-tables.ts FOLDER\n');
    process.exit(2);
  }
  await packageTables(folder);
}
