/*
 * Reference for puzzles/knights/bench/build-parts.ts: the whole knights space's page build in C,
 * part by part, computing the same bytes as the TypeScript build (store/table-pages.ts planPages,
 * packing/page-codec.ts, packing/bits.ts) by the same method:
 *   bfs      the level-by-level search over the same state encoding and ranks as
 *            knights-bfs.c (the same loop), giving every rank's distance and optimal-move mask;
 *   measure  in BFS order, every position's entry (two 32-bit words at its scrambled rank) and its
 *            line code: one step choice (truncated binary among the forward moves) and a bit copy
 *            of the code of the position its first move reaches, measured a level earlier; in
 *            batches as the TypeScript does it, and again one position at a time (the same entries
 *            and lines, checked);
 *   size     every record's bits by scrambled rank, then the most ranks per page for which the
 *            codec's bound keeps every page within the capacity;
 *   encode   every page: header, a Rice gap per record unless every slot is present, the
 *            distance, the optimal-move mask, and the line code copied from the stream.
 * Beside each part, a loop of only its memory accesses (the same addresses, none of the bit
 * work): how far the part is from what its cache misses cost.
 *
 * Usage: build-parts CAPACITY (the bytes a page may hold, as pageCapacity gives it). Prints one
 * line of JSON: each part's seconds (CPU time, and wall-clock time), each access loop's seconds,
 * and what the TypeScript side checks against its own build (levels, total line bits, ranks per
 * page, pages, their bytes and their FNV-1a hash).
 *
 * Build: cc -O2 -o build-parts puzzles/knights/bench/build-parts.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

#define CELLS 25
#define SUBSETS 2704156u /* C(24,12) */
#define RANKS (CELLS * SUBSETS)
#define NONE 255
#define MAX_DEPTH 39 /* the BFS of knightsSpec('standard', 39) */
#define DISTANCE_BITS 6
#define ALL_PRESENT 255
#define MAX_RICE 30
#define HEADER_BYTES 3
#define LENGTH_MASK 0xffu
#define OPTIMAL_SHIFT 8
#define DISTANCE_SHIFT 16
#define TARGET_SHIFT 22
#define MOVES_SHIFT 27

static double binomial[26][26];
static uint8_t popcount_low[4096];
static int32_t rank_low[4096];
static int32_t rank_high[13 * 4096];
static uint8_t jumps[CELLS][8], jump_count[CELLS], back_index[CELLS][CELLS];
static int8_t move_index[CELLS][CELLS]; /* index of the move from `at` to `to` among the moves from `at`, or -1 */

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
  memset(move_index, -1, sizeof move_index);
  for (int from = 0; from < CELLS; from++)
    for (int i = 0; i < jump_count[from]; i++) {
      int to = jumps[from][i];
      move_index[from][to] = (int8_t)i;
      for (int j = 0; j < jump_count[to]; j++) if (jumps[to][j] == from) back_index[to][from] = (uint8_t)j;
    }
}

static inline uint32_t rank_of(uint32_t code) {
  uint32_t empty = code >> 25, blacks = code & ((1u << 25) - 1);
  uint32_t squeezed = (blacks & ((1u << empty) - 1)) | ((blacks >> (empty + 1)) << empty);
  uint32_t low = squeezed & 4095;
  return empty * SUBSETS + (uint32_t)rank_low[low] + (uint32_t)rank_high[(popcount_low[low] << 12) | (squeezed >> 12)];
}

/** The state after the move at `index` of the state's legal moves (space.ts step). */
static inline uint32_t step(uint32_t code, int index) {
  uint32_t empty = code >> 25, blacks = code & ((1u << 25) - 1);
  uint32_t target = jumps[empty][index], piece = (blacks >> target) & 1;
  return (blacks & ~(1u << target)) | (piece << empty) | (target << 25);
}

/* The page layout's scramble (page-layout.ts): multiplication by a constant coprime with RANKS. */
static uint64_t multiplier, inverse;

static uint64_t gcd(uint64_t a, uint64_t b) { while (b) { uint64_t t = a % b; a = b; b = t; } return a; }

