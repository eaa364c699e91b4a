/**
 * Boards as the page keeps them: a string of cells, row by row (25 knights cells, 9 eight cells),
 * without the '/' that the API and the URL put between knights rows for people to read.
 */

const KNIGHT = '\u265E';

/** The cells of a board, whether or not it is written with '/' between its rows. */
export function cellsOf(board: string): string {
  return board.replace(/\//g, '');
}

/** A knights board as the API and the URL write it: its five rows, '/' between them. */
export function rows(board: string): string {
  return board.match(/.{5}/g)!.join('/');
}

/** The board with the pieces on cells a and b exchanged: a move (the hole and the piece it takes the place of), or a click-swap of two tiles. */
export function swapCells(board: string, a: number, b: number): string {
  const cells = board.split('');
  [cells[a], cells[b]] = [cells[b], cells[a]];
  return cells.join('');
}

/** Shows a knights cell ('0' white, '1' black, '*' empty) in an element of a board: its colour as a class, a knight unless empty. */
export function showKnightsCell(element: HTMLElement, cell: string): void {
  element.className = cell === '0' ? 'w' : cell === '1' ? 'b' : 'h';
  element.textContent = cell === '*' ? '' : KNIGHT;
}
