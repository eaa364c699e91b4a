/** An Eight II question over HTTP (`from`, `to`) and its JSON answer. */
import { MOVE_LETTERS, formatEightBoard, parseEightBoard } from './rules/board';
import { type EightAnswer, type EightQuery, assertReachable } from './rules/query';
import { queryFields, textField } from '../fields';
import type { HttpShape } from '../roles/http-shape';
import type { EightResponse } from './response';

export const EIGHT_EXAMPLE = '{"from": "12X453786", "to": "12345678X"}';

export const eightHttp: HttpShape<EightQuery, EightAnswer> = {
  example: EIGHT_EXAMPLE,

  queryOf(value) {
    const fields = queryFields(value, ['from', 'to'], EIGHT_EXAMPLE);
    const query = {
      from: parseEightBoard(textField(fields, 'from', true, EIGHT_EXAMPLE)!, '"from"'),
      to: parseEightBoard(textField(fields, 'to', true, EIGHT_EXAMPLE)!, '"to"'),
    };
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
      moves: (answer.moves ?? []).map(({ move, steps, optimal }) => ({ move: MOVE_LETTERS[move], steps, optimal })),
    };
  },
};
