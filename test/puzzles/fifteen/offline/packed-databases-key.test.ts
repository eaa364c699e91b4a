/**
 * The 7-8 pattern databases the function's package carries are kept between builds under a key of
 * the code that builds them (puzzles/fifteen/offline/packed-databases.ts): a change to that code
 * must name another file, so that databases built by the code as it was are never shipped, and a
 * change elsewhere must not (a build takes minutes). Shown on a copy of the project's sources,
 * changed there, never here.
 */
import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRootOf } from '../../../../core/source-key';
import { packedDatabasesFile } from '../../../../puzzles/fifteen/offline/packed-databases';

const ROOT = projectRootOf(fileURLToPath(import.meta.url))!;
/** What is not the product's code: not copied. */
const LEFT_OUT = new Set(['node_modules', 'test', 'test-results', 'docs', 'cdk.out', 'reports']);
const copy = mkdtempSync(join(tmpdir(), 'tablebase-packed-key-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe("the kept 7-8 databases' file", () => {
  it('is named by the code that builds them: the same code names the same file wherever it lies; a change to it, another; a change elsewhere, none', async () => {
    for (const entry of readdirSync(ROOT, { withFileTypes: true })) {
      if (entry.name === 'package.json' || (entry.isDirectory() && !entry.name.startsWith('.') && !LEFT_OUT.has(entry.name))) {
        cpSync(join(ROOT, entry.name), join(copy, entry.name), { recursive: true });
      }
    }
    const copied: typeof import('../../../../puzzles/fifteen/offline/packed-databases') = await import(pathToFileURL(join(copy, 'puzzles/fifteen/offline/packed-databases.ts')).href);
    const named = () => basename(copied.packedDatabasesFile('/kept')!);
    const first = named();
    expect(first).toMatch(/^fifteen-78-[0-9a-f]{16}\.arrays$/);
    expect(first).toBe(basename(packedDatabasesFile('/kept')!));
    // elsewhere: the judge's format, the 6-6-3 search
    for (const other of ['puzzles/fifteen/judge.ts', 'puzzles/fifteen/rules/pattern-search.ts']) appendFileSync(join(copy, other), '\n// changed\n');
    expect(named()).toBe(first);
    // the code that builds them: each group's search, the threads that share it, the file they are written as
    const names = [first];
    for (const builder of ['puzzles/fifteen/rules/packed-pattern-database.ts', 'puzzles/fifteen/offline/packed-databases-on-threads.ts', 'store/array-file.ts']) {
      appendFileSync(join(copy, builder), '\n// changed\n');
      names.push(named());
    }
    expect(new Set(names).size).toBe(names.length);
  });
});
