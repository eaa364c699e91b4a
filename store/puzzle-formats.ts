/**
 * The two puzzles as the page codec sees them: where the hole can move from each cell, in the
 * SPEC's move order, and the hole's cell in the position of a rank.
 */
import { SUBSET_COUNT } from '../core/combinations';
import { BLANK_MOVES, MOVE_LETTERS, blankTarget } from '../core/eight/board';
import { EIGHT_POSITIONS, blankOfRank } from '../core/eight/space';
import { KNIGHT_JUMPS } from '../core/knights/board';
import { KNIGHTS_POSITIONS } from '../core/knights/space';
import type { PuzzleFormat } from './page-codec';

export interface PagedPuzzle extends PuzzleFormat {
  /** Ranks of the whole space. */
  readonly ranks: number;
}

/** Knights ranks are hole * C(24,12) + the black knights' colex rank. */
export const KNIGHTS_FORMAT: PagedPuzzle = {
  ranks: KNIGHTS_POSITIONS,
  holeMoves: KNIGHT_JUMPS,
  holeOfRank: (rank) => Math.floor(rank / SUBSET_COUNT),
};

/** Eight ranks are Cantor ranks of the (relabelled) starting board. */
export const EIGHT_FORMAT: PagedPuzzle = {
  ranks: EIGHT_POSITIONS,
  holeMoves: BLANK_MOVES.map((moves, blank) => moves.map((move) => blankTarget(blank, move))),
  holeOfRank: blankOfRank,
};

/** The eight move letters of a line of blank cells starting from `blank`. */
export function eightLetters(blank: number, cells: readonly number[]): string {
  let letters = '';
  let from = blank;
  for (const cell of cells) {
    letters += MOVE_LETTERS[BLANK_MOVES[from][EIGHT_FORMAT.holeMoves[from].indexOf(cell)]];
    from = cell;
  }
  return letters;
}
