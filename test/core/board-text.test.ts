import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardText } from '../../core/board-text';

/** The rule as a regular expression says it: split at every run of whitespace and `/`. */
function byRegularExpression(text: string) {
  const groups = text.split(/[\s/]+/u).filter((group) => group !== '');
  return { cells: groups.flatMap((group) => [...group]), groups, separated: groups.length > 1 };
}

describe('a board as a person writes it', () => {
  it('splits at runs of spaces, line breaks and "/", and counts code points as cells', () => {
    expect(boardText('10110/01*11/10111/01001/00000')).toEqual({ cells: [...'1011001*11101110100100000'], groups: ['10110', '01*11', '10111', '01001', '00000'], separated: true });
    expect(boardText(' 12X 453\n786 ')).toEqual({ cells: [...'12X453786'], groups: ['12X', '453', '786'], separated: true });
    expect(boardText('\u00a012345678X\u3000')).toEqual({ cells: [...'12345678X'], groups: ['12345678X'], separated: false });
    expect(boardText('😀1/2')).toEqual({ cells: ['😀', '1', '2'], groups: ['😀1', '2'], separated: true });
    expect(boardText('')).toEqual({ cells: [], groups: [], separated: false });
  });

  it('reads any text as the regular expression /[\\s/]+/u splits it', () => {
    const separator = fc.constantFrom(' ', '/', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u001f', '\u0085', '\u180e');
    const text = fc.array(fc.oneof(separator, fc.string({ unit: 'binary', maxLength: 3 })), { maxLength: 12 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (written) => {
        expect(boardText(written)).toEqual(byRegularExpression(written));
      }),
      { numRuns: 2000 },
    );
  });
});
