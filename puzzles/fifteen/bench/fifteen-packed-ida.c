/*
 * Reference for the packed 7-8 rows of `npm run bench -- --only fifteen`: IDA* for the 15-puzzle in
 * C over the same packed pattern databases as puzzles/fifteen/rules/packed-search.wat (the pass the
 * service runs), read from the file the benchmark wrote (packed-database-file.ts beside this file),
 * so that both sides read the very same bytes:
 *
 *   "FPKD", the number of groups (a byte), then per group its number of tiles and its tiles (a
 *   byte each, in the order of its halves: the first ceil(n/2) tiles, then the rest); then per
 *   group, in the same order, its packed entries (16!/(16-n)! two-bit entries, four a byte, entry
 *   i in byte i >> 2 at bits 2 * (i & 3): ceil(16!/(16-n)!/4) bytes), its first half's sparse
 *   table (16^tiles bytes, indexed by the sum over the half's k-th tile of cell * 16^k), then its
 *   second half's.
 *
 * The estimate of a group is the sum of its halves' sparse values plus twice the two bits at the
 * compact rank of its placement (packed-pattern-database.ts: the k-th tile's digit is its cell less
 * the cells of earlier tiles below it, in radix 16 - k); the board's is the sum over the groups, and
 * the same on the board mirrored about the main diagonal, the larger of the two.
 *
 * Kept move by move as the WebAssembly pass keeps it: a move moves one tile, so one half's sparse
 * index changes on the board and one on the mirror, each by a constant of the tile and the move
 * (kept incrementally, each index carrying its table's offset in one array of all the halves'
 * tables); the one group the move changes is ranked afresh, a popcount a digit (the hardware's, as
 * WebAssembly's i32.popcnt is compiled to it), from the group's cells kept per group; its stored
 * value is kept per group, so a child's sum is the parent's plus the two changes. A child's
 * estimate is reached in the node itself and a child past the bound answered there without a call;
 * the same move order (d < l < r < u), the same pruning (never the reverse of the previous move,
 * nothing else), and nodes counted where the pass counts them (a node expanded, after the goal
 * check), so both expand the same nodes and find the same lex-min lines. No budget: the service's
 * pass checks a node cap each node and a clock every 1,024 nodes; this one searches to the end.
 *
 * argv[1]: the database file; argv[2]: rounds (default 1). Reads boards (16 numbers each, row by
 * row, 0 the blank), one a line, from stdin; reads the file and the boards before the clock starts;
 * no untimed round (as fifteen-pattern-ida.c). Prints {"seconds":…,"boards":…,"moves":…,"nodes":…,
 * "times":[…],"lengths":[…]} (moves and nodes: the sums over one round's boards; times and lengths:
 * each board's milliseconds and moves in the last round, as the TypeScript side prints them).
 *
 * Build: cc -O2 -o fifteen-packed-ida puzzles/fifteen/bench/fifteen-packed-ida.c
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, under a strict -std too */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The hardware popcount: plain -O2 on x86-64 targets a CPU without one and calls libgcc's instead. */
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define WITH_POPCNT __attribute__((target("popcnt")))
#define X86 1
#else
#define WITH_POPCNT
#define X86 0
#endif

enum { D, L, R, U };
enum { MAX_BOARDS = 10000, MAX_GROUPS = 4, MAX_TILES = 8, EXHAUSTED = 0x3fffffff };

static const int step[4] = {4, -1, 1, -4};
/* The blank's step on the mirrored board: a step along a row becomes one along a column. */
static const int reflected_step[4] = {1, -4, 4, -1};

static signed char targets[16][4]; /* targets[blank][move]: the cell the blank reaches, or -1 off the board */
static int groups, sizes[MAX_GROUPS];
static const unsigned char *packed[MAX_GROUPS]; /* each group's two-bit entries */
static const unsigned char *tables;             /* every half's sparse table, back to back */
static int half_offsets[2 * MAX_GROUPS];        /* where half g * 2 + h's table begins in them */
static unsigned char group_tiles[MAX_GROUPS][MAX_TILES];
/* Per tile: its group, its place in the group, its half (group * 2 + 0 or 1), the tile it becomes on the mirror. */
static unsigned char group_of[16], slot_of[16], half_of[16], reflected_tile[16];
static unsigned char reflected_cell[16];
static int weight[16]; /* weight[tile]: 16^k, the tile the k-th of its half */
/* delta[tile][move]: how the tile's half index changes when the blank makes `move` into its cell; on the mirror, reflected_delta. */
static int delta[16][4], reflected_delta[16][4];

