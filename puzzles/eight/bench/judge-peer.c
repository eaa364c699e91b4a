/*
 * The peer of `npm run bench -- --only judge`: Eight II (HDU 3567) as the typical accepted
 * solution solves it, a whole program that reads judge input on stdin and prints judge output.
 * IDA* from A towards B on the Manhattan distance, the blank's moves tried in the order d, l, r, u
 * (so the first line found in the last pass is the lexicographically smallest shortest one), the
 * move straight back skipped, the estimate summed over the board at every node and the bound
 * raised by one after a pass that failed. Its output is ours byte for byte.
 *
 * Build: cc -O2 -o judge-peer puzzles/eight/bench/judge-peer.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int board[9], goal_cell[9], limit;
static char path[64];
static const int row_step[4] = {1, 0, 0, -1}, column_step[4] = {0, -1, 1, 0};
static const char letter[] = "dlru";

static int manhattan(void) {
  int sum = 0;
  for (int cell = 0; cell < 9; cell++)
    if (board[cell]) sum += abs(cell / 3 - goal_cell[board[cell]] / 3) + abs(cell % 3 - goal_cell[board[cell]] % 3);
  return sum;
}

static int search(int row, int column, int depth, int previous) {
  int estimate = manhattan();
  if (estimate == 0) {
    path[depth] = '\0';
    return 1;
  }
  if (depth + estimate > limit) return 0;
  for (int move = 0; move < 4; move++) {
    if (move + previous == 3) continue; /* d and u, l and r undo each other */
    int next_row = row + row_step[move], next_column = column + column_step[move];
    if (next_row < 0 || next_row > 2 || next_column < 0 || next_column > 2) continue;
    int from = row * 3 + column, to = next_row * 3 + next_column;
    board[from] = board[to];
    board[to] = 0;
    path[depth] = letter[move];
    if (search(next_row, next_column, depth + 1, move)) return 1;
    board[to] = board[from];
    board[from] = 0;
  }
  return 0;
}

int main(void) {
  int cases;
  char a[16], b[16];
  if (scanf("%d", &cases) != 1) return 0;
  for (int k = 1; k <= cases; k++) {
    if (scanf("%15s %15s", a, b) != 2) return 1;
    int blank = 0;
    for (int cell = 0; cell < 9; cell++) {
      board[cell] = a[cell] == 'X' ? 0 : a[cell] - '0';
      if (board[cell] == 0) blank = cell;
      goal_cell[b[cell] == 'X' ? 0 : b[cell] - '0'] = cell;
    }
    for (limit = manhattan();; limit++)
      if (search(blank / 3, blank % 3, 0, -1)) break;
    printf("Case %d: %d\n%s\n", k, limit, path);
  }
  return 0;
}
