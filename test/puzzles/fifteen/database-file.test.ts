/** The benchmark's file of pattern databases (what its C reference reads) gives back the tables and the partition exactly. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readDatabaseFile, writeDatabaseFile } from '../../../puzzles/fifteen/bench/database-file';
import { PARTITION_33333, buildPatternDatabases } from '../../../puzzles/fifteen/rules/pattern-set';
import { TABLES_AT, passMemoryOf } from '../../../puzzles/fifteen/rules/wasm-memory';

describe('the pattern database file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tablebase-pdb-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('round-trips the partition and each table, laid back to back in the memory the WebAssembly pass reads', () => {
    const databases = buildPatternDatabases(PARTITION_33333);
    const file = join(dir, 'set.pdb');
    writeDatabaseFile(file, databases);
    expect(readFileSync(file).length).toBe(4 + 1 + 5 * 4 + 5 * 16 ** 3);
    const back = readDatabaseFile(file);
    expect(back.partition).toEqual(PARTITION_33333);
    back.tables.forEach((table, g) => {
      expect(Buffer.from(table).equals(databases.tables[g])).toBe(true);
      expect(table.buffer).toBe(back.tables[0].buffer);
      expect(table.byteOffset).toBe(TABLES_AT + g * 16 ** 3);
    });
    // the pass's own page, then the tables, rounded up to a whole page of WebAssembly memory
    expect(back.tables[0].buffer.byteLength).toBe(TABLES_AT + Math.ceil((5 * 16 ** 3) / 65536) * 65536);
    expect(passMemoryOf(back.tables[0])).toBeDefined();
  });

  it('refuses a file cut short or of another kind', () => {
    const file = join(dir, 'set.pdb');
    writeDatabaseFile(file, buildPatternDatabases(PARTITION_33333));
    const cut = join(dir, 'cut.pdb');
    writeFileSync(cut, readFileSync(file).subarray(0, -1));
    expect(() => readDatabaseFile(cut)).toThrow(/holds 20504 bytes, not the 20505 its partition says/);
    writeFileSync(cut, 'not a database');
    expect(() => readDatabaseFile(cut)).toThrow(/is not a pattern database file/);
  });
});
