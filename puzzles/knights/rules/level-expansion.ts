/**
 * The knights space's own expansion of a BFS level (`KnightsSpace.expandLevel`): exactly what the
 * generic `expandLevel` of core/bfs.ts does (a test holds them to the same order, distances and
 * masks), with the move, the rank and the way back written inline, in two passes per position.
 *
 * Why two passes: the whole-space search is bound by memory latency. Each move's rank indexes the
 * seen bits (8 MiB) and the distance and mask tables (64 MiB each) at random, and whether the
 * neighbour is new is a branch no predictor guesses, decided by that cache miss. The first pass
 * computes every neighbour's rank (arithmetic and small tables, no such branch); the second looks
 * them up, so that after a wrong guess the next ranks are ready and more misses overlap. In C the
 * split gains nothing (knights-bfs.c built with -DTWO_PASS; BENCHMARKS.md, `full`): its one loop
 * is about 55 instructions a move, where the JIT's was about 80.
 *
 * Why the tables are constants of this file: a typed array held in a module's `const` is compiled
 * as a constant, its address and length folded into the code as a C compiler does a static array,
 * where a field or a parameter costs a kind check, a base and a length, kept in registers or
 * reloaded (seen in the compiled code, `node --print-opt-code`). Arrays of 64 bytes or less live
 * on the JS heap, where the collector may move them, and are not folded: hence the moves' tables
 * in one array and the neighbours' ranks in a buffer of their own. Numbers declared here are
 * folded too; an imported binding would be reloaded at every use (BENCHMARKS.md, `full`).
 */
import type { Level } from '../../../core/bfs';
import { SUBSET_COUNT } from '../../../core/combinations';
import { CELLS, KNIGHT_JUMPS } from './board';
import { knightsRanker } from './ranker';

const EMPTY_SHIFT = 25;
const PIECES_MASK = (1 << EMPTY_SHIFT) - 1;
const SUBSETS = SUBSET_COUNT;
const BOARD_CELLS = CELLS;
const HALF_BITS = 12;
const HALF_MASK = (1 << HALF_BITS) - 1;
const KNIGHTS_RANKS = CELLS * SUBSET_COUNT;

// The moves' tables, in one array:
/** moves[JUMPS + cell * 8 + i]: the i-th cell (ascending) a knight jumps to from `cell`. */
const JUMPS = 0;
/** moves[JUMP_COUNT + cell]: how many cells a knight jumps to from `cell`. */
const JUMP_COUNT = JUMPS + 8 * CELLS;
/** moves[JUMP_BACK + to * 25 + from]: the index of the jump to `from` among the jumps from `to`. */
const JUMP_BACK = JUMP_COUNT + CELLS;
const MOVES = new Uint8Array(JUMP_BACK + CELLS * CELLS);
KNIGHT_JUMPS.forEach((targets, from) => {
  MOVES[JUMP_COUNT + from] = targets.length;
  targets.forEach((to, i) => {
    MOVES[JUMPS + from * 8 + i] = to;
    MOVES[JUMP_BACK + to * CELLS + from] = KNIGHT_JUMPS[to].indexOf(from);
  });
});
const { popcountLow: POPCOUNT_LOW, rankLow: RANK_LOW, rankHigh: RANK_HIGH } = knightsRanker;
/** The ranks of the neighbours of the position being expanded, by move index. */
const NEIGHBOUR_RANKS = new Int32Array(new ArrayBuffer(8 * Int32Array.BYTES_PER_ELEMENT));

/** Writes the level after `level` and returns the new end of its order (as core/bfs.ts `expandLevel`). */
export function expandKnightsLevel(level: Level): number {
  const { order, to, depth, distance, optimal, seen, thisLevel } = level;
  // The tables in locals before the loops: read in a loop, they are folded in on-stack-replaced
  // code only (seen in the compiled code).
  const moves = MOVES;
  const popcountLow = POPCOUNT_LOW;
  const rankLow = RANK_LOW;
  const rankHigh = RANK_HIGH;
  const neighbourRanks = NEIGHBOUR_RANKS;
  // Sizes checked once here, which also lets the JIT check each table's kind here rather than in
  // the branches that write it.
  if (distance.length < KNIGHTS_RANKS || optimal.length < KNIGHTS_RANKS || seen.length <= KNIGHTS_RANKS >>> 5 || thisLevel.length <= KNIGHTS_RANKS >>> 5) {
    throw new RangeError('the knights BFS tables hold one entry per position');
  }
  let found = level.found;
  for (let i = level.from; i < to; i++) {
    const code = order[i];
    const empty = code >>> EMPTY_SHIFT;
    const blacks = code & PIECES_MASK;
    const degree = moves[JUMP_COUNT + empty];
    for (let j = 0; j < degree; j++) {
      // the hole moves to `target`, whose knight takes the old hole; then the rank (SubsetRanker.rank
      // by its two 12-bit halves) of the blacks among the 24 cells other than the new hole
      const target = moves[JUMPS + empty * 8 + j];
      const moved = (blacks & ~(1 << target)) | (((blacks >>> target) & 1) << empty);
      const squeezed = (moved & ((1 << target) - 1)) | ((moved >>> (target + 1)) << target);
      const low = squeezed & HALF_MASK;
      const high = (popcountLow[low] << HALF_BITS) | (squeezed >>> HALF_BITS);
      neighbourRanks[j] = target * SUBSETS + rankLow[low] + rankHigh[high];
    }
    for (let j = 0; j < degree; j++) {
      const rank = neighbourRanks[j];
      const word = rank >>> 5;
      const bit = 1 << (rank & 31);
      // both words read before the branch, as the C compiler does with its loop: the misses overlap
      const seenWord = seen[word];
      const levelWord = thisLevel[word];
      if ((seenWord & bit) === 0) {
        const target = moves[JUMPS + empty * 8 + j];
        seen[word] = seenWord | bit;
        thisLevel[word] = levelWord | bit;
        distance[rank] = depth;
        optimal[rank] = 1 << moves[JUMP_BACK + target * BOARD_CELLS + empty];
        const moved = (blacks & ~(1 << target)) | (((blacks >>> target) & 1) << empty);
        order[found++] = (moved | (target << EMPTY_SHIFT)) >>> 0;
      } else if ((levelWord & bit) !== 0) {
        const target = moves[JUMPS + empty * 8 + j];
        optimal[rank] |= 1 << moves[JUMP_BACK + target * BOARD_CELLS + empty];
      }
    }
  }
  return found;
}