/* The pass's state: the board, its blank, and per group and half what the estimate is made of, on the board and on the mirror. */
static unsigned char cells[16], line[128]; /* line[depth]: the move made there */
static int blank, sum, reflected_sum, found_depth;
static unsigned char group_cells[MAX_GROUPS][MAX_TILES], reflected_group_cells[MAX_GROUPS][MAX_TILES];
static int half_index[2 * MAX_GROUPS], reflected_half_index[2 * MAX_GROUPS]; /* a half's table offset plus its sparse index */
static int value_of[MAX_GROUPS], reflected_value_of[MAX_GROUPS];             /* a group's stored two bits */
static long nodes;

static int reflect_cell(int cell) { return (cell % 4) * 4 + cell / 4; }
static int reflect_tile(int tile) { return tile == 0 ? 0 : reflect_cell(tile - 1) + 1; }
static long placements(int size) {
  long count = 1;
  for (int k = 0; k < size; k++) count *= 16 - k;
  return count;
}

/* The compact rank of the placement at `at` (`size` cells), its `slot`-th tile moved to `cell`. */
static inline WITH_POPCNT unsigned rank_of(const unsigned char *at, int size, int slot, unsigned cell) {
  unsigned used = 0, rank = 0;
  for (int k = 0; k < size; k++) {
    unsigned c = k == slot ? cell : at[k];
    rank = rank * (unsigned)(16 - k) + c - (unsigned)__builtin_popcount(used & ((1u << c) - 1));
    used |= 1u << c;
  }
  return rank;
}

static inline int packed_value(int g, unsigned rank) { return (packed[g][rank >> 2] >> ((rank & 3) << 1)) & 3; }

static void fail(const char *path, const char *what) {
  fprintf(stderr, "%s: %s\n", path, what);
  exit(2);
}

static void read_databases(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file) { perror(path); exit(2); }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  unsigned char *bytes = malloc((size_t)size);
  if (!bytes || fread(bytes, 1, (size_t)size, file) != (size_t)size) fail(path, "cannot be read");
  fclose(file);
  if (size < 5 || memcmp(bytes, "FPKD", 4) != 0) fail(path, "is not a packed pattern database file");
  long at = 4;
  groups = bytes[at++];
  if (groups < 1 || groups > MAX_GROUPS) fail(path, "holds 1 to 4 groups");
  int tiles = 0;
  for (int g = 0; g < groups; g++) {
    sizes[g] = bytes[at++];
    if (sizes[g] < 1 || sizes[g] > MAX_TILES || at + sizes[g] > size) fail(path, "a group has 1 to 8 tiles");
    int first = (sizes[g] + 1) / 2;
    for (int k = 0; k < sizes[g]; k++) {
      int tile = bytes[at++];
      if (tile < 1 || tile > 15 || weight[tile] != 0) fail(path, "the groups hold each tile 1..15 once");
      group_tiles[g][k] = (unsigned char)tile;
      group_of[tile] = (unsigned char)g;
      slot_of[tile] = (unsigned char)k;
      half_of[tile] = (unsigned char)(g * 2 + (k < first ? 0 : 1));
      weight[tile] = 1 << (4 * (k < first ? k : k - first));
      tiles++;
    }
  }
  if (tiles != 15) fail(path, "the groups hold each tile 1..15 once");
  /* Each group's packed entries stay where they are; the halves' tables are copied into one array. */
  long half_bytes = 0;
  for (int g = 0; g < groups; g++) {
    int first = (sizes[g] + 1) / 2;
    half_bytes += (1L << (4 * first)) + (1L << (4 * (sizes[g] - first)));
  }
  unsigned char *joined = malloc((size_t)half_bytes);
  if (!joined) fail(path, "no memory for the halves' tables");
  long joined_at = 0;
  for (int g = 0; g < groups; g++) {
    long entries = placements(sizes[g]);
    if (at + (entries + 3) / 4 > size) fail(path, "is cut short");
    packed[g] = bytes + at;
    at += (entries + 3) / 4;
    int first = (sizes[g] + 1) / 2;
    for (int h = 0; h < 2; h++) {
      long length = 1L << (4 * (h == 0 ? first : sizes[g] - first));
      if (at + length > size) fail(path, "is cut short");
      memcpy(joined + joined_at, bytes + at, (size_t)length);
      half_offsets[g * 2 + h] = (int)joined_at;
      joined_at += length;
      at += length;
    }
  }
  if (at != size) fail(path, "holds more bytes than its partition says");
  tables = joined;
}

