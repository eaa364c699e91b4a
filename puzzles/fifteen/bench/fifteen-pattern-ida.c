/*
 * Reference for `npm run bench -- --only fifteen`: IDA* for the 15-puzzle in C over the same
 * additive pattern databases as puzzles/fifteen/rules/pattern-search.ts, read from the file the
 * benchmark wrote (database-file.ts beside this file: "FPDB", the partition, then each group's
 * sparse table, 16^tiles bytes), so that both sides read the very same bytes: the estimate is the
 * larger of the sums over the groups on the board and on its reflection about the main diagonal.
 * The benchmark builds the tables once, in TypeScript, not here: this is a reference for the
 * search, not for the build.
 *
 * Kept move by move as the TypeScript pass does: a move moves one tile, so one group's index
 * changes on the board and one on the reflection, each by a constant of the tile and the move; a
 * child's estimate reached in the node itself, a child past the bound answered there without a
 * call; the tables read as one array, each group's index carrying its table's offset; the same
 * move order (d < l < r < u), the same pruning (never the reverse of the previous move, nothing
 * else), and nodes counted where the pass calls expand(), so both expand the same nodes and find
 * the same lex-min lines.
 *
 * argv[1]: the database file; argv[2]: rounds (default 1). Reads boards (16 numbers each, row by
 * row, 0 the blank), one a line, from stdin; reads the file and the boards before the clock starts;
 * no untimed round (as fifteen-ida.c). Prints {"seconds":…,"boards":…,"moves":…,"nodes":…,
 * "times":[…],"lengths":[…]} (moves and nodes: the sums over one round's boards; times and lengths:
 * each board's milliseconds and moves in the last round, as the TypeScript side prints them).
 *
 * Build: cc -O2 -o fifteen-pattern-ida puzzles/fifteen/bench/fifteen-pattern-ida.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { D, L, R, U };
enum { MAX_BOARDS = 10000, MAX_GROUPS = 15 };

static const int step[4] = {4, -1, 1, -4};
/* The blank's step on the reflected board: a step along a row becomes one along a column. */
static const int reflected_step[4] = {1, -4, 4, -1};

static signed char targets[16][4]; /* targets[blank][move]: the cell the blank reaches, or -1 off the board */
static int groups;
static const unsigned char *tables;   /* every group's table, back to back */
static long offsets[MAX_GROUPS];      /* where each group's table begins in them */
/* Per tile: its group, and the group of the tile it is relabelled to on the reflected board. */
static unsigned char group_of[16], reflected_group_of[16];
/* delta[tile][move]: how the tile's group index changes when the blank makes `move` into its cell. */
static int delta[16][4], reflected_delta[16][4];
static int weight[16]; /* weight[tile]: 16^k, the tile the k-th of its group */

static unsigned char cells[16], line[81]; /* line[depth]: the move made there, as the TypeScript pass keeps it */
static int blank, sum, reflected_sum, found_depth;
/* index_of[g]: the offset of group g's table plus its placement's index, on the board and on its reflection. */
static int index_of[MAX_GROUPS], reflected_index_of[MAX_GROUPS];
static long nodes;

static int reflect_cell(int cell) { return (cell % 4) * 4 + cell / 4; }
static int reflect_tile(int tile) { return tile == 0 ? 0 : reflect_cell(tile - 1) + 1; }

static void read_databases(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file) { perror(path); exit(2); }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  unsigned char *bytes = malloc((size_t)size);
  if (!bytes || fread(bytes, 1, (size_t)size, file) != (size_t)size) { fprintf(stderr, "cannot read %s\n", path); exit(2); }
  fclose(file);
  if (size < 5 || memcmp(bytes, "FPDB", 4) != 0) { fprintf(stderr, "%s is not a pattern database file\n", path); exit(2); }
  long at = 4;
  groups = bytes[at++];
  int sizes[MAX_GROUPS];
  if (groups < 1 || groups > MAX_GROUPS) { fprintf(stderr, "%s: %d groups\n", path, groups); exit(2); }
  for (int g = 0; g < groups; g++) {
    sizes[g] = bytes[at++];
    if (sizes[g] < 1 || sizes[g] > 6 || at + sizes[g] > size) { fprintf(stderr, "%s: a group of %d tiles\n", path, sizes[g]); exit(2); }
    for (int k = 0, w = 1; k < sizes[g]; k++, w *= 16) {
      int tile = bytes[at++];
      if (tile < 1 || tile > 15) { fprintf(stderr, "%s: tile %d\n", path, tile); exit(2); }
      group_of[tile] = (unsigned char)g;
      weight[tile] = w;
    }
  }
  tables = bytes + at;
  for (int g = 0; g < groups; g++) {
    offsets[g] = at - (tables - bytes);
    at += 1L << (4 * sizes[g]);
  }
  if (at != size) { fprintf(stderr, "%s holds %ld bytes, not the %ld its partition says\n", path, size, at); exit(2); }
}

