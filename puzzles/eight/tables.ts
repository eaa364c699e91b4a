/**
 * The eight table: one logical table (`eight`) of 9 sections, one per canonical goal (the blank's
 * cell in B), each the whole space of 181,440 starting boards relabelled for that goal and ranked
 * by Cantor rank.
 */
import { BLANK, BLANK_MOVES, MOVE_LETTERS, blankTarget, formatEightBoard } from './rules/board';
import { CANONICAL_GOALS } from './rules/canonical';
import { EIGHT_DIAMETER } from './rules/search';
import { EIGHT_POSITIONS, blankOfRank, decodeEight } from './rules/space';
import { buildEightTable } from './rules/table';
import type { PagedPuzzle } from '../../store/paged-puzzle';
import { type TableSpec, planPages } from '../../store/table-pages';
import type { TableId } from '../../store/table-schema';

export const EIGHT_TABLE: TableId = 'eight';
/** The goals of the table, as its manifest names them. */
export const EIGHT_GOALS = CANONICAL_GOALS.map(formatEightBoard).join(',');
/** The boards of each goal's parity, for all 9 goals. */
export const EIGHT_SPACE_POSITIONS = CANONICAL_GOALS.length * (EIGHT_POSITIONS / 2);

export const EIGHT_FORMAT: PagedPuzzle = {
  ranks: EIGHT_POSITIONS,
  pageDigits: 4,
  holeMoves: BLANK_MOVES.map((moves, blank) => moves.map((move) => blankTarget(blank, move))),
  holeOfRank: blankOfRank,
};

export function eightSection(goalIndex: number): string {
  return `${EIGHT_TABLE}#${formatEightBoard(CANONICAL_GOALS[goalIndex])}`;
}

/** The eight move letters of a line of blank cells starting from `blank`. */
export function eightLetters(blank: number, cells: readonly number[]): string {
  let letters = '';
  let from = blank;
  for (const cell of cells) {
    letters += MOVE_LETTERS[BLANK_MOVES[from][EIGHT_FORMAT.holeMoves[from].indexOf(cell)]];
    from = cell;
  }
  return letters;
}

/** The eight positions of all 9 goals: the whole space, or (for small test loads) those within `depth`. */
export function eightSpec(depth = EIGHT_DIAMETER): TableSpec {
  return {
    table: EIGHT_TABLE,
    goal: EIGHT_GOALS,
    depth,
    spacePositions: EIGHT_SPACE_POSITIONS,
    build: () =>
      planPages(
        EIGHT_FORMAT,
        CANONICAL_GOALS.map((goal, goalIndex) => ({
          name: eightSection(goalIndex),
          bfs: buildEightTable(goalIndex, depth),
          unrank: (rank: number) => rank,
          describe: (code: number, line: readonly number[]) => {
            const board = decodeEight(code);
            return { board: formatEightBoard(board), goal: formatEightBoard(goal), path: eightLetters(board.indexOf(BLANK), line) };
          },
        })),
      ),
  };
}
