/**
 * `cdk watch` deploys again when a file its "watch" list covers changes: it must cover every file
 * the deployed functions and the stack are made of. Those are read here from the functions' entries
 * (functions/*.ts) and the CDK app's (bin/tablebase.ts), following every relative import, static
 * or lazy, and every file a module names by its own URL (`new URL('…', import.meta.url)`: how the
 * stack names the functions' entries and the script its bundling runs), and the files the app
 * command runs. What the list leaves out may only be output the deploy itself writes (git-ignored):
 * watching the page the app command builds before each synth would deploy again after every deploy.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const CDK = JSON.parse(readFileSync(join(ROOT, 'cdk.json'), 'utf8')) as { app: string; watch: { include: string[]; exclude?: string[] } };
const { include, exclude = [] } = CDK.watch;

/** A watch pattern as a test of a path from the root (`**` any folders, `*` any name). */
function matcher(pattern: string): (path: string) => boolean {
  const source = pattern
    .split(/(\*\*\/|\*\*|\*)/)
    .map((part) => (part === '**/' ? '(?:.*/)?' : part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const pattern_ = new RegExp(`^${source}$`);
  return (path) => pattern_.test(path);
}
const included = include.map(matcher);
const excluded = exclude.map(matcher);
const watched = (path: string) => included.some((test) => test(path)) && !excluded.some((test) => test(path));

/** The file a relative reference from `file` names: as written, or a module without its extension. */
function resolveFrom(file: string, target: string): string | undefined {
  const base = resolve(ROOT, dirname(file), target);
  for (const path of [base, `${base}.ts`, `${base}.mjs`, `${base}.cjs`, join(base, 'index.ts')]) if (existsSync(path) && statSync(path).isFile()) return relative(ROOT, path);
  // a folder named by its URL (the functions' packaged tables): made at bundling, not a source
  return existsSync(base) || target.endsWith('/') ? undefined : `${relative(ROOT, base)} (not found)`;
}

/** Every file reached from `entries`, and the references that name no file. */
function reached(entries: string[]): { files: Set<string>; broken: string[] } {
  const files = new Set<string>();
  const broken: string[] = [];
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.(ts|mjs|cjs)$/.test(file)) continue;
    // comments left out: they quote imports as examples
    const text = readFileSync(join(ROOT, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const references = [
      ...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*)['"](\.[^'"]+)['"]/g),
      ...text.matchAll(/\bnew URL\(\s*['"](\.[^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g),
    ];
    for (const [, target] of references) {
      const path = resolveFrom(file, target);
      if (path?.endsWith('(not found)')) broken.push(`${file} -> ${target}`);
      else if (path) pending.push(path);
    }
  }
  return { files, broken };
}

const ENTRIES = [...readdirSync(join(ROOT, 'functions')).filter((name) => name.endsWith('.ts')).map((name) => `functions/${name}`), 'bin/tablebase.ts'];
const { files, broken } = reached(ENTRIES);
/** Files in a folder (a file at the root, package-lock.json or cdk.json, is read once when the watch starts). */
const inFolders = [...files].filter((file) => file.includes('/'));
const gitIgnored = readFileSync(join(ROOT, '.gitignore'), 'utf8').split('\n').filter(Boolean);

describe("cdk.json's watch list", () => {
  it('covers every file the deployed functions and the stack are made of, from every top folder they reach', () => {
    expect(broken).toEqual([]);
    const tops = new Set(inFolders.map((file) => file.split('/')[0]));
    // the deployed code spans these folders at least: a reading that found fewer has lost its way
    for (const top of ['core', 'api', 'packing', 'store', 'puzzles', 'lambda', 'load', 'lib', 'functions', 'bin']) expect(tops, top).toContain(top);
    const unwatched = inFolders.filter((file) => !watched(file) && !gitIgnored.includes(file));
    expect(unwatched).toEqual([]);
  });

  it('covers the files the app command runs', () => {
    const commandFiles = [...CDK.app.matchAll(/\S+\.ts\b/g)].map(([file]) => file);
    expect(commandFiles).toContain('bin/tablebase.ts');
    expect(commandFiles.filter((file) => !watched(file))).toEqual([]);
  });

  it('leaves out the tests, the docs and what the deploy itself writes, the page the app command builds among them', () => {
    for (const path of ['test/lib/cdk-watch.test.ts', 'docs/deploying.md', 'puzzles/eight/README.md', 'lambda/web-page/page.generated.ts', 'cdk.out/manifest.json']) expect(watched(path), path).toBe(false);
    // the page is built from these, which are watched
    for (const path of ['lambda/web-page/app.ts', 'lambda/web-page/index.html', 'puzzles/eight/web-page/panel.html', 'widgets/panel.ts']) expect(watched(path), path).toBe(true);
  });
});
