/**
 * The one rule for how a person may write a board, whatever the puzzle: the cells row by row, with
 * spaces (any whitespace, line breaks too) and `/` allowed anywhere between them, between rows or
 * between cells, and ignored. A board is written the way a person types it (`10110/01*11/...`,
 * `12X 453 786`, rows on lines of their own), so the separators carry no meaning: a stray space in
 * a row is not a row of its own, and the cells are counted after they are taken out.
 */

/** Whitespace beyond ASCII's, as a regular expression's `\s` knows it (ASCII's is told by its code). */
const WIDE_SPACE = /\s/u;

export interface BoardText {
  /** The cells as typed, the separators taken out (one string per code point). */
  readonly cells: readonly string[];
  /** The runs of cells between separators (the rows, when the separators were put between rows). */
  readonly groups: readonly string[];
  /** Whether the text held a separator between cells at all (leading and trailing ones are not counted). */
  readonly separated: boolean;
}

/**
 * The text split at every run of whitespace and `/` (what /[\s/]+/u would split it into, empty
 * runs dropped), in one pass over its code points: every question parses one or two boards, and
 * this is most of what parsing one costs.
 */
export function boardText(text: string): BoardText {
  const cells: string[] = [];
  const groups: string[] = [];
  let group = '';
  for (const symbol of text) {
    const code = symbol.charCodeAt(0);
    const separator = code === 47 || code === 32 || (code >= 9 && code <= 13) || (code >= 128 && WIDE_SPACE.test(symbol));
    if (!separator) {
      cells.push(symbol);
      group += symbol;
    } else if (group !== '') {
      groups.push(group);
      group = '';
    }
  }
  if (group !== '') groups.push(group);
  return { cells, groups, separated: groups.length > 1 };
}

/** Said in every message about a board's size: what the separators are. */
export const SEPARATORS_IGNORED = 'spaces and "/" between cells are ignored';
