/**
 * Relabelling: moves only say where the blank goes, so renaming the tiles of both boards the same
 * way changes no answer. Renaming so that the target becomes the canonical board with its blank
 * in the same cell (tiles 1..8 in reading order around it) turns every (A, B) query into a query
 * from A' to one of 9 fixed goals, so 9 BFS tables answer all pairs.
 */
import { BLANK, CELLS, type EightBoard } from './board';

/** Canonical goal with the blank at `blankCell`: e.g. 8 -> 12345678X, 4 -> 1234X5678. */
export function canonicalGoal(blankCell: number): EightBoard {
  const cells: number[] = [];
  let tile = 1;
  for (let cell = 0; cell < CELLS; cell++) cells.push(cell === blankCell ? BLANK : tile++);
  return cells;
}

export const CANONICAL_GOALS: readonly EightBoard[] = Array.from({ length: CELLS }, (_, cell) => canonicalGoal(cell));

export interface CanonicalQuery {
  /** Index of the canonical goal: the cell of the target's blank. */
  readonly goalIndex: number;
  /** The starting board, relabelled the same way as the target. */
  readonly from: EightBoard;
}

export function canonicalize(from: EightBoard, to: EightBoard): CanonicalQuery {
  const goalIndex = to.indexOf(BLANK);
  const goal = CANONICAL_GOALS[goalIndex];
  const rename = new Array<number>(CELLS);
  for (let cell = 0; cell < CELLS; cell++) rename[to[cell]] = goal[cell];
  return { goalIndex, from: from.map((value) => rename[value]) };
}