static void layout(void) {
  multiplier = (uint64_t)(RANKS * (sqrt(5.0) - 1) / 2 + 0.5); /* Math.round of a positive number */
  while (gcd(multiplier, RANKS) != 1) multiplier++;
  int64_t old_r = (int64_t)(multiplier % RANKS), r = RANKS, old_s = 1, s = 0;
  while (r != 0) {
    int64_t q = old_r / r, t = old_r - q * r;
    old_r = r; r = t;
    t = old_s - q * s; old_s = s; s = t;
  }
  inverse = (uint64_t)(((old_s % (int64_t)RANKS) + RANKS) % RANKS);
}

static inline uint32_t scramble(uint32_t rank) { return (uint32_t)(multiplier * rank % RANKS); }
static inline uint32_t unscramble(uint32_t value) { return (uint32_t)(inverse * value % RANKS); }

/* bits.ts BitWriter: most significant bit first, in 32-bit words that start at zero. */
typedef struct { uint32_t *words; uint64_t cursor; } Bits;

static inline void write_bits(Bits *b, uint32_t value, int count) {
  if (count == 0) return;
  uint64_t word = b->cursor >> 5;
  int free_bits = 32 - (int)(b->cursor & 31);
  uint32_t bits = count == 32 ? value : value & ((1u << count) - 1);
  if (count <= free_bits) b->words[word] |= bits << (free_bits - count);
  else {
    b->words[word] |= bits >> (count - free_bits);
    b->words[word + 1] |= bits << (32 - (count - free_bits));
  }
  b->cursor += (uint64_t)count;
}

static inline uint32_t read_bits(const Bits *b, uint64_t at, int count) {
  uint64_t word = at >> 5;
  int offset = (int)(at & 31);
  uint64_t window = ((uint64_t)b->words[word] << 32 | b->words[word + 1]) << offset;
  return (uint32_t)(window >> (64 - count));
}

static inline void append_bits(Bits *b, const Bits *source, uint64_t at, int length) {
  int done = 0;
  for (; done + 32 <= length; done += 32) write_bits(b, read_bits(source, at + done, 32), 32);
  if (done < length) write_bits(b, read_bits(source, at + done, length - done), length - done);
}

static inline void write_choice(Bits *b, uint32_t value, uint32_t n) {
  if (n <= 1) return;
  int k = 31 - __builtin_clz(n);
  uint32_t shorter = (1u << (k + 1)) - n;
  if (value < shorter) write_bits(b, value, k);
  else write_bits(b, value + shorter, k + 1);
}

static inline void write_rice(Bits *b, uint32_t value, int k) {
  for (uint32_t left = value >> k; left > 0; left -= left < 16 ? left : 16) write_bits(b, 0xffff, left < 16 ? (int)left : 16);
  write_bits(b, 0, 1);
  if (k > 0) write_bits(b, value & ((1u << k) - 1), k);
}

/* page-codec.ts riceParameter: the k whose worst case over n gaps summing to `room` is smallest. */
static void rice_parameter(uint32_t n, uint32_t room, int *k_out, uint64_t *bits_out) {
  int best_k = 0;
  uint64_t best = (uint64_t)n + room;
  for (int k = 1; k <= MAX_RICE; k++) {
    uint64_t bits = (uint64_t)n * (uint64_t)(k + 1) + (room >> k);
    if (bits < best) { best = bits; best_k = k; }
  }
  *k_out = best_k;
  *bits_out = best;
}

static uint32_t page_bytes_bound(uint32_t slots, uint32_t records, uint64_t record_bits) {
  uint64_t gaps = 0;
  int k;
  if (records != slots) rice_parameter(records, slots - records, &k, &gaps);
  return HEADER_BYTES + (uint32_t)((gaps + record_bits + 7) / 8);
}

static uint32_t largest_page(const uint8_t *bits, uint32_t ranks_per_page) {
  uint32_t largest = 0;
  for (uint32_t start = 0; start < RANKS; start += ranks_per_page) {
    uint32_t end = start + ranks_per_page < RANKS ? start + ranks_per_page : RANKS, records = 0;
    uint64_t total = 0;
    for (uint32_t v = start; v < end; v++) if (bits[v]) { records++; total += bits[v]; }
    uint32_t bound = page_bytes_bound(end - start, records, total);
    if (bound > largest) largest = bound;
  }
  return largest;
}

/*
 * table-pages.ts chooseRanksPerPage, for the whole space: every rank holds a position, so the
 * first guess needs no allowance for gaps (a Rice gap is written only on a page with empty slots).
 */
