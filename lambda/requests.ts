/**
 * Turning an API request into puzzle queries: query-string parameters for GET, a JSON object for
 * POST. Every mistake becomes an InvalidInputError with a sentence saying what to send instead.
 */
import { parseEightBoard } from '../core/eight/board';
import type { EightQuery } from '../core/eight/query';
import { InvalidInputError } from '../core/errors';
import { parseKnightsBoard } from '../core/knights/board';
import { resolveKnightsGoal } from '../core/knights/goals';
import { type KnightsQuery, parseLimit } from '../core/knights/query';
import { printable } from '../core/printable';
import type { ApiRequest } from './http';

type Fields = Record<string, unknown>;

/** The request's fields: the query string for GET, the JSON object body for POST. */
function fieldsOf(request: ApiRequest, allowed: readonly string[], example: string): Fields {
  let fields: Fields;
  if (request.method === 'GET') {
    fields = Object.fromEntries(request.query);
  } else {
    if (request.body.trim() === '') throw new InvalidInputError(`The request has no body; send a JSON object such as ${example}.`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(request.body);
    } catch (error) {
      throw new InvalidInputError(`The body is not valid JSON (${(error as Error).message}); send a JSON object such as ${example}.`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new InvalidInputError(`The body must be a JSON object such as ${example}.`);
    }
    fields = parsed as Fields;
  }
  const unknown = Object.keys(fields).filter((name) => !allowed.includes(name));
  if (unknown.length > 0) {
    throw new InvalidInputError(`Unknown field "${printable(unknown[0])}"; the fields are ${allowed.join(', ')}.`);
  }
  return fields;
}

function text(fields: Fields, name: string, required: boolean, example: string): string | undefined {
  const value = fields[name];
  if (value === undefined || value === null) {
    if (required) throw new InvalidInputError(`"${name}" is missing; for example ${example}.`);
    return undefined;
  }
  if (typeof value !== 'string') throw new InvalidInputError(`"${name}" must be a string, like ${example}.`);
  return value;
}

const KNIGHTS_EXAMPLE = '{"board": "10110/01*11/10111/01001/00000", "limit": 15}';
const EIGHT_EXAMPLE = '{"from": "12X453786", "to": "12345678X"}';

export function knightsQueryOf(request: ApiRequest): KnightsQuery {
  const fields = fieldsOf(request, ['board', 'goal', 'limit'], KNIGHTS_EXAMPLE);
  const board = parseKnightsBoard(text(fields, 'board', true, KNIGHTS_EXAMPLE)!);
  const goal = resolveKnightsGoal(text(fields, 'goal', false, '"standard"'));
  return { board, goal, limit: parseLimit(fields.limit) };
}

export function eightQueryOf(request: ApiRequest): EightQuery {
  const fields = fieldsOf(request, ['from', 'to'], EIGHT_EXAMPLE);
  return {
    from: parseEightBoard(text(fields, 'from', true, EIGHT_EXAMPLE)!, '"from"'),
    to: parseEightBoard(text(fields, 'to', true, EIGHT_EXAMPLE)!, '"to"'),
  };
}

/** Whether a POST carries judge input rather than JSON. */
export function isJudgeInput(request: ApiRequest): boolean {
  return request.method === 'POST' && request.contentType === 'text/plain';
}
