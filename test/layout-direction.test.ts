/**
 * The layers import one way, downward: core and api at the bottom, then store and widgets, the
 * puzzles, lambda, lib, scripts and bin, the deployed functions' entries, and bench on top. A file may import from its own layer
 * or any below it, never from one above (every relative import, static or lazy, is read).
 * A puzzle's benchmarks supply inputs and rows; the harnesses that start bundles or servers live
 * in bench/.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAYERS } from './layers';

const ROOT = resolve(import.meta.dirname, '..');
function codeFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : codeFiles(path);
    return /\.(ts|mjs|cjs)$/.test(name) ? [path] : [];
  });
}

/** Folders no product file may import from, whatever its layer: the tests, the docs' examples, and the mutation runs' configs. */
const NEVER_IMPORTED = new Set(['test', 'docs', 'mutation']);

/** A top folder's layer; a file at the root (package.json) is below everything. */
const layerOf = (folder: string) => (NEVER_IMPORTED.has(folder) ? Number.POSITIVE_INFINITY : (LAYERS[folder] ?? -1));

/** Every import of `text` (a file at `file`, by path from the root) that reaches a higher layer, the tests or the docs. */
function upwardImports(file: string, text: string): string[] {
  const layer = LAYERS[file.split('/')[0]];
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*)['"](\.[^'"]+)['"]/g)]
    .map((match) => match[1])
    .filter((target) => layerOf(relative(ROOT, resolve(ROOT, dirname(file), target)).split('/')[0]) > layer)
    .map((target) => `${file} -> ${target}`);
}

/**
 * The files that name the service's own registry (puzzles/registered.ts): the entry points alone,
 * each a process's or a thread's start (the Lambda functions' entries, the CDK app, the commands, the
 * benchmarks' runner, and the load's threads). Everything else is handed the registry it serves.
 */
const ENTRY_POINTS = [
  'bench/estimates.ts',
  'bench/run.ts',
  'bin/tablebase.ts',
  'emulator/search-threads.ts',
  'emulator/solve-on-worker.ts',
  'functions/api.ts',
  'functions/loader.ts',
  'functions/solver.ts',
  'load/load-tables.ts',
  'scripts/ask.ts',
  'scripts/build-estimates.ts',
  'scripts/build-web-page.ts',
  'scripts/figures.ts',
  'scripts/lookup.ts',
  'scripts/package-tables.ts',
  'scripts/precompute.ts',
  'scripts/rehearse.ts',
  'scripts/smoke.ts',
  'scripts/solve.ts',
  'scripts/start.ts',
];

/** Whether the file's text names the service's own registry. */
const namesTheRegistry = (text: string) => /['"][./]*puzzles\/registered['"]|['"]\.\/registered['"]/.test(text);

describe('the layers', () => {
  const files = Object.keys(LAYERS).flatMap((folder) => codeFiles(join(ROOT, folder)).map((path) => relative(ROOT, path)));

  it('cover every top folder that holds code', () => {
    const IGNORED = new Set(['node_modules', 'cdk.out', 'reports', 'test-results', ...NEVER_IMPORTED]);
    const folders = readdirSync(ROOT).filter((name) => !name.startsWith('.') && !IGNORED.has(name) && statSync(join(ROOT, name)).isDirectory());
    expect(folders.filter((folder) => codeFiles(join(ROOT, folder)).length > 0 && LAYERS[folder] === undefined)).toEqual([]);
  });

  it('import downward only', () => {
    expect(files.length).toBeGreaterThan(200);
    const upward = files.flatMap((file) => upwardImports(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(upward).toEqual([]);
  });

  it('catch a planted upward import, static or lazy, and let a downward one be', () => {
    expect(upwardImports('store/page-store.ts', "import { createHandler } from '../lambda/handler';")).toEqual(['store/page-store.ts -> ../lambda/handler']);
    expect(upwardImports('puzzles/eight/solver.ts', "const bundle = () => import('../../emulator/function-bundle');")).toEqual(['puzzles/eight/solver.ts -> ../../emulator/function-bundle']);
    expect(upwardImports('core/bfs.ts', "export { x } from '../bench/harness';")).toEqual(['core/bfs.ts -> ../bench/harness']);
    expect(upwardImports('bench/run.ts', "import { quietLog } from '../test/support/log';")).toEqual(['bench/run.ts -> ../test/support/log']);
    expect(upwardImports('scripts/ask.ts', "import { ask } from '../docs/clients/public-client';")).toEqual(['scripts/ask.ts -> ../docs/clients/public-client']);
    expect(upwardImports('lambda/handler.ts', "import { x } from '../store/page-store';\nimport { y } from './routes';")).toEqual([]);
  });
});

describe('the registry', () => {
  const files = Object.keys(LAYERS).flatMap((folder) => codeFiles(join(ROOT, folder)).map((path) => relative(ROOT, path)));

  it('is named by the entry points alone, and handed on from there', () => {
    const naming = files.filter((file) => file !== 'puzzles/registered.ts' && namesTheRegistry(readFileSync(join(ROOT, file), 'utf8')));
    expect(naming.sort()).toEqual(ENTRY_POINTS);
  });

  it('is caught when a module below the entry points names it', () => {
    expect(namesTheRegistry("import { registry } from '../puzzles/registered';")).toBe(true);
    expect(namesTheRegistry("const { registry } = await import('../../puzzles/registered');")).toBe(true);
    expect(namesTheRegistry("import type { Registry } from '../puzzles/registry';")).toBe(false);
  });
});
