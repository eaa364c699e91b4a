/** A legal move's value as every puzzle's answer gives it (its `moves`), whatever a move is: a cell, a letter. */
export interface MoveValue<Move> {
  readonly move: Move;
  /** Moves to the goal after this one; -1 past the limit. */
  readonly steps: number;
  /** Whether it leads one step closer (within the limit). */
  readonly optimal: boolean;
}
