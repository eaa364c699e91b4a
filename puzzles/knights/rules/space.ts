/**
 * The knights state space for breadth-first search.
 *
 * Code: bits 0..24 mark the black knights, bits 25..29 hold the empty cell. A move is a few bit
 * operations on it. Rank: empty * C(24,12) + colex rank of the black knights among the 24 other
 * cells, dense over all 67,603,900 positions.
 */
import type { Level, StateSpace } from '../../../core/bfs';
import { SUBSET_COUNT, subsetUnrank } from '../../../core/combinations';
import { BLACK, CELLS, EMPTY, KNIGHT_JUMPS, type KnightsBoard, WHITE } from './board';
import { expandKnightsLevel } from './level-expansion';
import { knightsRanker } from './ranker';

const EMPTY_SHIFT = 25;
const PIECES_MASK = (1 << EMPTY_SHIFT) - 1;
// File-local copies of imported constants for the methods called at every move: an imported
// binding is live and reloaded at every use, a local constant is folded into the code (Node 24:
// the whole-space BFS, when its loop called these methods, 10.4-13.6 s with these, 11.6-16.6 s
// with the imports).
const SUBSETS = SUBSET_COUNT;
const BOARD_CELLS = CELLS;

/** Every arrangement of 12 + 12 knights and a hole: 25 x C(24,12). */
export const KNIGHTS_POSITIONS = CELLS * SUBSET_COUNT;

export function encodeKnights(board: KnightsBoard): number {
  let blacks = 0;
  for (let cell = 0; cell < CELLS; cell++) if (board[cell] === BLACK) blacks |= 1 << cell;
  return blacks | (board.indexOf(EMPTY) << EMPTY_SHIFT);
}

export function decodeKnights(code: number): KnightsBoard {
  const empty = code >>> EMPTY_SHIFT;
  let cells = '';
  for (let cell = 0; cell < CELLS; cell++) cells += cell === empty ? EMPTY : (code >>> cell) & 1 ? BLACK : WHITE;
  return cells as KnightsBoard;
}

export function knightsRank(code: number): number {
  return knightsSpace.rank(code);
}

/** The inverse of knightsRank. */
export function knightsUnrank(rank: number): number {
  const empty = Math.floor(rank / SUBSET_COUNT);
  const squeezed = subsetUnrank(rank % SUBSET_COUNT);
  // put the empty cell's bit back in, clear
  const blacks = (squeezed & ((1 << empty) - 1)) | ((squeezed >>> empty) << (empty + 1));
  return (blacks | (empty << EMPTY_SHIFT)) >>> 0;
}

/** The empty square jumps to `target`, and the knight there jumps into the old hole. */
export function playKnightsMove(code: number, target: number): number {
  const empty = code >>> EMPTY_SHIFT;
  const blacks = code & PIECES_MASK;
  const piece = (blacks >>> target) & 1;
  return ((blacks & ~(1 << target)) | (piece << empty) | (target << EMPTY_SHIFT)) >>> 0;
}

/**
 * The knights state space. The search calls it for every move; its tables and its ranker are its
 * own fields rather than imports, for the reason above. A BFS expands its levels with
 * level-expansion.ts, which writes the same tables.
 */
class KnightsSpace implements StateSpace {
  readonly size = KNIGHTS_POSITIONS;
  readonly maxDegree = 8;
  /** jumps[cell * 8 + i]: the i-th cell (ascending) a knight jumps to from `cell`. */
  private readonly jumps = new Uint8Array(CELLS * 8);
  private readonly jumpCount = new Uint8Array(CELLS);
  /** jumpBack[to * 25 + from]: index of the jump to `from` among the jumps from `to`. */
  private readonly jumpBack = new Uint8Array(CELLS * CELLS);
  private readonly ranker = knightsRanker;

  constructor() {
    KNIGHT_JUMPS.forEach((targets, from) => {
      this.jumpCount[from] = targets.length;
      targets.forEach((to, i) => {
        this.jumps[from * 8 + i] = to;
        this.jumpBack[to * CELLS + from] = KNIGHT_JUMPS[to].indexOf(from);
      });
    });
  }

  rank(code: number): number {
    const empty = code >>> EMPTY_SHIFT;
    const blacks = code & PIECES_MASK;
    // drop the empty cell's (always clear) bit so the 12 blacks sit among 24 positions
    const squeezed = (blacks & ((1 << empty) - 1)) | ((blacks >>> (empty + 1)) << empty);
    return empty * SUBSETS + this.ranker.rank(squeezed);
  }

  degree(code: number): number {
    return this.jumpCount[code >>> EMPTY_SHIFT];
  }

  backIndex(code: number, index: number): number {
    const empty = code >>> EMPTY_SHIFT;
    // from the cell the hole jumps to, the jump back to where it was
    return this.jumpBack[this.jumps[empty * 8 + index] * BOARD_CELLS + empty];
  }

  moveAt(code: number, index: number): number {
    return this.jumps[(code >>> EMPTY_SHIFT) * 8 + index];
  }

  applyMove(code: number, move: number): number {
    return playKnightsMove(code, move);
  }

  step(code: number, index: number): number {
    return playKnightsMove(code, this.moveAt(code, index));
  }

  /** The BFS's expansion of a level, written for this space (level-expansion.ts). */
  expandLevel(level: Level): number {
    return expandKnightsLevel(level);
  }
}

export const knightsSpace: StateSpace = new KnightsSpace();
