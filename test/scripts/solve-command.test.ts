/**
 * npm run solve's command line as a person mistypes it: a sentence of the command's and the
 * usage on stderr, nothing on stdout, exit 2; never the parser's advice, whose quote it never
 * closes. (Its judge output: test/scripts/judge.slow.test.ts.)
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PUZZLE_LIST, PUZZLE_NAMES } from '../support/registered-names';
import { main } from '../../scripts/solve';

const run = (...args: string[]) => main(args, Readable.from(['']));

describe('npm run solve, refusing its command line', () => {
  it('says an option it does not take in a sentence, and a misspelt puzzle with the one meant, each with the usage', async () => {
    const usage = (await run('--help')).stdout;
    expect(usage).toMatch(/^usage: npm run --silent solve -- \S+\|\S+ \[--engine search\|table\|auto\]/);
    const refusals = {
      unknown: await run('--puzzle', '"knights'),
      short: await run('-x'),
      missing: await run('knights', '--engine'),
      misspelt: await run('knigths'),
      quoted: await run('"knights'),
      two: await run('knights', 'eight'),
    };
    for (const refusal of Object.values(refusals)) {
      expect(refusal).toMatchObject({ code: 2, stdout: '' });
      expect(refusal.stderr.endsWith(`\n${usage}`)).toBe(true);
      expect(refusal.stderr.split('\n')).toHaveLength(3); // one sentence, the usage, the last newline
      expect(refusal.stderr).not.toContain('positional argument');
    }
    expect(refusals.unknown.stderr).toMatch(/^Unknown option '--puzzle'\.\n/);
    expect(refusals.short.stderr).toMatch(/^Unknown option '-x'\.\n/);
    expect(refusals.missing.stderr).toMatch(/^Option '--engine <value>' argument missing\.\n/);
    expect(refusals.misspelt.stderr).toMatch(new RegExp(`^There is no puzzle "knigths"; did you mean knights\\? The puzzles are ${PUZZLE_LIST}\\.\\n`));
    expect(refusals.quoted.stderr).toMatch(/^There is no puzzle ""knights"; did you mean knights\?/);
    expect(refusals.two.stderr).toMatch(new RegExp(`^Name one puzzle, ${PUZZLE_NAMES.slice(0, -1).join(', ')} or ${PUZZLE_NAMES.at(-1)}; got "knights eight"\\.\\n`));
  });
});
