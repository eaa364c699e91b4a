/**
 * npm run solve's pattern databases kept on disk (puzzles/fifteen/offline/databases.ts): built and
 * kept by a first run, read back by the next without a build, and built again over a kept copy that
 * fails its check. A small partition (five groups of three tiles) stands in for 6-6-3.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { solveDatabases, solveDatabasesFile } from '../../../puzzles/fifteen/offline/databases';
import { PARTITION_33333, buildPatternDatabases } from '../../../puzzles/fifteen/rules/pattern-set';

const root = mkdtempSync(join(tmpdir(), 'tablebase-solve-databases-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const partition = PARTITION_33333;
const expected = buildPatternDatabases(partition);

function run(folder: string) {
  const lines: string[] = [];
  const databases = solveDatabases((line) => lines.push(line), { folder, partition });
  return { databases, lines };
}

describe("npm run solve's pattern databases, kept on disk", () => {
  it('are built and kept by a first run (said, group by group), and read back by the next without a build', () => {
    const first = join(root, 'first');
    // a copy built by the code as it was before, and another partition's: the first goes, the second stays
    mkdirSync(first);
    writeFileSync(join(first, 'fifteen-3-3-3-3-3-solve-0123456789abcdef.arrays'), 'older');
    writeFileSync(join(first, 'fifteen-6-6-3-solve-0123456789abcdef.arrays'), 'other');
    const built = run(first);
    expect(readdirSync(first).sort()).toEqual([basename(solveDatabasesFile({ folder: first, partition })!), 'fifteen-6-6-3-solve-0123456789abcdef.arrays'].sort());
    expect(built.databases.tables).toEqual(expected.tables);
    expect(built.lines[0]).toMatch(/^fifteen: building the 3-3-3-3-3 pattern databases, once \(kept in .*fifteen-3-3-3-3-3-solve-[0-9a-f]{16}\.arrays for the next runs\)/);
    expect(built.lines.filter((line) => /^fifteen: {3}tiles \d+,\d+,\d+ in \d+\.\d s$/.test(line))).toHaveLength(5);
    // another process would find the file: a folder holding a copy of it, read without building
    const next = join(root, 'next');
    mkdirSync(next);
    const file = solveDatabasesFile({ folder: first, partition })!;
    copyFileSync(file, join(next, basename(file)));
    const read = run(next);
    expect(read.lines).toEqual([]);
    expect(read.databases.tables).toEqual(expected.tables);
  });

  it('are built again over a kept copy that fails its check, and kept anew', () => {
    const damaged = join(root, 'damaged');
    mkdirSync(damaged);
    const file = join(damaged, basename(solveDatabasesFile({ folder: damaged, partition })!));
    copyFileSync(solveDatabasesFile({ folder: join(root, 'first'), partition })!, file);
    const bytes = readFileSync(file);
    bytes[bytes.length - 10] ^= 1;
    writeFileSync(file, bytes);
    const rebuilt = run(damaged);
    expect(rebuilt.lines[0]).toMatch(/cannot be used \(The arrays in .* do not match their checksum .*\); building them again$/);
    expect(rebuilt.databases.tables).toEqual(expected.tables);
    expect(readFileSync(file).equals(readFileSync(solveDatabasesFile({ folder: join(root, 'first'), partition })!))).toBe(true);
  });

  it('are named by the partition and a key of the code that builds them', () => {
    expect(solveDatabasesFile({ folder: '/x' })).toMatch(/^\/x\/fifteen-6-6-3-solve-[0-9a-f]{16}\.arrays$/);
    expect(solveDatabasesFile({ folder: null })).toBeUndefined();
  });
});
