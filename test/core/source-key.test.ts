/** The key of some sources and all they import (core/source-key.ts): it follows relative imports, and changes with any of their text. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRootOf, sourceKey } from '../../core/source-key';

const root = mkdtempSync(join(tmpdir(), 'tablebase-source-key-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};

describe('a key of sources', () => {
  it('changes when an imported file changes, however deep, and not for a file nothing imports', () => {
    write('a/entry.ts', "import { b } from './b';\nexport * from '../c/index';\n");
    write('a/b.ts', "import { d } from '../d';\nexport const b = 1;\n");
    write('c/index.ts', 'export const c = 1;\n');
    write('d.ts', "import type { X } from 'node:fs';\nexport const d = 1;\n");
    write('unrelated.ts', 'export const u = 1;\n');
    const key = sourceKey(root, ['a/entry.ts']);
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    write('unrelated.ts', 'export const u = 2;\n');
    expect(sourceKey(root, ['a/entry.ts'])).toBe(key);
    write('d.ts', "import type { X } from 'node:fs';\nexport const d = 2;\n");
    const changed = sourceKey(root, ['a/entry.ts']);
    expect(changed).not.toBe(key);
    write('c/index.ts', 'export const c = 2;\n');
    expect(sourceKey(root, ['a/entry.ts'])).not.toBe(changed);
  });

  it('follows lazy imports too, passes over a specifier that names no file, and is undefined without its entry (code run away from its sources)', () => {
    write('f.ts', "export const load = () => import('./g');\n// as in import('./nowhere'), a comment\n");
    write('g.ts', 'export const g = 1;\n');
    const key = sourceKey(root, ['f.ts']);
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    write('g.ts', 'export const g = 2;\n');
    expect(sourceKey(root, ['f.ts'])).not.toBe(key);
    expect(sourceKey(root, ['nowhere.ts'])).toBeUndefined();
  });

  it("finds a project's root from any file in it, a bundle kept under node_modules too", () => {
    write('package.json', '{}');
    write('node_modules/.cache/run-bundled/abc/build-1/solve.mjs', '');
    expect(projectRootOf(join(root, 'node_modules/.cache/run-bundled/abc/build-1/solve.mjs'))).toBe(root);
    expect(projectRootOf(join(root, 'a/b.ts'))).toBe(root);
  });
});
