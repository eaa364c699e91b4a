/** The eight-puzzle state space for breadth-first search: a state's code is its Cantor rank. */
import type { StateSpace } from '../bfs';
import { cantorRank, cantorUnrank, factorial } from '../cantor';
import { BLANK, BLANK_MOVES, CELLS, type EightBoard, blankTarget, reverseMove } from './board';

export const EIGHT_POSITIONS = factorial(CELLS);

export function encodeEight(board: EightBoard): number {
  return cantorRank(board);
}

export function decodeEight(code: number): EightBoard {
  return Array.from(cantorUnrank(code, new Uint8Array(CELLS)));
}

const scratch = new Uint8Array(CELLS);

function playEightMove(code: number, move: number): number {
  const cells = cantorUnrank(code, scratch);
  const blank = cells.indexOf(BLANK);
  const target = blankTarget(blank, move);
  cells[blank] = cells[target];
  cells[target] = BLANK;
  return cantorRank(cells);
}

export const eightSpace: StateSpace = {
  size: EIGHT_POSITIONS,
  maxDegree: 4,
  rank: (code) => code,
  neighbors(code, next, back) {
    const cells = cantorUnrank(code, scratch);
    const blank = cells.indexOf(BLANK);
    const moves = BLANK_MOVES[blank];
    for (let i = 0; i < moves.length; i++) {
      const target = blankTarget(blank, moves[i]);
      cells[blank] = cells[target];
      cells[target] = BLANK;
      next[i] = cantorRank(cells);
      cells[target] = cells[blank];
      cells[blank] = BLANK;
      back[i] = reverseMove(moves[i]);
    }
    return moves.length;
  },
  applyMove: playEightMove,
};
