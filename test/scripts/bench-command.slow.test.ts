/** npm run bench's own command line: its usage on --help, and a sentence, not a stack, for what it does not take. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const bench = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...args], { encoding: 'utf8' });

describe('npm run bench', () => {
  it('prints its usage and every benchmark it has on --help', () => {
    const help = bench('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run bench \[-- --only NAME\] \[--json\]\n {2}NAME: precompute, load, query, search, /);
    for (const name of ['init', 'full', 'judge']) expect(help.stdout).toContain(`, ${name}`);
  });

  it('refuses an option or a benchmark it does not have with a sentence (the benchmark meant, when it is a misspelling) and its usage', () => {
    const bogus = bench('--bogus');
    expect(bogus.status).toBe(2);
    expect(bogus.stderr).toMatch(/^Unknown option '--bogus'/);
    expect(bogus.stderr).toContain('usage: npm run bench');
    expect(bogus.stderr).not.toMatch(/\n\s+at /);
    const misspelt = bench('--only', 'serach');
    expect(misspelt.status).toBe(2);
    expect(misspelt.stderr).toMatch(/^There is no benchmark "serach"; did you mean search\? The benchmarks are precompute, load, query, search, .*\.\nusage: npm run bench \[-- --only NAME\]/);
    const none = bench('--only', 'nothing');
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^There is no benchmark "nothing"\. The benchmarks are precompute, .*\.\nusage: npm run bench /);
  });
});
