/** A 15-puzzle question over HTTP (`board`) and its JSON answer. */
import { MOVE_LETTERS, assertSolvable, formatFifteenBoard, parseFifteenBoard } from './rules/board';
import { FIFTEEN_DIAMETER, type FifteenAnswer, type FifteenQuery } from './rules/query';
import { InvalidInputError } from '../../core/errors';
import { printable } from '../../core/printable';
import { checkQuery } from '../fields';
import type { HttpShape } from '../roles/http-shape';
import { MANHATTAN } from './estimates';
import type { FifteenResponse } from './response';
import { FIFTEEN_SAMPLES, FifteenResponseSchema, FifteenQuerySchema } from './schema';

const EXAMPLE_CELLS = '2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15';
export const FIFTEEN_EXAMPLE = `{"board": "${EXAMPLE_CELLS}"}`;

/**
 * What a JSON array board may get wrong that its count and values would not say: rows given as
 * arrays of their own (counted as 4 numbers), and numbers given as strings (shown in quotes, but
 * not said to be strings).
 */
function checkCells(cells: readonly unknown[]): void {
  if (cells.some(Array.isArray)) {
    throw new InvalidInputError(`"board" must be one flat list of 16 numbers, row after row, not a list of rows: [${EXAMPLE_CELLS}], or text such as "${EXAMPLE_CELLS}".`);
  }
  const text = cells.findIndex((cell) => typeof cell === 'string');
  if (text >= 0) {
    throw new InvalidInputError(`"board" has the string "${printable(String(cells[text])).slice(0, 20)}" in cell ${text + 1}; in a JSON array every cell is a number, such as [${EXAMPLE_CELLS}], or give the whole board as text, such as "${EXAMPLE_CELLS}".`);
  }
}

export const fifteenHttp: HttpShape<FifteenQuery, FifteenAnswer> = {
  example: FIFTEEN_EXAMPLE,
  description: {
    query: FifteenQuerySchema,
    answer: FifteenResponseSchema,
    samples: FIFTEEN_SAMPLES,
    unanswerable: 'The board cannot reach the goal: its inversions plus the rows between the blank and the bottom row make an odd number (half of all boards).',
  },

  queryOf(value, _loadedTables, written) {
    const fields = checkQuery(FifteenQuerySchema, value, { example: FIFTEEN_EXAMPLE, like: {} }, written);
    if (fields.board === undefined || fields.board === null) throw new InvalidInputError(`"board" is missing; for example ${FIFTEEN_EXAMPLE}.`);
    if (Array.isArray(fields.board)) checkCells(fields.board);
    const board = parseFifteenBoard(fields.board, '"board"');
    assertSolvable(board); // 422 at once, no search
    return { board, limit: FIFTEEN_DIAMETER, solvable: true };
  },

  respond(query, answer): FifteenResponse {
    return {
      steps: answer.steps,
      path: answer.path,
      source: answer.source,
      heuristic: answer.heuristic ?? MANHATTAN,
      cached: answer.cached,
      board: formatFifteenBoard(query.board),
      moves: (answer.moves ?? []).map(({ move, steps, optimal }) => ({ move: MOVE_LETTERS[move] as 'd' | 'l' | 'r' | 'u', steps, optimal })),
      ...(answer.movesUnvalued === undefined ? {} : { movesUnvalued: answer.movesUnvalued }),
    };
  },
};
