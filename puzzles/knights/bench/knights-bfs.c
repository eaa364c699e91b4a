/*
 * Reference for `npm run bench -- --only full`: a tight breadth-first search of the whole knights
 * space in C, over the same state encoding as puzzles/knights/rules/space.ts (bits 0..24 the black
 * knights, bits 25..29 the empty cell; rank = empty * C(24,12) + colex rank of the blacks among the
 * other 24 cells, by the same two half tables as core/combinations.ts) and computing the same
 * tables: a distance and a mask of optimal moves per rank. Prints {"seconds":…,"positions":…,"levels":[…]}.
 *
 * Build: cc -O2 -o knights-bfs puzzles/knights/bench/knights-bfs.c
 * (-DTWO_PASS: the loop split in two per position as the TypeScript side does, which in C gains
 * nothing; BENCHMARKS.md, `full`.)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CELLS 25
#define SUBSETS 2704156u /* C(24,12) */
#define RANKS (CELLS * SUBSETS)
#define NONE 255

static double binomial[26][26];
static uint8_t popcount_low[4096];
static int32_t rank_low[4096];
static int32_t rank_high[13 * 4096];
static uint8_t jumps[CELLS][8], jump_count[CELLS], back_index[CELLS][CELLS];

static void tables(void) {
  for (int n = 0; n <= 25; n++)
    for (int k = 0; k <= n; k++) binomial[n][k] = (k == 0 || k == n) ? 1 : binomial[n - 1][k - 1] + binomial[n - 1][k];
  for (int half = 0; half < 4096; half++) {
    int count = 0, sum = 0;
    for (int bit = 0; bit < 12; bit++)
      if (half & (1 << bit)) { count++; sum += (int)binomial[bit][count]; }
    popcount_low[half] = count;
    rank_low[half] = sum;
    for (int below = 0; below <= 12; below++) {
      int index = below, high = 0;
      for (int bit = 0; bit < 12; bit++)
        if (half & (1 << bit)) { index++; int position = bit + 12; high += index <= position ? (int)binomial[position][index] : 0; }
      rank_high[(below << 12) | half] = high;
    }
  }
  static const int dr[8] = {-2, -2, -1, -1, 1, 1, 2, 2}, dc[8] = {-1, 1, -2, 2, -2, 2, -1, 1};
  for (int cell = 0; cell < CELLS; cell++) {
    int n = 0, r = cell / 5, c = cell % 5;
    for (int i = 0; i < 8; i++) {
      int rr = r + dr[i], cc = c + dc[i];
      if (rr >= 0 && rr < 5 && cc >= 0 && cc < 5) jumps[cell][n++] = (uint8_t)(rr * 5 + cc);
    }
    for (int i = 1; i < n; i++) /* ascending cell order: the puzzle's move order */
      for (int j = i; j > 0 && jumps[cell][j - 1] > jumps[cell][j]; j--) { uint8_t t = jumps[cell][j]; jumps[cell][j] = jumps[cell][j - 1]; jumps[cell][j - 1] = t; }
    jump_count[cell] = (uint8_t)n;
  }
  for (int from = 0; from < CELLS; from++)
    for (int i = 0; i < jump_count[from]; i++) {
      int to = jumps[from][i];
      for (int j = 0; j < jump_count[to]; j++) if (jumps[to][j] == from) back_index[to][from] = (uint8_t)j;
    }
}

static inline uint32_t rank_of(uint32_t code) {
  uint32_t empty = code >> 25, blacks = code & ((1u << 25) - 1);
  uint32_t squeezed = (blacks & ((1u << empty) - 1)) | ((blacks >> (empty + 1)) << empty);
  uint32_t low = squeezed & 4095;
  return empty * SUBSETS + (uint32_t)rank_low[low] + (uint32_t)rank_high[(popcount_low[low] << 12) | (squeezed >> 12)];
}

int main(void) {
  tables();
  uint8_t *distance = malloc(RANKS), *optimal = calloc(RANKS, 1);
  uint32_t *order = malloc((size_t)RANKS * 4);
  /* one bit per rank: seen at all, seen at the level being built (the hot checks stay in cache) */
  uint32_t *seen = calloc(RANKS / 32 + 1, 4), *this_level = calloc(RANKS / 32 + 1, 4);
  if (!distance || !optimal || !order || !seen || !this_level) { fprintf(stderr, "out of memory\n"); return 1; }
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  memset(distance, NONE, RANKS);
  uint32_t goal = 0; /* 11111/01111/00*11/00001/00000 */
  const char *board = "11111" "01111" "00*11" "00001" "00000";
  for (int cell = 0; cell < CELLS; cell++) if (board[cell] == '1') goal |= 1u << cell;
  goal |= 12u << 25;
  distance[rank_of(goal)] = 0;
  seen[rank_of(goal) >> 5] |= 1u << (rank_of(goal) & 31);
  order[0] = goal;
  size_t level_start = 0, level_end = 1, found = 1;
  int depth = 0, levels[64] = {1};
  for (;;) {
    memset(this_level, 0, (RANKS / 32 + 1) * 4);
    for (size_t i = level_start; i < level_end; i++) {
      uint32_t code = order[i], empty = code >> 25, blacks = code & ((1u << 25) - 1);
#ifdef TWO_PASS
      /* the TypeScript side's split (level-expansion.ts): every neighbour's rank, then the lookups */
      uint32_t ranks[8];
      for (int j = 0; j < jump_count[empty]; j++) {
        uint32_t target = jumps[empty][j], piece = (blacks >> target) & 1;
        ranks[j] = rank_of((blacks & ~(1u << target)) | (piece << empty) | (target << 25));
      }
#endif
      for (int j = 0; j < jump_count[empty]; j++) {
        uint32_t target = jumps[empty][j], piece = (blacks >> target) & 1;
        uint32_t next = (blacks & ~(1u << target)) | (piece << empty) | (target << 25);
#ifdef TWO_PASS
        uint32_t rank = ranks[j], word = rank >> 5, bit = 1u << (rank & 31);
#else
        uint32_t rank = rank_of(next), word = rank >> 5, bit = 1u << (rank & 31);
#endif
        if (!(seen[word] & bit)) {
          seen[word] |= bit;
          this_level[word] |= bit;
          distance[rank] = (uint8_t)(depth + 1);
          optimal[rank] = (uint8_t)(1u << back_index[target][empty]);
          order[found++] = next;
        } else if (this_level[word] & bit) {
          optimal[rank] |= (uint8_t)(1u << back_index[target][empty]);
        }
      }
    }
    if (found == level_end) break;
    levels[++depth] = (int)(found - level_end);
    level_start = level_end;
    level_end = found;
  }
  clock_gettime(CLOCK_MONOTONIC, &end);
  double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
  printf("{\"seconds\":%.3f,\"positions\":%zu,\"levels\":[", seconds, found);
  for (int k = 0; k <= depth; k++) printf("%s%d", k ? "," : "", levels[k]);
  printf("]}\n");
  return 0;
}
