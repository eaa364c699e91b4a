/*
 * The peer of `npm run bench -- --only judge` for knights: SCOI 2005 "knights' spirit" as the
 * typical accepted solution solves it, a whole program that reads judge input on stdin (T, then
 * T boards of 5 rows of '0', '1' and '*') and prints judge output (the least number of moves to
 * the goal, or -1 past 15). IDA* over the depth limits 0..15, the estimate the number of knights
 * not on their goal cell (the blank left out: a move moves one knight, so it is never more than
 * the moves left), a branch cut when depth + estimate > limit, the blank never jumping straight
 * back to the cell it came from. Its output is ours byte for byte.
 *
 * Build: cc -O2 -o judge-peer puzzles/knights/bench/judge-peer.c
 */
#include <stdio.h>

static const char goal[5][6] = {"11111", "01111", "00*11", "00001", "00000"};
/* Move k and move 7 - k undo each other. */
static const int row_step[8] = {1, 1, 2, 2, -2, -2, -1, -1}, column_step[8] = {2, -2, 1, -1, 1, -1, 2, -2};
static char board[5][5];
static int limit;

static int misplaced(void) {
  int count = 0;
  for (int row = 0; row < 5; row++)
    for (int column = 0; column < 5; column++)
      if (board[row][column] != '*' && board[row][column] != goal[row][column]) count++;
  return count;
}

static int search(int row, int column, int depth, int previous) {
  int estimate = misplaced();
  if (estimate == 0) return 1;
  if (depth + estimate > limit) return 0;
  for (int move = 0; move < 8; move++) {
    if (move + previous == 7) continue;
    int next_row = row + row_step[move], next_column = column + column_step[move];
    if (next_row < 0 || next_row > 4 || next_column < 0 || next_column > 4) continue;
    board[row][column] = board[next_row][next_column];
    board[next_row][next_column] = '*';
    int found = search(next_row, next_column, depth + 1, move);
    board[next_row][next_column] = board[row][column];
    board[row][column] = '*';
    if (found) return 1;
  }
  return 0;
}

int main(void) {
  int cases;
  if (scanf("%d", &cases) != 1) return 0;
  while (cases--) {
    int blank_row = 0, blank_column = 0;
    for (int row = 0; row < 5; row++)
      for (int column = 0; column < 5; column++) {
        if (scanf(" %c", &board[row][column]) != 1) return 1;
        if (board[row][column] == '*') blank_row = row, blank_column = column;
      }
    int answer = -1;
    for (limit = 0; limit <= 15; limit++)
      if (search(blank_row, blank_column, 0, -1)) {
        answer = limit;
        break;
      }
    printf("%d\n", answer);
  }
  return 0;
}