static void layout(void) {
  for (int cell = 0; cell < 16; cell++) {
    int row = cell / 4, column = cell % 4;
    for (int move = 0; move < 4; move++) {
      int off = (move == D && row == 3) || (move == U && row == 0) || (move == L && column == 0) || (move == R && column == 3);
      targets[cell][move] = (signed char)(off ? -1 : cell + step[move]);
    }
  }
  for (int tile = 1; tile < 16; tile++) {
    reflected_group_of[tile] = group_of[reflect_tile(tile)];
    for (int move = 0; move < 4; move++) {
      delta[tile][move] = -step[move] * weight[tile];
      reflected_delta[tile][move] = -reflected_step[move] * weight[reflect_tile(tile)];
    }
  }
}

/* The same pass as FifteenPatternDepthFirst.search: each child's estimate here, the move, the update and its undo inline; -1 when found. */
static int search(int depth, int bound, int undo_previous) {
  int here_sum = sum, here_reflected_sum = reflected_sum;
  int f = depth + (here_sum > here_reflected_sum ? here_sum : here_reflected_sum);
  if (f > bound) return f;
  if (here_sum == 0) { /* every group home: every tile home, so the blank is too */
    found_depth = depth;
    return -1;
  }
  nodes++;
  int from = blank, smallest = 1 << 30;
  for (int move = 0; move < 4; move++) {
    int target = targets[from][move];
    if (target < 0 || move == undo_previous) continue;
    int tile = cells[target];
    int g = group_of[tile];
    int before = index_of[g], after = before + delta[tile][move];
    int child_sum = here_sum + tables[after] - tables[before];
    int r = reflected_group_of[tile];
    int reflected_before = reflected_index_of[r], reflected_after = reflected_before + reflected_delta[tile][move];
    int child_reflected_sum = here_reflected_sum + tables[reflected_after] - tables[reflected_before];
    /* the child's f, as the child would find it on entering */
    int result = depth + 1 + (child_sum > child_reflected_sum ? child_sum : child_reflected_sum);
    if (result <= bound) {
      cells[from] = (unsigned char)tile;
      cells[target] = 0;
      blank = target;
      index_of[g] = after;
      reflected_index_of[r] = reflected_after;
      sum = child_sum;
      reflected_sum = child_reflected_sum;
      line[depth] = (unsigned char)move;
      result = search(depth + 1, bound, U - move); /* the reverse move (d <-> u, l <-> r) */
      if (result == -1) return -1;
      cells[target] = (unsigned char)tile;
      cells[from] = 0;
      blank = from;
      index_of[g] = before;
      reflected_index_of[r] = reflected_before;
    }
    if (result < smallest) smallest = result;
  }
  sum = here_sum;
  reflected_sum = here_reflected_sum;
  return smallest;
}

static int solve(const unsigned char *board) {
  unsigned char reflected[16];
  for (int cell = 0; cell < 16; cell++) {
    cells[cell] = board[cell];
    if (board[cell] == 0) blank = cell;
    reflected[reflect_cell(cell)] = (unsigned char)reflect_tile(board[cell]);
  }
  for (int g = 0; g < groups; g++) index_of[g] = reflected_index_of[g] = (int)offsets[g];
  for (int cell = 0; cell < 16; cell++) {
    int tile = board[cell], mirrored = reflected[cell];
    if (tile != 0) index_of[group_of[tile]] += cell * weight[tile];
    if (mirrored != 0) reflected_index_of[group_of[mirrored]] += cell * weight[mirrored];
  }
  sum = reflected_sum = 0;
  for (int g = 0; g < groups; g++) {
    sum += tables[index_of[g]];
    reflected_sum += tables[reflected_index_of[g]];
  }
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
  if (argc < 2) { fprintf(stderr, "usage: %s DATABASE_FILE [rounds] < boards\n", argv[0]); return 2; }
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
