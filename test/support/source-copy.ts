/**
 * A copy of the project's sources in a folder of its own (not the tests, the docs, the installed
 * packages or what builds leave), to change there what a test must never change here: a test of
 * a cache keyed by the code that builds it imports the copy's module and edits the copy's files.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectRootOf } from '../../core/source-key';

const ROOT = projectRootOf(fileURLToPath(import.meta.url))!;
/** What is not the product's code: not copied. */
const LEFT_OUT = new Set(['node_modules', 'test', 'test-results', 'docs', 'cdk.out', 'reports']);

/** The copy's folder, and how to remove it. */
export function copyOfSources(label: string): { readonly folder: string; remove(): void } {
  const folder = mkdtempSync(join(tmpdir(), `tablebase-${label}-`));
  for (const entry of readdirSync(ROOT, { withFileTypes: true })) {
    if (entry.name === 'package.json' || (entry.isDirectory() && !entry.name.startsWith('.') && !LEFT_OUT.has(entry.name))) {
      cpSync(join(ROOT, entry.name), join(folder, entry.name), { recursive: true });
    }
  }
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