static uint32_t choose_ranks_per_page(const uint8_t *bits, uint32_t capacity) {
  uint64_t present = 0, total_bits = 0;
  for (uint32_t v = 0; v < RANKS; v++) if (bits[v]) { present++; total_bits += bits[v]; }
  if (present != RANKS) { fprintf(stderr, "the whole space has a rank without a position\n"); exit(1); }
  double first = ((capacity - 3.0) * 8) / ((double)total_bits / RANKS); /* positive: truncation is floor */
  uint32_t guess = first < 1 ? 1 : first > RANKS ? RANKS : (uint32_t)first, best = 0;
  for (int attempt = 0; attempt < 8; attempt++) {
    uint32_t largest = largest_page(bits, guess);
    if (largest <= capacity && guess > best) best = guess;
    double scaled = (double)guess * capacity / largest;
    uint32_t next = scaled < 1 ? 1 : scaled > RANKS ? RANKS : (uint32_t)scaled;
    if (next == guess || (largest <= capacity && next <= best)) break;
    guess = largest > capacity ? (next < guess - 1 ? next : guess - 1) : next;
  }
  if (best == 0) { fprintf(stderr, "no page size keeps every page within an item\n"); exit(1); }
  return best;
}

/* The measure loop one position at a time, as store/table-pages.ts measure was before it took batches. */
static void measure_one_at_a_time(const uint32_t *order, const uint8_t *optimal, const int *levels, int depth, uint32_t *entries, Bits *lines_out) {
  Bits lines = *lines_out;
  size_t i = 0;
  for (int d = 0; d <= depth; d++) {
    for (size_t end = i + (size_t)levels[d]; i < end; i++) {
      uint32_t code = order[i], rank = rank_of(code), hole = rank / SUBSETS, mask = optimal[rank];
      size_t entry = 2 * (size_t)scramble(rank);
      uint32_t start = 0, length = 0, target = 0;
      if (d >= 1) {
        int first = __builtin_ctz(mask);
        target = jumps[hole][first];
        if (d >= 2) {
          size_t next = 2 * (size_t)scramble(rank_of(step(code, first)));
          uint32_t next_word = entries[next + 1];
          start = (uint32_t)lines.cursor;
          /* the step from `target` to the next position's first target, having come from `hole` */
          int index = move_index[target][(next_word >> TARGET_SHIFT) & 0x1f], back = move_index[target][hole];
          write_choice(&lines, (uint32_t)(index > back ? index - 1 : index), jump_count[target] - 1u);
          append_bits(&lines, &lines, entries[next], (int)(next_word & LENGTH_MASK));
          length = (uint32_t)(lines.cursor - start);
          if (length > LENGTH_MASK) { fprintf(stderr, "a line code of %u bits\n", length); exit(1); }
        }
      }
      entries[entry] = start;
      entries[entry + 1] = length | mask << OPTIMAL_SHIFT | (uint32_t)d << DISTANCE_SHIFT | target << TARGET_SHIFT | (uint32_t)jump_count[hole] << MOVES_SHIFT;
    }
  }
  *lines_out = lines;
}

#define BATCH 256

/*
 * The measure loop as store/table-pages.ts measure runs it: in batches of positions, each kind
 * of cache miss (the mask and the entry; the entry one move closer; the first word of its line)
 * taken for the whole batch in a loop of independent loads, then the lines coded from cache.
 */