static void layout(void) {
  for (int cell = 0; cell < 16; cell++) {
    int row = cell / 4, column = cell % 4;
    reflected_cell[cell] = (unsigned char)reflect_cell(cell);
    for (int move = 0; move < 4; move++) {
      int off = (move == D && row == 3) || (move == U && row == 0) || (move == L && column == 0) || (move == R && column == 3);
      targets[cell][move] = (signed char)(off ? -1 : cell + step[move]);
    }
  }
  for (int tile = 1; tile < 16; tile++) {
    reflected_tile[tile] = (unsigned char)reflect_tile(tile);
    for (int move = 0; move < 4; move++) {
      /* the tile steps back the way the blank came; on the mirror it is another tile, stepping the mirrored way */
      delta[tile][move] = -step[move] * weight[tile];
      reflected_delta[tile][move] = -reflected_step[move] * weight[reflect_tile(tile)];
    }
  }
}

/* The pass of packed-search.wat: each child's estimate here, the move, the update and its undo inline; -1 when found. */
static WITH_POPCNT int search(int depth, int bound, int undo_previous) {
  int here_sum = sum, here_reflected_sum = reflected_sum;
  int f = depth + (here_sum > here_reflected_sum ? here_sum : here_reflected_sum);
  if (f > bound) return f;
  if (here_sum == 0) { /* every group and half at its goal: every tile home, so the blank is too */
    found_depth = depth;
    return -1;
  }
  nodes++;
  int from = blank, reflected_from = reflected_cell[from], smallest = EXHAUSTED;
  for (int move = 0; move < 4; move++) {
    int target = targets[from][move];
    if (target < 0 || move == undo_previous) continue;
    int tile = cells[target];
    /* on the board: the tile's group ranked afresh with the tile on the blank's cell, its half's index moved by its delta */
    int g = group_of[tile], slot = slot_of[tile], h = half_of[tile];
    int value = packed_value(g, rank_of(group_cells[g], sizes[g], slot, (unsigned)from)), value_before = value_of[g];
    int before = half_index[h], after = before + delta[tile][move];
    int child_sum = here_sum + 2 * (value - value_before) + tables[after] - tables[before];
    /* the same on the mirror, where the tile is another and moves from and to mirrored cells */
    int rt = reflected_tile[tile];
    int rg = group_of[rt], reflected_slot = slot_of[rt], rh = half_of[rt];
    int reflected_value = packed_value(rg, rank_of(reflected_group_cells[rg], sizes[rg], reflected_slot, (unsigned)reflected_from));
    int reflected_value_before = reflected_value_of[rg];
    int reflected_before = reflected_half_index[rh], reflected_after = reflected_before + reflected_delta[tile][move];
    int child_reflected_sum = here_reflected_sum + 2 * (reflected_value - reflected_value_before) + tables[reflected_after] - tables[reflected_before];
    /* the child's f, as the child would find it on entering */
    int result = depth + 1 + (child_sum > child_reflected_sum ? child_sum : child_reflected_sum);
    if (result <= bound) {
      cells[from] = (unsigned char)tile;
      cells[target] = 0;
      blank = target;
      group_cells[g][slot] = (unsigned char)from;
      reflected_group_cells[rg][reflected_slot] = (unsigned char)reflected_from;
      half_index[h] = after;
      reflected_half_index[rh] = reflected_after;
      value_of[g] = value;
      reflected_value_of[rg] = reflected_value;
      sum = child_sum;
      reflected_sum = child_reflected_sum;
      line[depth] = (unsigned char)move;
      result = search(depth + 1, bound, U - move); /* the reverse move (d <-> u, l <-> r) */
      if (result == -1) return -1;
      cells[target] = (unsigned char)tile;
      cells[from] = 0;
      blank = from;
      group_cells[g][slot] = (unsigned char)target;
      reflected_group_cells[rg][reflected_slot] = reflected_cell[target];
      half_index[h] = before;
      reflected_half_index[rh] = reflected_before;
      value_of[g] = value_before;
      reflected_value_of[rg] = reflected_value_before;
    }
    if (result < smallest) smallest = result;
  }
  sum = here_sum;
  reflected_sum = here_reflected_sum;
  return smallest;
}

