/**
 * The eight-puzzle state space for breadth-first search: a state's code is its Cantor rank.
 *
 * Ranking a permutation costs far more than a move, so the first expansion builds a transition
 * table of the whole space (9! states x 4 moves, 6 MiB, about a tenth of a second): every BFS of
 * the 9 goals and every line walk after it is then array reads.
 */
import type { StateSpace } from '../../../core/bfs';
import { cantorRank, cantorUnrank, factorial } from '../../../core/cantor';
import { MOVES } from '../../../core/sliding-board';
import { BLANK, BLANK_MOVES, CELLS, type EightBoard, blankTarget, reverseMove } from './board';

export const EIGHT_POSITIONS = factorial(CELLS);
/** The most moves from a position (the space's maxDegree), the stride of the transition table; a file-local constant: read at every move of a BFS. */
const MAX_DEGREE = MOVES;

export function encodeEight(board: EightBoard): number {
  return cantorRank(board);
}

export function decodeEight(code: number): EightBoard {
  return Array.from(cantorUnrank(code, new Uint8Array(CELLS)));
}

const scratch = new Uint8Array(CELLS);

/** The blank's cell in the board of a Cantor rank (from the transition table once it is built). */
export function blankOfRank(rank: number): number {
  return transitions ? transitions.blank[rank] : cantorUnrank(rank, scratch).indexOf(BLANK);
}

interface Transitions {
  /** next[rank * 4 + i]: the state after the i-th legal move. */
  readonly next: Uint32Array;
  /** back[rank * 4 + i]: index, among that state's legal moves, of the move back. */
  readonly back: Uint8Array;
  /** The blank's cell by rank. */
  readonly blank: Uint8Array;
}

let transitions: Transitions | undefined;

function transitionTable(): Transitions {
  if (transitions) return transitions;
  const next = new Uint32Array(EIGHT_POSITIONS * MAX_DEGREE);
  const back = new Uint8Array(EIGHT_POSITIONS * MAX_DEGREE);
  const blankOf = new Uint8Array(EIGHT_POSITIONS);
  const cells = new Uint8Array(CELLS);
  for (let rank = 0; rank < EIGHT_POSITIONS; rank++) {
    cantorUnrank(rank, cells);
    const blank = cells.indexOf(BLANK);
    blankOf[rank] = blank;
    const moves = BLANK_MOVES[blank];
    for (let i = 0; i < moves.length; i++) {
      const target = blankTarget(blank, moves[i]);
      cells[blank] = cells[target];
      cells[target] = BLANK;
      next[rank * MAX_DEGREE + i] = cantorRank(cells);
      cells[target] = cells[blank];
      cells[blank] = BLANK;
      back[rank * MAX_DEGREE + i] = BLANK_MOVES[target].indexOf(reverseMove(moves[i]));
    }
  }
  return (transitions = { next, back, blank: blankOf });
}

export const eightSpace: StateSpace = {
  size: EIGHT_POSITIONS,
  maxDegree: MAX_DEGREE,
  rank: (code) => code,
  degree: (code) => BLANK_MOVES[transitionTable().blank[code]].length,
  backIndex: (code, index) => transitionTable().back[code * MAX_DEGREE + index],
  moveAt: (code, index) => BLANK_MOVES[transitionTable().blank[code]][index],
  step: (code, index) => transitionTable().next[code * MAX_DEGREE + index],
  applyMove(code, move) {
    const table = transitionTable();
    return table.next[code * MAX_DEGREE + BLANK_MOVES[table.blank[code]].indexOf(move)];
  },
};
