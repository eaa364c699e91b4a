/*
 * Reference for `npm run bench -- --only fifteen`: IDA* for the 15-puzzle in C with the same
 * estimate as puzzles/fifteen/rules/search.ts (Manhattan distance plus two moves per linear
 * conflict: per row and per column, the tiles beyond the longest increasing run of those whose
 * goal is on that line), kept up to date move by move by the same table lookups, the same move
 * order (d < l < r < u) and the same pruning (never the reverse of the previous move, nothing
 * else), so both expand the same nodes and find the same lex-min lines.
 *
 * Reads boards (16 numbers each, row by row, 0 the blank), one a line, from stdin; runs them all
 * `rounds` times (argv[1], default 1), with no untimed round: a board here takes milliseconds to
 * seconds, and an untimed round would double the run for nothing (the TypeScript side's JIT is
 * warm within its first milliseconds too). Prints {"seconds":…,"boards":…,"moves":…,"nodes":…}
 * (moves and nodes: the sums over one round's boards; nodes: the nodes expanded, counted where
 * the TypeScript pass counts them).
 *
 * Build: cc -O2 -o fifteen-ida puzzles/fifteen/bench/fifteen-ida.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { D, L, R, U };
enum { MAX_BOARDS = 10000 };

/* targets[blank][move]: the cell the blank reaches, or -1 off the board. */
static signed char targets[16][4];
/* changed_lines[blank][move][k]: the rows a tile leaves and enters when it moves up or down, else the columns (4 + column). */
static unsigned char changed_lines[16][4][2];
static unsigned char distance[16][16]; /* distance[tile][cell]: Manhattan distance to the tile's goal (0 for the blank) */
static unsigned char line_cells[8][4]; /* rows 0..3, then columns 0..3 */
static unsigned char along[8][16];     /* 1 + where along the line the tile's goal is, or 0 when on another line */
static unsigned char line_conflicts[1 << 12];

static unsigned char cells[16], conflicts[8], line[81]; /* line[depth]: the move made there, as the TypeScript pass keeps it */
static int blank, manhattan, conflict_total;
static long nodes;

static int longest_run(const int *v, int n) {
  int best[4], longest = 0;
  for (int i = 0; i < n; i++) {
    best[i] = 1;
    for (int j = 0; j < i; j++) if (v[j] < v[i] && best[j] + 1 > best[i]) best[i] = best[j] + 1;
    if (best[i] > longest) longest = best[i];
  }
  return longest;
}

static void tables(void) {
  static const int step[4] = {4, -1, 1, -4};
  for (int cell = 0; cell < 16; cell++) {
    int row = cell / 4, column = cell % 4;
    for (int move = 0; move < 4; move++) {
      int off = (move == D && row == 3) || (move == U && row == 0) || (move == L && column == 0) || (move == R && column == 3);
      int to = off ? -1 : cell + step[move];
      targets[cell][move] = (signed char)to;
      if (to < 0) continue;
      changed_lines[cell][move][0] = (unsigned char)(move == D || move == U ? cell / 4 : 4 + cell % 4);
      changed_lines[cell][move][1] = (unsigned char)(move == D || move == U ? to / 4 : 4 + to % 4);
    }
    for (int tile = 1; tile < 16; tile++) {
      int goal = tile - 1;
      distance[tile][cell] = (unsigned char)(abs(row - goal / 4) + abs(column - goal % 4));
    }
  }
  for (int line = 0; line < 8; line++)
    for (int k = 0; k < 4; k++) line_cells[line][k] = (unsigned char)(line < 4 ? line * 4 + k : k * 4 + (line - 4));
  for (int tile = 1; tile < 16; tile++) {
    int goal = tile - 1;
    along[goal / 4][tile] = (unsigned char)(1 + goal % 4);
    along[4 + goal % 4][tile] = (unsigned char)(1 + goal / 4);
  }
  for (int key = 0; key < 1 << 12; key++) {
    int v[4], n = 0;
    for (int k = 0; k < 4; k++) {
      int part = (key >> (9 - 3 * k)) & 7;
      if (part > 0) v[n++] = part;
    }
    line_conflicts[key] = (unsigned char)(n - longest_run(v, n));
  }
}

static int line_conflicts_of(int line) {
  const unsigned char *at = line_cells[line], *a = along[line];
  return line_conflicts[a[cells[at[0]]] << 9 | a[cells[at[1]]] << 6 | a[cells[at[2]]] << 3 | a[cells[at[3]]]];
}

/* The same pass as FifteenDepthFirst.search: the move, the update and its undo inline; -1 when found. */
static int search(int depth, int bound, int undo_previous) {
  int f = depth + manhattan + 2 * conflict_total;
  if (f > bound) return f;
  if (manhattan == 0) return -1;
  nodes++;
  int from = blank, here_manhattan = manhattan, here_conflicts = conflict_total, smallest = 1 << 30;
  for (int move = 0; move < 4; move++) {
    int target = targets[from][move];
    if (target < 0 || move == undo_previous) continue;
    int tile = cells[target];
    cells[from] = (unsigned char)tile;
    cells[target] = 0;
    blank = target;
    manhattan = here_manhattan + distance[tile][from] - distance[tile][target];
    int line_a = changed_lines[from][move][0], line_b = changed_lines[from][move][1];
    int before_a = conflicts[line_a], before_b = conflicts[line_b];
    int after_a = line_conflicts_of(line_a), after_b = line_conflicts_of(line_b);
    conflicts[line_a] = (unsigned char)after_a;
    conflicts[line_b] = (unsigned char)after_b;
    conflict_total = here_conflicts + after_a - before_a + after_b - before_b;
    line[depth] = (unsigned char)move;
    int result = search(depth + 1, bound, U - move); /* the reverse move (d <-> u, l <-> r) */
    if (result == -1) return -1;
    cells[target] = (unsigned char)tile;
    cells[from] = 0;
    blank = from;
    conflicts[line_a] = (unsigned char)before_a;
    conflicts[line_b] = (unsigned char)before_b;
    if (result < smallest) smallest = result;
  }
  manhattan = here_manhattan;
  conflict_total = here_conflicts;
  return smallest;
}

static int solve(const unsigned char *board) {
  manhattan = 0;
  conflict_total = 0;
  for (int cell = 0; cell < 16; cell++) {
    cells[cell] = board[cell];
    if (board[cell] == 0) blank = cell;
    manhattan += distance[board[cell]][cell];
  }
  for (int line = 0; line < 8; line++) conflict_total += conflicts[line] = (unsigned char)line_conflicts_of(line);
  for (int bound = manhattan + 2 * conflict_total;;) {
    int result = search(0, bound, -1);
    if (result == -1) return bound;
    bound = result;
  }
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 1, count = 0;
  tables();
  static unsigned char boards[MAX_BOARDS][16];
  for (;;) {
    int value, k = 0;
    while (k < 16 && scanf("%d", &value) == 1) boards[count][k++] = (unsigned char)value;
    if (k < 16) break;
    if (++count == MAX_BOARDS) break;
  }
  long moves = 0;
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (int round = 0; round < rounds; round++) {
    moves = 0;
    nodes = 0;
    for (int i = 0; i < count; i++) moves += solve(boards[i]);
  }
  clock_gettime(CLOCK_MONOTONIC, &end);
  double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
  printf("{\"seconds\":%.6f,\"boards\":%d,\"moves\":%ld,\"nodes\":%ld}\n", seconds, count, moves, nodes);
  return 0;
}
