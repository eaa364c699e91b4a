/**
 * The knights state space for breadth-first search.
 *
 * Code: bits 0..24 mark the black knights, bits 25..29 hold the empty cell. A move is a few bit
 * operations on it. Rank: empty * C(24,12) + colex rank of the black knights among the 24 other
 * cells, dense over all 67,603,900 positions.
 */
import type { StateSpace } from '../bfs';
import { SUBSET_COUNT, subsetRank, subsetUnrank } from '../combinations';
import { BLACK, CELLS, EMPTY, KNIGHT_JUMPS, type KnightsBoard, WHITE } from './board';

const EMPTY_SHIFT = 25;
const PIECES_MASK = (1 << EMPTY_SHIFT) - 1;

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
  const empty = code >>> EMPTY_SHIFT;
  const blacks = code & PIECES_MASK;
  // drop the empty cell's (always clear) bit so the 12 blacks sit among 24 positions
  const squeezed = (blacks & ((1 << empty) - 1)) | ((blacks >>> (empty + 1)) << empty);
  return empty * SUBSET_COUNT + subsetRank(squeezed);
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

const JUMP_TABLE = KNIGHT_JUMPS.map((targets) => Uint8Array.from(targets));
/** BACK_INDEX[to * 25 + from]: index of the jump to `from` among the jumps from `to`. */
const BACK_INDEX = new Uint8Array(CELLS * CELLS);
KNIGHT_JUMPS.forEach((targets, from) => targets.forEach((to) => (BACK_INDEX[to * CELLS + from] = KNIGHT_JUMPS[to].indexOf(from))));

export const knightsSpace: StateSpace = {
  size: KNIGHTS_POSITIONS,
  maxDegree: 8,
  rank: knightsRank,
  neighbors(code, next, back) {
    const empty = code >>> EMPTY_SHIFT;
    const targets = JUMP_TABLE[empty];
    for (let i = 0; i < targets.length; i++) {
      next[i] = playKnightsMove(code, targets[i]);
      back[i] = BACK_INDEX[targets[i] * CELLS + empty]; // from there, the hole jumps back here
    }
    return targets.length;
  },
  moveAt: (code, index) => JUMP_TABLE[code >>> EMPTY_SHIFT][index],
  step: (code, index) => playKnightsMove(code, JUMP_TABLE[code >>> EMPTY_SHIFT][index]),
  applyMove: playKnightsMove,
};
