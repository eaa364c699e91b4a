/**
 * Every legal move's value, as a chess tablebase gives it: the distance to the goal after the
 * move, and whether the move is on a shortest line. Both state graphs are bipartite (a move
 * changes the colour of the empty square's cell), so from a position at distance d every move
 * leads to d - 1 (optimal) or d + 1: a position's mask of optimal moves values all of its moves.
 *
 * Values are stated within the question's move limit, the way the answer itself is: a distance
 * past the limit is -1, and a move counts as optimal only when it is known to lead one step closer
 * within the limit. So a position beyond the limit has optimal moves only when it is one move
 * beyond it. This keeps an answer the same whichever way it was found (a table deeper than the
 * limit knows more than a search within it may say).
 */

export interface MoveValue {
  /** The puzzle's move: a cell the empty square jumps to, or a direction the blank moves in. */
  readonly move: number;
  /** Moves from the position after this move to the goal; -1 when that is past the limit. */
  readonly steps: number;
  /** Whether the move leads one step closer to the goal (within the limit). */
  readonly optimal: boolean;
}

/**
 * The values of `moves` (the position's legal moves in order) from its exact distance and its mask
 * of optimal moves (bit i: moves[i] leads one step closer).
 */
export function movesFromMask(moves: readonly number[], distance: number, mask: number, limit = Number.POSITIVE_INFINITY): MoveValue[] {
  return moves.map((move, i) => {
    const closer = ((mask >>> i) & 1) === 1;
    const after = closer ? distance - 1 : distance + 1;
    const steps = after <= limit ? after : -1;
    return { move, steps, optimal: closer && steps !== -1 };
  });
}

/**
 * The values of `moves` by search, for a position whose answer is known: `steps` its distance, or
 * -1 when it is past `limit`, and `first` the first move of its line (known optimal: no search).
 * `reaches(i, n)` says whether the position after moves[i] reaches the goal within n moves (a
 * bounded search, which throws when its budget ends).
 */
export function movesBySearch(
  moves: readonly number[],
  steps: number,
  limit: number,
  first: number | undefined,
  reaches: (index: number, within: number) => boolean,
): MoveValue[] {
  if (steps === -1) {
    // Past the limit: a neighbour is at least `limit` away, and exactly that when a search within it succeeds.
    return moves.map((move, i) => (reaches(i, limit) ? { move, steps: limit, optimal: true } : { move, steps: -1, optimal: false }));
  }
  let mask = 0;
  if (steps > 0) moves.forEach((move, i) => (mask |= move === first || reaches(i, steps - 1) ? 1 << i : 0));
  return movesFromMask(moves, steps, mask, limit);
}
