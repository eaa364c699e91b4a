/**
 * `npm run figures -- --check`, the command as a process of its own: every table and every load of
 * docs/figures.md computed from the code (the whole knights space among them: the time and memory
 * its --help gives, hence a slow test) and compared with the file, line for line. test/docs/figures.test.ts checks
 * the tables that build in seconds in the quick suite.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

const figures = async (...args: string[]) => {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/figures.ts', ...args], { encoding: 'utf8', maxBuffer: 1 << 24, timeout: 880_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

describe('npm run figures', () => {
  it('-- --check: docs/figures.md is what the code computes, every table and every load', { timeout: 900_000 }, async () => {
    const { code, stdout, stderr } = await figures('--check');
    expect(stdout).toBe(`figures: ${process.cwd()}/docs/figures.md is what the code computes.\n`);
    expect(code).toBe(0);
    // it said what it built, table by table
    expect(stderr).toMatch(/^figures: knights#standard \(depth 39\): \d+ pages/m);
  });

  it('-- --help prints its usage, and a wrong option is refused with it', async () => {
    const help = await figures('--help');
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^usage: npm run figures -- \[--check\]/);
    const wrong = await figures('--workers', 'none');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^--workers must be a whole number from 1 to 64; got "none"\.\nusage: npm run figures/);
  });
});
