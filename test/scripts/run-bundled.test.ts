import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * scripts/run-bundled.mjs in a project of its own: a command of two files, and esbuild the one
 * package in its node_modules (so that its cache is the test's own).
 */
describe('run-bundled', () => {
  const project = mkdtempSync(join(tmpdir(), 'tablebase-run-bundled-'));
  afterAll(() => rmSync(project, { recursive: true, force: true }));
  mkdirSync(join(project, 'scripts'));
  mkdirSync(join(project, 'lib'));
  mkdirSync(join(project, 'node_modules'));
  copyFileSync(fileURLToPath(new URL('../../scripts/run-bundled.mjs', import.meta.url)), join(project, 'scripts', 'run-bundled.mjs'));
  symlinkSync(fileURLToPath(new URL('../../node_modules/esbuild', import.meta.url)), join(project, 'node_modules', 'esbuild'));
  const write = (path: string, text: string) => writeFileSync(join(project, path), text);
  write('lib/message.ts', "export const message: string = 'first';\n");
  write('lib/lazy.ts', "console.log('the lazy module ran');\n");
  write(
    'scripts/hello.ts',
    [
      "import { pathToFileURL } from 'node:url';",
      "import { message } from '../lib/message';",
      'if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {',
      "  if (process.argv.includes('lazy')) await import('../lib/lazy');",
      "  console.log(`${message} ${process.argv.slice(2).join(' ')}`);",
      '}',
      '',
    ].join('\n'),
  );
  const run = (...args: string[]) => spawnSync(process.execPath, [join(project, 'scripts', 'run-bundled.mjs'), 'scripts/hello.ts', ...args], { encoding: 'utf8' });
  const builds = () => readdirSync(join(project, 'node_modules', '.cache', 'run-bundled'), { recursive: true }).filter((path) => /^[^/]+\/build-[^/]+$/.test(String(path)));

  it('runs the command as its main module with its arguments, from one bundle while no source changes', () => {
    expect(run('a', 'b')).toMatchObject({ stdout: 'first a b\n', status: 0 });
    expect(run('c')).toMatchObject({ stdout: 'first c\n', status: 0 });
    expect(builds()).toHaveLength(1);
  });

  it('keeps a lazy import lazy', () => {
    expect(run('d').stdout).toBe('first d\n');
    expect(run('lazy').stdout).toBe('the lazy module ran\nfirst lazy\n');
  });

  it('builds again when a file the command imports changes', () => {
    write('lib/message.ts', "export const message: string = 'second';\n");
    expect(run('e')).toMatchObject({ stdout: 'second e\n', status: 0 });
    expect(builds()).toHaveLength(2);
  });

  it('says what is wrong with a command that does not build, and exits 1', () => {
    write('lib/message.ts', 'export const message: string = ;\n');
    const broken = run();
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/message\.ts/);
  });
});