static void measure_batched(const uint32_t *order, const uint8_t *optimal, const int *levels, int depth, uint32_t *entries, Bits *lines_out) {
  Bits lines = *lines_out;
  size_t entry_at[BATCH];
  uint8_t holes[BATCH], masks[BATCH];
  uint32_t next_starts[BATCH], next_words[BATCH];
  size_t level_start = 0;
  for (int d = 0; d <= depth; d++) {
    size_t level_end = level_start + (size_t)levels[d];
    for (size_t from = level_start; from < level_end; from += BATCH) {
      int count = level_end - from < BATCH ? (int)(level_end - from) : BATCH;
      for (int j = 0; j < count; j++) {
        uint32_t rank = rank_of(order[from + j]);
        size_t entry = 2 * (size_t)scramble(rank);
        if (entries[entry + 1] != 0) { fprintf(stderr, "a position appears twice in the BFS order\n"); exit(1); }
        entry_at[j] = entry;
        holes[j] = (uint8_t)(rank / SUBSETS);
        masks[j] = optimal[rank];
      }
      if (d >= 2) {
        for (int j = 0; j < count; j++) {
          size_t next = 2 * (size_t)scramble(rank_of(step(order[from + j], __builtin_ctz(masks[j]))));
          next_starts[j] = entries[next];
          next_words[j] = entries[next + 1];
        }
        uint32_t first_bits = 0;
        for (int j = 0; j < count; j++) first_bits += read_bits(&lines, next_starts[j], 1);
        if (first_bits > (uint32_t)count) exit(1);
      }
      for (int j = 0; j < count; j++) {
        uint32_t hole = holes[j], mask = masks[j], start = 0, length = 0, target = 0;
        if (d >= 1) {
          target = jumps[hole][__builtin_ctz(mask)];
          if (d >= 2) {
            uint32_t next_word = next_words[j];
            start = (uint32_t)lines.cursor;
            int index = move_index[target][(next_word >> TARGET_SHIFT) & 0x1f], back = move_index[target][hole];
            write_choice(&lines, (uint32_t)(index > back ? index - 1 : index), jump_count[target] - 1u);
            append_bits(&lines, &lines, next_starts[j], (int)(next_word & LENGTH_MASK));
            length = (uint32_t)(lines.cursor - start);
            if (length > LENGTH_MASK) { fprintf(stderr, "a line code of %u bits\n", length); exit(1); }
          }
        }
        entries[entry_at[j]] = start;
        entries[entry_at[j] + 1] = length | mask << OPTIMAL_SHIFT | (uint32_t)d << DISTANCE_SHIFT | target << TARGET_SHIFT | (uint32_t)jump_count[hole] << MOVES_SHIFT;
      }
    }
    level_start = level_end;
  }
  *lines_out = lines;
}

