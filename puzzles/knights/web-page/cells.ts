/** Knights boards on the page: 25 cells, '0' a white knight, '1' a black one, '*' the empty square. */

const KNIGHT = '\u265E';

/** What a knights board's 25 cells look like (a URL's or /stats's board is checked against it). */
export const KNIGHTS_CELLS = /^[01*]{25}$/;

/** A knights board as the API and the URL write it: its five rows, '/' between them. */
export function rows(board: string): string {
  return board.match(/.{5}/g)!.join('/');
}

/**
 * Shows a knights cell in an element of a board: its colour as a class (panel.css colours the
 * knight as the piece it is: white or black), a knight unless empty.
 */
export function showKnightsCell(element: HTMLElement, cell: string): void {
  element.className = cell === '0' ? 'w' : cell === '1' ? 'b' : 'h';
  element.textContent = cell === '*' ? '' : KNIGHT;
}
