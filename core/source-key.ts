/**
 * A key for what some source files compute: the sha256 of their text and of every file they import
 * by a relative path, followed through the imports, so that a result kept on disk (a table built
 * from them) is used again only by the code that would build it the same. Reading a handful of
 * files takes a millisecond or two, where bundling them to compare takes a third of a second.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Relative module specifiers of imports, re-exports and lazy imports (`from './x'`, `import './x'`, `import('./x')`). */
const RELATIVE_IMPORT = /(?:\bfrom\s+|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;

/** The file a relative specifier names from `file`: as written, or with .ts added. */
function resolved(file: string, specifier: string): string | undefined {
  const base = resolve(dirname(file), specifier);
  return [base, `${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/**
 * The key of `entries` and everything they import by relative path, lazily too (paths under
 * `root`, which names them in the key so that a moved file changes it); undefined when an entry is
 * missing (code run from a bundle, away from its sources).
 */
export function sourceKey(root: string, entries: readonly string[]): string | undefined {
  const seen = new Set<string>();
  const pending = [...entries.map((entry) => resolve(root, entry))];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    if (!existsSync(file)) return undefined;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      // a specifier that names no file is passed over (one quoted in a comment, say)
      const next = resolved(file, match[2]);
      if (next !== undefined) pending.push(next);
    }
  }
  const hash = createHash('sha256');
  for (const file of [...seen].sort()) hash.update(`${relative(root, file)}\n`).update(readFileSync(file)).update('\n');
  return hash.digest('hex').slice(0, 16);
}

/** The folder holding `package.json` at or above `from` (a file or folder): the project's root, whichever file of it runs. */
export function projectRootOf(from: string): string | undefined {
  for (let folder = dirname(from); ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) return undefined;
  }
}
