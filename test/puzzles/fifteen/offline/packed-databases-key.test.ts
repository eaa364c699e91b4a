/**
 * The 7-8 pattern databases the function's package carries are kept between builds under a key of
 * the code that builds them (puzzles/fifteen/offline/packed-databases.ts): a change to that code
 * must name another file, so that databases built by the code as it was are never shipped, and a
 * change elsewhere must not (a build takes minutes). Shown on a copy of the project's sources,
 * changed there, never here.
 */
import { appendFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { packedDatabasesFile } from '../../../../puzzles/fifteen/offline/packed-databases';
import { copyOfSources } from '../../../support/source-copy';

const sources = copyOfSources('packed-key');
const copy = sources.folder;
afterAll(() => sources.remove());

describe("the kept 7-8 databases' file", () => {
  it('is named by the code that builds them: the same code names the same file wherever it lies; a change to it, another; a change elsewhere, none', async () => {
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
