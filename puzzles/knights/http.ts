/** A knights question over HTTP (`board`, `goal`, `limit`) and its JSON answer. */
import { formatKnightsBoard, parseKnightsBoard } from './rules/board';
import { InvalidInputError, RefusedForNowError } from '../../core/errors';
import { MAX_LIMIT, type KnightsAnswer, type KnightsQuery, parseLimit } from './rules/query';
import { checkQuery } from '../fields';
import type { HttpShape } from '../roles/http-shape';
import { resolveGoal } from './loaded-goals';
import type { KnightsResponse } from './response';
import { KNIGHTS_SAMPLES, KnightsResponseSchema, KnightsQuerySchema } from './schema';
import { KNIGHTS_MAX_DEPTH } from './tables';

export const KNIGHTS_EXAMPLE = '{"board": "10110/01*11/10111/01001/00000", "limit": 15}';

/** The limit, within the goal's largest; one that a whole table loaded later would allow is refused for now only. */
function limitOf(value: unknown, maxLimit: number): number {
  try {
    return parseLimit(value, maxLimit);
  } catch (error) {
    if (!(error instanceof InvalidInputError) || maxLimit >= KNIGHTS_MAX_DEPTH) throw error;
    try {
      parseLimit(value, KNIGHTS_MAX_DEPTH);
    } catch {
      throw error; // malformed whatever is loaded: the refusal stands
    }
    throw new RefusedForNowError(`${error.message} A goal accepts limits past ${MAX_LIMIT} once its whole table is loaded, up to its true depth.`);
  }
}

export const knightsHttp: HttpShape<KnightsQuery, KnightsAnswer> = {
  example: KNIGHTS_EXAMPLE,
  description: { query: KnightsQuerySchema, answer: KnightsResponseSchema, samples: KNIGHTS_SAMPLES },

  async queryOf(value, goals, written) {
    // the limit's range depends on the goal: its parser refuses a wrong one, after the goal is known
    const fields = checkQuery(KnightsQuerySchema, value, { example: KNIGHTS_EXAMPLE, like: { board: KNIGHTS_EXAMPLE, goal: '"standard"' } }, written);
    const board = parseKnightsBoard(fields.board);
    const { goal, maxLimit } = resolveGoal(fields.goal ?? undefined, await goals());
    return { board, goal, limit: limitOf(fields.limit, maxLimit) };
  },

  respond(query, answer): KnightsResponse {
    return {
      steps: answer.steps,
      path: [...answer.path],
      source: answer.source,
      cached: answer.cached,
      board: formatKnightsBoard(query.board),
      goal: query.goal.name ?? formatKnightsBoard(query.goal.board),
      limit: query.limit,
      moves: (answer.moves ?? []).map(({ move, steps, optimal }) => ({ move, steps, optimal })),
    };
  },
};
