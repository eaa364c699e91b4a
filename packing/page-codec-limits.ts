/**
 * What the page codec (page-codec.ts, with the build's record entries in page-encoding.ts) can
 * store: the limits every puzzle with stored tables must keep within, checked when a puzzle
 * registers (puzzles/roles/stored-tables.ts) and again when a table is built (table-pages.ts). A
 * puzzle past one would otherwise be stored wrongly with nothing said: a distance of 64 written in
 * 6 bits reads back as 0, a ninth move falls out of a byte's mask.
 *
 * A line after its first move costs at most ceil(log2(7)) = 3 bits a step within these limits, so
 * its code (at most 62 steps) stays within the 255 bits a record's entry gives its length.
 */
import { DISTANCE_BITS, MAX_CELLS, MAX_DISTANCE, MAX_MOVES_PER_CELL, type PuzzleFormat } from './page-codec';

export const PAGE_CODEC_LIMITS = {
  /** Cells the hole stands on, numbered from 0: a record's entry names a cell in 5 bits, and the codec's move tables have 32 rows. */
  maxCells: MAX_CELLS,
  /** Moves from any one cell: a record's optimal-move mask is a byte. */
  maxMovesPerCell: MAX_MOVES_PER_CELL,
  /** The farthest a record's position can be from its goal: its distance is 6 bits. */
  maxDistance: MAX_DISTANCE,
  /** Every move of the hole has the move straight back: a line's code leaves that move out of each step's choices. */
  reversibleMoves: true,
  /**
   * Every move changes the distance by exactly one: a record marks its optimal moves (to distance
   * - 1) and every other move is read as leading to distance + 1. Checked as the hole's cells
   * falling into two colours with every move changing the colour: then every move changes the
   * distance's parity, and a reversible move changes the distance by at most one. (A puzzle of
   * distinct tiles on cells that cannot be so coloured may still keep to it, by the parity of its
   * permutation; it is refused all the same, no such puzzle being stored.)
   */
  distanceChangesByOne: true,
} as const;

/** A table whose positions the codec cannot store: pageCodecProblems says why. */
export class PageCodecLimitError extends Error {
  override readonly name = 'PageCodecLimitError';
}

/**
 * What in a puzzle's format (and its greatest distance, when known) breaks the codec's limits:
 * one sentence each, naming the limit and the value; none when it keeps to them all.
 */
export function pageCodecProblems(format: Pick<PuzzleFormat, 'holeMoves'>, greatestDistance?: number): string[] {
  const { holeMoves } = format;
  const cells = holeMoves.length;
  const problems: string[] = [];
  if (cells > MAX_CELLS) problems.push(`maxCells is ${MAX_CELLS} (a record names the hole's cell in 5 bits): the hole stands on ${cells} cells.`);
  holeMoves.forEach((moves, cell) => {
    if (moves.length > MAX_MOVES_PER_CELL) problems.push(`maxMovesPerCell is ${MAX_MOVES_PER_CELL} (a record's optimal-move mask is a byte): cell ${cell} has ${moves.length} moves.`);
    for (const to of moves.filter((to) => !Number.isInteger(to) || to < 0 || to >= cells)) problems.push(`cell ${cell} has a move to ${to}, which is no cell (they are 0 to ${cells - 1}).`);
    for (const to of moves.filter((to, index) => moves.indexOf(to) !== index)) problems.push(`cell ${cell} names its move to ${to} twice.`);
  });
  if (problems.length > 0) return [...problems, ...distanceProblems(greatestDistance)]; // the moves below assume cells that exist
  const oneWay = holeMoves.flatMap((moves, cell) => moves.filter((to) => !holeMoves[to].includes(cell)).map((to) => `${cell} to ${to}`));
  if (oneWay.length > 0) {
    problems.push(`reversibleMoves (a line's code leaves out the move straight back, so every move needs one): the hole moves from ${oneWay.slice(0, 3).join(', ')}${oneWay.length > 3 ? ` and ${oneWay.length - 3} more` : ''} but not back.`);
  }
  const sameColour = sameColourMove(holeMoves);
  if (sameColour) {
    problems.push(
      `distanceChangesByOne (a record marks the optimal moves, and every other move is read as one step farther): the hole's cells cannot be coloured in two with every move changing the colour (the move from ${sameColour[0]} to ${sameColour[1]} joins cells of one colour), so a move could keep the distance.`,
    );
  }
  return [...problems, ...distanceProblems(greatestDistance)];
}

function distanceProblems(greatestDistance: number | undefined): string[] {
  if (greatestDistance === undefined || greatestDistance <= MAX_DISTANCE) return [];
  return [`maxDistance is ${MAX_DISTANCE} (a record's distance is ${DISTANCE_BITS} bits): distances reach ${greatestDistance}.`];
}

/** A move between two cells of the same colour when the cells are coloured in two from each cell unseen, or undefined when none is. */
function sameColourMove(holeMoves: readonly (readonly number[])[]): [number, number] | undefined {
  const colour = new Int8Array(holeMoves.length).fill(-1);
  for (let start = 0; start < holeMoves.length; start++) {
    if (colour[start] !== -1) continue;
    colour[start] = 0;
    const queue = [start];
    for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
      for (const to of holeMoves[at]) {
        if (colour[to] === -1) {
          colour[to] = 1 - colour[at];
          queue.push(to);
        } else if (colour[to] === colour[at]) return [at, to];
      }
    }
  }
  return undefined;
}
