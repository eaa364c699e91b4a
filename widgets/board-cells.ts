/**
 * Boards as a panel keeps them: a string of cells, row by row, without any separator the API or
 * the URL puts between rows for people to read.
 */

/** The cells of a board, whether or not it is written with '/' between its rows. */
export function cellsOf(board: string): string {
  return board.replace(/\//g, '');
}

/** The board with the pieces on cells a and b exchanged: a move (the hole and the piece it takes the place of), or a click-swap of two tiles. */
export function swapCells(board: string, a: number, b: number): string {
  const cells = board.split('');
  [cells[a], cells[b]] = [cells[b], cells[a]];
  return cells.join('');
}
