import { describe, expect, it } from 'vitest';
import { openedBoard } from '../../widgets/sliding-board';

/** A URL as the page opened with it. */
const url = (query: string) => {
  const fields = new URLSearchParams(query);
  return { field: (name: string) => fields.get(name) };
};
/** Boards of 4 cells of a, b and the blank _. */
const read = (text: string) => (/^[ab_]{4}$/.test(text) ? text : null);
const words = { what: 'a board (4 cells of a, b and _)', instead: 'the sample ab_a' };

describe("a board from the page's URL", () => {
  it('is the one the URL names when it is one, with nothing to say', () => {
    expect(openedBoard(url('board=bb_a'), 'board', read, 'ab_a', words)).toEqual({ cells: 'bb_a', note: '' });
  });

  it('is the default, silently, when the URL names none or leaves the field empty', () => {
    expect(openedBoard(url('other=1'), 'board', read, 'ab_a', words)).toEqual({ cells: 'ab_a', note: '' });
    expect(openedBoard(url('board=%20'), 'board', read, 'ab_a', words)).toEqual({ cells: 'ab_a', note: '' });
  });

  it('is the default when the URL names something else, with a sentence saying which value and what is shown instead', () => {
    expect(openedBoard(url('board=garbage'), 'board', read, 'ab_a', words)).toEqual({
      cells: 'ab_a',
      note: 'The URL\'s board "garbage" is not a board (4 cells of a, b and _): the page shows the sample ab_a instead.',
    });
  });

  it('quotes at most 40 characters of a long value', () => {
    const { note } = openedBoard(url(`board=${'x'.repeat(500)}`), 'board', read, 'ab_a', words);
    expect(note).toContain(`"${'x'.repeat(40)}\u2026"`);
    expect(note).not.toContain('x'.repeat(41));
  });
});
