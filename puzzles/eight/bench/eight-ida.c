/*
 * Reference for `npm run bench -- --only search`: IDA* for Eight II in C with the same estimate
 * (Manhattan distance to B plus linear conflicts, kept up to date move by move by the same table
 * lookups) and the same move
 * order (d < l < r < u) as core/eight/search.ts, so both expand the same nodes and find the same
 * lex-min lines. Reads pairs "A B" (9 characters each, X the blank), one a line, from stdin; runs
 * them all `rounds` times (argv[1], default 1) after one untimed round; prints
 * {"seconds":…,"pairs":…,"moves":…} (moves: the sum of the line lengths of one round).
 *
 * Build: cc -O2 -o eight-ida puzzles/eight/bench/eight-ida.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { D, L, R, U };
static const int STEP[4] = {3, -1, 1, -3};
static int cells[9], blank, dist[9][9], conflicts[6], manhattan, conflict_total;
static char line[64];

static int longest_run(int n, int a, int b, int c) {
  if (n <= 1) return n;
  if (n == 2) return a < b ? 2 : 1;
  if (a < b && b < c) return 3;
  return (a < b || a < c || b < c) ? 2 : 1;
}

/*
 * The same update as core/eight/search.ts: along[line][tile] is 1 + the tile's goal position along
 * the line (0 when its goal is on another line, and for the blank), line_conflicts[] the tiles to
 * take out for every combination of a line's three cells.
 */
static unsigned char along[6][9], line_cells[6][3], line_conflicts[64];

static void update_line(int which) {
  int key = along[which][cells[line_cells[which][0]]] << 4 | along[which][cells[line_cells[which][1]]] << 2 | along[which][cells[line_cells[which][2]]];
  int c = line_conflicts[key];
  conflict_total += c - conflicts[which];
  conflicts[which] = c;
}

static void line_tables(void) {
  for (int line = 0; line < 6; line++)
    for (int k = 0; k < 3; k++) line_cells[line][k] = (unsigned char)(line < 3 ? line * 3 + k : k * 3 + (line - 3));
  for (int key = 0; key < 64; key++) {
    int v[3], n = 0;
    int parts[3] = {key >> 4, (key >> 2) & 3, key & 3};
    for (int k = 0; k < 3; k++) if (parts[k] > 0) v[n++] = parts[k];
    line_conflicts[key] = (unsigned char)(n - longest_run(n, n > 0 ? v[0] : 0, n > 1 ? v[1] : 0, n > 2 ? v[2] : 0));
  }
}

static int legal(int at, int move) {
  switch (move) {
    case D: return at < 6;
    case U: return at >= 3;
    case L: return at % 3 != 0;
    default: return at % 3 != 2;
  }
}

static void apply(int move) {
  int from = blank, to = blank + STEP[move], tile = cells[to];
  manhattan += dist[tile][from] - dist[tile][to];
  cells[from] = tile;
  cells[to] = 0;
  blank = to;
  if (move == D || move == U) { update_line(from / 3); update_line(to / 3); }
  else { update_line(3 + from % 3); update_line(3 + to % 3); }
}

static int search(int depth, int bound, int undo_previous) {
  int f = depth + manhattan + 2 * conflict_total;
  if (f > bound) return f;
  if (manhattan == 0) return -1;
  int smallest = 1 << 30;
  for (int move = 0; move < 4; move++) {
    if (move == undo_previous || !legal(blank, move)) continue;
    apply(move);
    line[depth] = "dlru"[move];
    int result = search(depth + 1, bound, 3 - move);
    apply(3 - move);
    if (result == -1) return -1;
    if (result < smallest) smallest = result;
  }
  return smallest;
}

static int solve(const char *a, const char *b) {
  int to[9];
  for (int i = 0; i < 9; i++) { cells[i] = a[i] == 'X' ? 0 : a[i] - '0'; to[i] = b[i] == 'X' ? 0 : b[i] - '0'; }
  for (int i = 0; i < 9; i++) {
    if (cells[i] == 0) blank = i;
    if (to[i] == 0) continue;
    for (int from = 0; from < 9; from++) dist[to[i]][from] = abs(from / 3 - i / 3) + abs(from % 3 - i % 3);
  }
  memset(along, 0, sizeof along);
  for (int i = 0; i < 9; i++) {
    if (to[i] == 0) continue;
    along[i / 3][to[i]] = (unsigned char)(1 + i % 3);
    along[3 + i % 3][to[i]] = (unsigned char)(1 + i / 3);
  }
  manhattan = 0;
  conflict_total = 0;
  memset(conflicts, 0, sizeof conflicts);
  for (int i = 0; i < 9; i++) if (cells[i]) manhattan += dist[cells[i]][i];
  for (int k = 0; k < 6; k++) update_line(k);
  for (int bound = manhattan + 2 * conflict_total;;) {
    int result = search(0, bound, -1);
    if (result == -1) return bound;
    bound = result;
  }
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 1, count = 0;
  line_tables();
  static char pairs[100000][2][10];
  while (count < 100000 && scanf("%9s %9s", pairs[count][0], pairs[count][1]) == 2) count++;
  long moves = 0;
  for (int i = 0; i < count; i++) moves += solve(pairs[i][0], pairs[i][1]); /* untimed: as a warm function */
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (int round = 0; round < rounds; round++)
    for (int i = 0; i < count; i++) solve(pairs[i][0], pairs[i][1]);
  clock_gettime(CLOCK_MONOTONIC, &end);
  double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
  printf("{\"seconds\":%.6f,\"pairs\":%d,\"moves\":%ld}\n", seconds, count * rounds, moves);
  return 0;
}
