/**
 * What every command says of a word it does not take: the first sentence of the parser's refusal
 * (not its advice, whose quote never closes), and for a puzzle or command name that is not one,
 * what it is not and what it could be (test/scripts/help.slow.test.ts runs each command with --help).
 */
import { parseArgs } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { parserSentence, readCommandOptions, unknownWord } from '../../scripts/command-options';

describe('a command line it does not take', () => {
  it("is said in the parser's first sentence", () => {
    let refusal: unknown;
    try {
      parseArgs({ args: ['--bogus'], options: {}, strict: true, allowPositionals: true });
    } catch (error) {
      refusal = error;
    }
    expect(parserSentence(refusal)).toBe("Unknown option '--bogus'.");
    // without positionals the parser ends its sentence with no full stop
    expect(parserSentence(new TypeError("Unknown option '--bogus'"))).toBe("Unknown option '--bogus'.");
  });

  it('names what a word is not, and the nearest it could be', () => {
    expect(unknownWord('puzzle', 'eigth', ['knights', 'eight', 'fifteen'])).toBe('There is no puzzle "eigth"; did you mean eight? The puzzles are knights, eight, fifteen.');
    expect(unknownWord('puzzle', 'chess', ['knights', 'eight', 'fifteen'])).toBe('There is no puzzle "chess". The puzzles are knights, eight, fifteen.');
  });

  it('is refused with that sentence and the usage, exit 2; --help and -h print the usage, exit 0; else the values', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const logs = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const options = { file: { type: 'string' } } as const;
      expect(readCommandOptions(options, 'usage: x [--file PATH]', ['--bogus'])).toEqual({ exitCode: 2 });
      expect(errors.mock.calls).toEqual([["Unknown option '--bogus'.\nusage: x [--file PATH]"]]);
      expect(readCommandOptions(options, 'usage: x [--file PATH]', ['--help'])).toEqual({ exitCode: 0 });
      expect(readCommandOptions(options, 'usage: x [--file PATH]', ['-h'])).toEqual({ exitCode: 0 });
      expect(logs.mock.calls).toEqual([['usage: x [--file PATH]'], ['usage: x [--file PATH]']]);
      expect(readCommandOptions(options, 'usage', ['--file', 'a.md'])).toEqual({ values: { file: 'a.md' } });
    } finally {
      errors.mockRestore();
      logs.mockRestore();
    }
  });
});
