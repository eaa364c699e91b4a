/**
 * The estimate tables the function's package carries are kept between builds under a key of the
 * code that builds them (scripts/package-tables.ts): a change to that code must give another key,
 * so that tables built by the code as it was are never shipped, and a change to code it does not
 * import must not. Shown on a copy of the project's sources, changed there, never here.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { packagedTablesKey } from '../../scripts/package-tables';
import { copyOfSources } from '../support/source-copy';

const sources = copyOfSources('package-key');
afterAll(() => sources.remove());

describe("the packaged estimate tables' key", () => {
  it('is the code that builds them: the same wherever it lies; another for a change to it; the same for a change elsewhere', async () => {
    const copied: typeof import('../../scripts/package-tables') = await import(pathToFileURL(join(sources.folder, 'scripts/package-tables.ts')).href);
    const first = copied.packagedTablesKey();
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(first).toBe(packagedTablesKey());
    // code the build does not import: the CDK app, the benchmarks' runner
    for (const other of ['lib/tablebase-stack.ts', 'bench/run.ts']) appendFileSync(join(sources.folder, other), '\n// changed\n');
    expect(copied.packagedTablesKey()).toBe(first);
    // the code that builds them: this program, the file they are written as, a puzzle's databases, the codec
    const keys = [first];
    for (const builder of ['scripts/package-tables.ts', 'store/array-file.ts', 'puzzles/fifteen/rules/pattern-database.ts', 'packing/page-codec.ts']) {
      appendFileSync(join(sources.folder, builder), '\n// changed\n');
      keys.push(copied.packagedTablesKey());
    }
    expect(new Set(keys).size).toBe(keys.length);
  });
});
