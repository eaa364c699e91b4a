/** An Eight II question over HTTP (`from`, `to`) and its JSON answer. */
import { MOVE_LETTERS, formatEightBoard, parseEightBoard } from './rules/board';
import { type EightAnswer, type EightQuery, assertReachable } from './rules/query';
import { checkQuery } from '../fields';
import type { HttpShape } from '../roles/http-shape';
import type { EightMoveResponse, EightResponse } from './response';
import { EIGHT_SAMPLES, EightResponseSchema, EightQuerySchema } from './schema';

export const EIGHT_EXAMPLE = '{"from": "12X453786", "to": "12345678X"}';

export const eightHttp: HttpShape<EightQuery, EightAnswer> = {
  example: EIGHT_EXAMPLE,
  description: {
    query: EightQuerySchema,
    answer: EightResponseSchema,
    samples: EIGHT_SAMPLES,
    unanswerable: '"to" cannot be reached from "from" (the two boards\' tile orders differ in parity).',
  },

  queryOf(value, _loadedTables, written) {
    const fields = checkQuery(EightQuerySchema, value, { example: EIGHT_EXAMPLE, like: { from: EIGHT_EXAMPLE, to: EIGHT_EXAMPLE } }, written);
    const query = { from: parseEightBoard(fields.from, '"from"'), to: parseEightBoard(fields.to, '"to"') };
    assertReachable(query);
    return query;
  },

  respond(query, answer): EightResponse {
    return {
      steps: answer.steps,
      path: answer.path,
      source: answer.source,
      cached: answer.cached,
      from: formatEightBoard(query.from),
      to: formatEightBoard(query.to),
      moves: (answer.moves ?? []).map(({ move, steps, optimal }) => ({ move: MOVE_LETTERS[move] as EightMoveResponse['move'], steps, optimal })),
    };
  },
};
