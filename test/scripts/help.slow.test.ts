/**
 * Every command answers --help with its usage on stdout, and exits 0; a name it does not have is
 * refused with the one meant and the usage (each a process of its own: a slow test).
 */
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('--help', () => {
  it.each(['ask', 'lookup', 'smoke', 'solve', 'precompute', 'rehearse', 'build:web-page', 'build:wasm'])('npm run %s -- --help prints the usage and exits 0', async (command) => {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', `scripts/${command.replace(':', '-')}.ts`, '--help'], { encoding: 'utf8' });
    expect(stdout).toMatch(/usage: npm run/);
    expect(stderr).toBe('');
  });
});

describe('a name it does not have', () => {
  it("npm run rehearse -- --only NAME says the scenario meant and the usage, and exits 2 before it starts anything", () => {
    const misspelt = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/rehearse.ts', '--only', 'lodaer'], { encoding: 'utf8' });
    expect(misspelt.status).toBe(2);
    expect(misspelt.stdout).toBe('');
    expect(misspelt.stderr).toMatch(/^There is no scenario "lodaer"; did you mean loader\? The scenarios are cold, crowd, reload, loader, .*\.\nusage: npm run rehearse \[-- --only NAME\]/);
  });
});
