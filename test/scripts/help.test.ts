/** Every command answers --help with its usage on stdout, and exits 0 (each a process of its own: the slow list). */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('--help', () => {
  it.each(['ask', 'lookup', 'smoke', 'solve', 'precompute'])('npm run %s -- --help prints the usage and exits 0', async (command) => {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', `scripts/${command}.ts`, '--help'], { encoding: 'utf8' });
    expect(stdout).toMatch(/usage: npm run/);
    expect(stderr).toBe('');
  });
});