/* What the pass starts from on one board (the board or its mirror): each group's cells, each half's index, each group's two bits; their sum. */
static int start_on(const unsigned char *board, unsigned char group_cells_of[][MAX_TILES], int *half_index_of, int *value_of_group) {
  int where[16];
  for (int cell = 0; cell < 16; cell++) where[board[cell]] = cell;
  int total = 0;
  for (int g = 0; g < groups; g++) {
    half_index_of[g * 2] = half_offsets[g * 2];
    half_index_of[g * 2 + 1] = half_offsets[g * 2 + 1];
    for (int k = 0; k < sizes[g]; k++) {
      int tile = group_tiles[g][k];
      group_cells_of[g][k] = (unsigned char)where[tile];
      half_index_of[half_of[tile]] += where[tile] * weight[tile];
    }
    value_of_group[g] = packed_value(g, rank_of(group_cells_of[g], sizes[g], -1, 0));
    total += tables[half_index_of[g * 2]] + tables[half_index_of[g * 2 + 1]] + 2 * value_of_group[g];
  }
  return total;
}

static int solve(const unsigned char *board) {
  unsigned char reflected[16];
  for (int cell = 0; cell < 16; cell++) {
    cells[cell] = board[cell];
    if (board[cell] == 0) blank = cell;
    reflected[reflect_cell(cell)] = (unsigned char)reflect_tile(board[cell]);
  }
  sum = start_on(board, group_cells, half_index, value_of);
  reflected_sum = start_on(reflected, reflected_group_cells, reflected_half_index, reflected_value_of);
  for (int bound = sum > reflected_sum ? sum : reflected_sum;;) {
    int result = search(0, bound, -1);
    if (result == -1) return found_depth;
    bound = result;
  }
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: %s PACKED_DATABASE_FILE [rounds] < boards\n", argv[0]); return 2; }
#if X86
  __builtin_cpu_init();
  if (!__builtin_cpu_supports("popcnt")) { fprintf(stderr, "%s: this CPU has no popcnt instruction\n", argv[0]); return 2; }
#endif
  int rounds = argc > 2 ? atoi(argv[2]) : 1, count = 0;
  read_databases(argv[1]);
  layout();
  static unsigned char boards[MAX_BOARDS][16];
  static double times[MAX_BOARDS];
  static int lengths[MAX_BOARDS];
  for (;;) {
    int value, k = 0;
    while (k < 16 && scanf("%d", &value) == 1) boards[count][k++] = (unsigned char)value;
    if (k < 16) break;
    if (++count == MAX_BOARDS) break;
  }
  long moves = 0;
  double started = now();
  for (int round = 0; round < rounds; round++) {
    moves = 0;
    nodes = 0;
    for (int i = 0; i < count; i++) {
      double start = now();
      lengths[i] = solve(boards[i]);
      times[i] = (now() - start) * 1000;
      moves += lengths[i];
    }
  }
  double seconds = now() - started;
  printf("{\"seconds\":%.6f,\"boards\":%d,\"moves\":%ld,\"nodes\":%ld,\"times\":[", seconds, count, moves, nodes);
  for (int i = 0; i < count; i++) printf("%s%.4f", i ? "," : "", times[i]);
  printf("],\"lengths\":[");
  for (int i = 0; i < count; i++) printf("%s%d", i ? "," : "", lengths[i]);
  printf("]}\n");
  return 0;
}
