/**
 * What every command says of a word it does not take: the first sentence of the parser's refusal
 * (not its advice, whose quote never closes), and for a puzzle or command name that is not one,
 * what it is not and what it could be (test/scripts/help.test.ts runs each command with --help).
 */
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parserSentence, unknownWord } from '../../scripts/command-options';

describe('a command line it does not take', () => {
  it("is said in the parser's first sentence", () => {
    let refusal: unknown;
    try {
      parseArgs({ args: ['--bogus'], options: {}, strict: true, allowPositionals: true });
    } catch (error) {
      refusal = error;
    }
    expect(parserSentence(refusal)).toBe("Unknown option '--bogus'.");
  });

  it('names what a word is not, and the nearest it could be', () => {
    expect(unknownWord('puzzle', 'eigth', ['knights', 'eight', 'fifteen'])).toBe('There is no puzzle "eigth"; did you mean eight? The puzzles are knights, eight, fifteen.');
    expect(unknownWord('puzzle', 'chess', ['knights', 'eight', 'fifteen'])).toBe('There is no puzzle "chess". The puzzles are knights, eight, fifteen.');
  });
});
