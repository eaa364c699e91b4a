/**
 * The geometry of a square sliding board of any side: its cells numbered row by row from the top
 * left, and the blank's four moves numbered in the order of their letters, d < l < r < u (down a
 * row, left, right, up a row), the order in which lines are compared. Each sliding puzzle makes
 * the board of its side once; its searches copy the tables they read at every node into
 * constants of their own file (an imported binding is reloaded at each use, a file's own constant
 * is not).
 */

/** The blank's moves, in the lexicographic order d < l < r < u. */
export const MOVE_LETTERS = 'dlru';
export const DOWN = 0;
export const LEFT = 1;
export const RIGHT = 2;
export const UP = 3;
/** How many moves a blank has at most: the stride of a table by cell and move. */
export const MOVES = 4;

/** The move that undoes `move`: d <-> u, l <-> r. */
export const reverseMove = (move: number) => UP - move;

export interface SlidingBoard {
  readonly side: number;
  readonly cells: number;
  /** step[move]: how a move changes the blank's cell number, where the move stays on the board. */
  readonly step: readonly number[];
  readonly rowOf: Uint8Array;
  readonly columnOf: Uint8Array;
  /** targets[cell * MOVES + move]: the cell a blank at `cell` reaches by `move`, or -1 off the board. */
  readonly targets: Int8Array;
  /** blankMoves[cell]: the legal moves of a blank at `cell`, in d, l, r, u order. */
  readonly blankMoves: readonly (readonly number[])[];
  /** lineCells[line * side + k]: the k-th cell of each line: the rows first (lines 0 to side - 1), then the columns. */
  readonly lineCells: Uint8Array;
  /**
   * changedLines[(cell * MOVES + move) * 2 + k]: the two lines whose tiles a move of the blank at
   * `cell` changes: the rows the tile leaves and enters when the blank moves up or down, else the
   * columns (0 for a move off the board). Within any other line the tiles keep their order.
   */
  readonly changedLines: Uint8Array;
  /** reflectedCell[cell]: the cell it is mirrored to about the main diagonal (row and column swapped). */
  readonly reflectedCell: Uint8Array;
  /** reflectedMove[move]: the move the mirror makes of it (a row's step becomes a column's: d <-> r, l <-> u). */
  readonly reflectedMove: readonly number[];
  /** The cell the blank reaches by `move` from `blank`, or -1 when the move would leave the board (or is none of the four). */
  blankTarget(blank: number, move: number): number;
}

/** The board of `side` x `side` cells (at most 11, so that a cell fits the tables' bytes). */
export function slidingBoard(side: number): SlidingBoard {
  if (!Number.isInteger(side) || side < 2 || side > 11) throw new RangeError(`a sliding board's side is a whole number from 2 to 11, not ${side}`);
  const cells = side * side;
  const step = [side, -1, 1, -side];
  const rowOf = Uint8Array.from({ length: cells }, (_, cell) => Math.floor(cell / side));
  const columnOf = Uint8Array.from({ length: cells }, (_, cell) => cell % side);
  const blankTarget = (blank: number, move: number): number => {
    if (!(move >= DOWN && move <= UP)) return -1; // not a move (a letter that names none, say)
    const row = rowOf[blank];
    const column = columnOf[blank];
    const off = (move === DOWN && row === side - 1) || (move === LEFT && column === 0) || (move === RIGHT && column === side - 1) || (move === UP && row === 0);
    return off ? -1 : blank + step[move];
  };
  const targets = Int8Array.from({ length: cells * MOVES }, (_, i) => blankTarget(Math.floor(i / MOVES), i % MOVES));
  const blankMoves = Array.from({ length: cells }, (_, blank) => [DOWN, LEFT, RIGHT, UP].filter((move) => targets[blank * MOVES + move] >= 0));
  const lineCells = Uint8Array.from({ length: 2 * cells }, (_, i) => {
    const line = Math.floor(i / side);
    const k = i % side;
    return line < side ? line * side + k : k * side + (line - side);
  });
  const changedLines = Uint8Array.from({ length: cells * MOVES * 2 }, (_, i) => {
    const at = Math.floor(i / 2);
    const move = at % MOVES;
    const cell = i % 2 === 0 ? Math.floor(at / MOVES) : targets[at];
    if (cell < 0) return 0;
    return move === DOWN || move === UP ? rowOf[cell] : side + columnOf[cell];
  });
  const reflectedCell = Uint8Array.from({ length: cells }, (_, cell) => columnOf[cell] * side + rowOf[cell]);
  return { side, cells, step, rowOf, columnOf, targets, blankMoves, lineCells, changedLines, reflectedCell, reflectedMove: [RIGHT, UP, DOWN, LEFT], blankTarget };
}