/* This thread's CPU time: on a shared machine, the time it ran (stalls on memory included), not the time it waited. */
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static double wall(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Keeps the access loops' loads from being optimised away. */
static volatile uint64_t sink;

int main(int argc, char **argv) {
  if (argc != 2) { fprintf(stderr, "usage: build-parts CAPACITY\n"); return 2; }
  uint32_t capacity = (uint32_t)strtoul(argv[1], NULL, 10);
  tables();
  layout();
  uint8_t *distance = malloc(RANKS), *optimal = calloc(RANKS, 1);
  uint32_t *order = malloc((size_t)RANKS * 4);
  uint32_t *seen = calloc(RANKS / 32 + 1, 4), *this_level = calloc(RANKS / 32 + 1, 4);
  if (!distance || !optimal || !order || !seen || !this_level) { fprintf(stderr, "out of memory\n"); return 1; }

  /* bfs: the same loop as knights-bfs.c, to MAX_DEPTH levels, then a check that the last level
     has no unseen neighbour (core/bfs.ts isExhausted) */
  double bfs_start = now(), bfs_wall = wall();
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
  while (depth < MAX_DEPTH) {
    memset(this_level, 0, (RANKS / 32 + 1) * 4);
    for (size_t i = level_start; i < level_end; i++) {
      uint32_t code = order[i], empty = code >> 25, blacks = code & ((1u << 25) - 1);
      for (int j = 0; j < jump_count[empty]; j++) {
        uint32_t target = jumps[empty][j], piece = (blacks >> target) & 1;
        uint32_t next = (blacks & ~(1u << target)) | (piece << empty) | (target << 25);
        uint32_t rank = rank_of(next), word = rank >> 5, bit = 1u << (rank & 31);
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
  int complete = 1;
  for (size_t i = level_start; i < level_end && complete; i++)
    for (int j = 0; j < jump_count[order[i] >> 25]; j++) if (distance[rank_of(step(order[i], j))] == NONE) { complete = 0; break; }
  double bfs_seconds = now() - bfs_start;
  bfs_wall = wall() - bfs_wall;
  size_t positions = found;

  /* measure: the line-code stream at its bound (3 bits a step after the first), committed as written */
  uint64_t bound_bits = 0;
  for (int d = 2; d <= depth; d++) bound_bits += (uint64_t)levels[d] * (uint64_t)(d - 1) * 3;
  if (bound_bits > (1ull << 32) - 64) bound_bits = (1ull << 32) - 64;
  Bits lines = {calloc(bound_bits / 32 + 2, 4), 0};
  uint32_t *entries = calloc((size_t)RANKS * 2, 4);
  if (!lines.words || !entries) { fprintf(stderr, "out of memory\n"); return 1; }
  double measure_start = now(), measure_wall = wall();
  measure_batched(order, optimal, levels, depth, entries, &lines);
  double measure_seconds = now() - measure_start;
  measure_wall = wall() - measure_wall;
  /* the same work one position at a time, into buffers of its own: the same entries and lines */
  double one_seconds, one_wall;
  {
    Bits one_lines = {calloc(bound_bits / 32 + 2, 4), 0};
    uint32_t *one_entries = calloc((size_t)RANKS * 2, 4);
    if (!one_lines.words || !one_entries) { fprintf(stderr, "out of memory\n"); return 1; }
    double start = now();
    one_wall = wall();
    measure_one_at_a_time(order, optimal, levels, depth, one_entries, &one_lines);
    one_seconds = now() - start;
    one_wall = wall() - one_wall;
    if (one_lines.cursor != lines.cursor || memcmp(one_entries, entries, (size_t)RANKS * 8) != 0 || memcmp(one_lines.words, lines.words, (lines.cursor + 31) / 32 * 4) != 0) {
      fprintf(stderr, "the measure loops differ\n");
      return 1;
    }
    free(one_lines.words);
    free(one_entries);
  }

  /* size */
  double size_start = now(), size_wall = wall();
  uint8_t *record_bits = malloc(RANKS);
  for (uint32_t v = 0; v < RANKS; v++) {
    uint32_t word = entries[2 * (size_t)v + 1];
    uint32_t d = (word >> DISTANCE_SHIFT) & 63;
    record_bits[v] = word == 0 ? 0 : (uint8_t)(DISTANCE_BITS + (d > 0 ? word >> MOVES_SHIFT : 0) + (word & LENGTH_MASK));
  }
  uint32_t ranks_per_page = choose_ranks_per_page(record_bits, capacity);
  free(record_bits);
  double size_seconds = now() - size_start;
  size_wall = wall() - size_wall;

  /* encode: every page into one buffer of pages x capacity bytes */
  uint32_t pages = (RANKS + ranks_per_page - 1) / ranks_per_page;
  uint8_t *page_bytes = malloc((size_t)pages * capacity);
  uint64_t *offsets = calloc(pages + 1, 8);
  uint32_t *page_words = malloc(((size_t)capacity / 4 + 2) * 4);
  if (!page_bytes || !offsets || !page_words) { fprintf(stderr, "out of memory\n"); return 1; }
  double encode_start = now(), encode_wall = wall();
  for (uint32_t page = 0; page < pages; page++) {
    uint32_t first = page * ranks_per_page, slots = first + ranks_per_page <= RANKS ? ranks_per_page : RANKS - first, count = 0;
    for (uint32_t v = first; v < first + slots; v++) if (entries[2 * (size_t)v + 1]) count++;
    uint64_t unused;
    int k = ALL_PRESENT;
    if (count != slots) rice_parameter(count, slots - count, &k, &unused);
    memset(page_words, 0, ((size_t)capacity / 4 + 2) * 4);
    Bits w = {page_words, 0};
    write_bits(&w, (uint32_t)k, 8);
    write_bits(&w, count, 16);
    int64_t previous = -1;
    for (uint32_t v = first; v < first + slots; v++) {
      uint32_t word = entries[2 * (size_t)v + 1];
      if (word == 0) continue;
      uint32_t slot = v - first, hole = unscramble(v) / SUBSETS, d = (word >> DISTANCE_SHIFT) & 63;
      if (k != ALL_PRESENT) write_rice(&w, (uint32_t)(slot - previous - 1), k);
      previous = slot;
      write_bits(&w, d, DISTANCE_BITS);
      if (d == 0) continue;
      write_bits(&w, (word >> OPTIMAL_SHIFT) & 0xff, jump_count[hole]);
      append_bits(&w, &lines, entries[2 * (size_t)v], (int)(word & LENGTH_MASK));
    }
    uint32_t length = (uint32_t)((w.cursor + 7) / 8);
    if (length > capacity) { fprintf(stderr, "page %u outgrows its item\n", page); return 1; }
    uint8_t *out = page_bytes + offsets[page];
    for (uint32_t b = 0; b < length; b++) out[b] = (uint8_t)(page_words[b >> 2] >> (24 - 8 * (b & 3)));
    offsets[page + 1] = offsets[page] + length;
  }
  double encode_seconds = now() - encode_start;
  encode_wall = wall() - encode_wall;

  /* the same FNV-1a as build-parts.ts: each page's length, then its bytes */
  uint32_t hash = 2166136261u;
  for (uint32_t page = 0; page < pages; page++) {
    hash = (hash ^ (uint32_t)(offsets[page + 1] - offsets[page])) * 16777619u;
    for (uint64_t b = offsets[page]; b < offsets[page + 1]; b++) hash = (hash ^ page_bytes[b]) * 16777619u;
  }

  /* The access loops: each part's memory accesses at the same addresses, without its bit work. */
  uint64_t acc = 0;
  double t = now();
  /* bfs: a position's neighbours' rank and `seen` word, and its own distance and mask */
  for (size_t p = 0; p < positions; p++) {
    uint32_t code = order[p], rank = rank_of(code);
    acc += distance[rank] + optimal[rank];
    for (int j = 0; j < jump_count[code >> 25]; j++) acc += seen[rank_of(step(code, j)) >> 5];
  }
  double bfs_access = now() - t;
  t = now();
  /* measure, one position at a time: the rank's mask and entry, the next position's entry and the first word of its line */
  for (size_t p = 0; p < positions; p++) {
    uint32_t code = order[p], rank = rank_of(code), mask = optimal[rank];
    acc += entries[2 * (size_t)scramble(rank)];
    if (mask) {
      size_t next = 2 * (size_t)scramble(rank_of(step(code, __builtin_ctz(mask))));
      acc += lines.words[entries[next] >> 5] + entries[next + 1];
    }
  }
  double one_access = now() - t;
  t = now();
  /* measure as it runs, in batches: the same loads, each kind for the whole batch in one loop */
  for (size_t from = 0; from < positions; from += BATCH) {
    int count = positions - from < BATCH ? (int)(positions - from) : BATCH;
    uint8_t masks[BATCH];
    uint32_t starts[BATCH];
    for (int j = 0; j < count; j++) {
      uint32_t rank = rank_of(order[from + j]);
      masks[j] = optimal[rank];
      acc += entries[2 * (size_t)scramble(rank) + 1];
    }
    for (int j = 0; j < count; j++) {
      size_t next = masks[j] ? 2 * (size_t)scramble(rank_of(step(order[from + j], __builtin_ctz(masks[j])))) : 0;
      starts[j] = entries[next];
      acc += entries[next + 1];
    }
    for (int j = 0; j < count; j++) acc += lines.words[starts[j] >> 5];
  }
  double measure_access = now() - t;
  t = now();
  /* size: one pass over the entries' second words */
  for (size_t v = 0; v < RANKS; v++) acc += entries[2 * v + 1];
  double size_access = now() - t;
  t = now();
  /* encode: the entries in scrambled order and the first word of each line */
  for (size_t v = 0; v < RANKS; v++) acc += lines.words[entries[2 * v] >> 5] + entries[2 * v + 1];
  double encode_access = now() - t;
  sink = acc;

  printf("{\"positions\":%zu,\"complete\":%s,\"levels\":[", positions, complete ? "true" : "false");
  for (int k = 0; k <= depth; k++) printf("%s%d", k ? "," : "", levels[k]);
  printf("],\"lineBits\":%llu,\"ranksPerPage\":%u,\"pages\":%u,\"bytes\":%llu,\"hash\":%u,", (unsigned long long)lines.cursor, ranks_per_page, pages,
         (unsigned long long)offsets[pages], hash);
  printf("\"seconds\":{\"bfs\":%.3f,\"measure\":%.3f,\"size\":%.3f,\"encode\":%.3f},", bfs_seconds, measure_seconds, size_seconds, encode_seconds);
  printf("\"wallSeconds\":{\"bfs\":%.3f,\"measure\":%.3f,\"size\":%.3f,\"encode\":%.3f},", bfs_wall, measure_wall, size_wall, encode_wall);
  printf("\"oneAtATime\":{\"seconds\":%.3f,\"wallSeconds\":%.3f,\"accessSeconds\":%.3f},", one_seconds, one_wall, one_access);
  printf("\"accessSeconds\":{\"bfs\":%.3f,\"measure\":%.3f,\"size\":%.3f,\"encode\":%.3f}}\n", bfs_access, measure_access, size_access, encode_access);
  return 0;
}
