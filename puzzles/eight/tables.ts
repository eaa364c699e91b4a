/**
 * The eight table: one logical table (`eight`) of 9 sections, one per canonical goal (the blank's
 * cell in B), each the whole space of 181,440 starting boards relabelled for that goal and ranked
 * by Cantor rank; how a question finds its record there, and what the record answers.
 */
import { BLANK_MOVES, MOVE_LETTERS, blankTarget, formatEightBoard } from './rules/board';
import { CANONICAL_GOALS, canonicalize } from './rules/canonical';
import { eightMovesFromMask } from './rules/move-values';
import type { EightAnswer, EightQuery } from './rules/query';
import type { StoredTables } from '../roles/stored-tables';
import { EIGHT_POSITIONS, blankOfRank, encodeEight } from './rules/space';
import type { PagedPuzzle } from '../../packing/paged-puzzle';
import type { TableId } from '../../store/table-keys';

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

export const eightTables: StoredTables<EightQuery, EightAnswer> = {
  format: EIGHT_FORMAT,
  // the whole space around each goal: its farthest boards are 31 moves from 12345678X (SPEC)
  greatestDistance: 31,
  tables: () => [EIGHT_TABLE],
  describeTable: () => ({ identity: { puzzle: 'eight', goal: EIGHT_GOALS }, spacePositions: EIGHT_SPACE_POSITIONS, loadOptions: ['--tables eight'] }),

  locate(query) {
    const { goalIndex, from } = canonicalize(query.from, query.to);
    return { table: EIGHT_TABLE, goal: EIGHT_GOALS, section: eightSection(goalIndex), rank: encodeEight(from) };
  },

  fromRecord(query, _manifest, record) {
    if (!record) return undefined;
    // Relabelling the tiles moves no blank: the canonical position's moves and mask are the query's.
    const moves = eightMovesFromMask(query, record.distance, record.optimal);
    return { steps: record.distance, path: eightLetters(query.from.indexOf(0), record.line), moves, source: 'table' };
  },
};
