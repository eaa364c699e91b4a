/** A 15-puzzle question over HTTP (`board`) and its JSON answer. */
import { MOVE_LETTERS, assertSolvable, formatFifteenBoard, parseFifteenBoard } from './rules/board';
import { FIFTEEN_DIAMETER, type FifteenAnswer, type FifteenQuery } from './rules/query';
import { InvalidInputError } from '../../core/errors';
import { checkQuery } from '../fields';
import type { HttpShape } from '../roles/http-shape';
import { MANHATTAN } from './estimates';
import type { FifteenResponse } from './response';
import { FIFTEEN_SAMPLES, FifteenAnswerSchema, FifteenQuerySchema } from './schema';

export const FIFTEEN_EXAMPLE = '{"board": "2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15"}';

export const fifteenHttp: HttpShape<FifteenQuery, FifteenAnswer> = {
  example: FIFTEEN_EXAMPLE,
  description: {
    query: FifteenQuerySchema,
    answer: FifteenAnswerSchema,
    samples: FIFTEEN_SAMPLES,
    unanswerable: 'The board cannot reach the goal: its inversions plus the rows between the blank and the bottom row make an odd number (half of all boards).',
  },

  queryOf(value) {
    const fields = checkQuery(FifteenQuerySchema, value, { example: FIFTEEN_EXAMPLE, like: {} });
    if (fields.board === undefined || fields.board === null) throw new InvalidInputError(`"board" is missing; for example ${FIFTEEN_EXAMPLE}.`);
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
