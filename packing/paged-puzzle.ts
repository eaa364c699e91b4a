/**
 * A puzzle as its tables see it: what the page codec needs (how the hole moves, where it stands in
 * the position of a rank), how many ranks its space has, and how wide its page numbers are written.
 * Each puzzle module (puzzles/) gives one.
 */
import type { PuzzleFormat } from './page-codec';

export interface PagedPuzzle extends PuzzleFormat {
  /** Ranks of the whole space. */
  readonly ranks: number;
  /** Digits of a page number in a key: room for every page of the whole space. */
  readonly pageDigits: number;
}
