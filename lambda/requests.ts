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

/** A request's JSON body: one query, or a batch of them. */
export type JsonBody = { readonly kind: 'single'; readonly fields: Fields } | { readonly kind: 'batch'; readonly queries: readonly unknown[] };

/** The request's fields: the query string for GET; for POST the JSON object body, or its "queries" array. */
export function bodyOf(request: ApiRequest, example: string): JsonBody {
  if (request.method === 'GET') return { kind: 'single', fields: Object.fromEntries(request.query) };
  if (request.body.trim() === '') throw new InvalidInputError(`The request has no body; send a JSON object such as ${example}.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(request.body);
  } catch (error) {
    throw new InvalidInputError(`The body is not valid JSON (${(error as Error).message}); send a JSON object such as ${example}.`);
  }
  const fields = objectOf(parsed, `The body must be a JSON object such as ${example}`);
  if (!Object.hasOwn(fields, 'queries')) return { kind: 'single', fields };
  const unknown = Object.keys(fields).find((name) => name !== 'queries');
  if (unknown !== undefined) throw new InvalidInputError(`A batch has the one field "queries"; "${printable(unknown)}" is not one.`);
  if (!Array.isArray(fields.queries)) throw new InvalidInputError(`"queries" must be an array of queries, such as {"queries": [${example}]}.`);
  return { kind: 'batch', queries: fields.queries };
}

/** One query's fields, from a GET's query string, a POST body or an item of a batch. */
export function queryFields(value: unknown, allowed: readonly string[], example: string): Fields {
  const fields = objectOf(value, `A query must be a JSON object such as ${example}`);
  const unknown = Object.keys(fields).filter((name) => !allowed.includes(name));
  if (unknown.length > 0) {
    throw new InvalidInputError(`Unknown field "${printable(unknown[0])}"; the fields are ${allowed.join(', ')}.`);
  }
  return fields;
}

function objectOf(value: unknown, sentence: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InvalidInputError(`${sentence}.`);
  return value as Fields;
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

export const KNIGHTS_EXAMPLE = '{"board": "10110/01*11/10111/01001/00000", "limit": 15}';
export const EIGHT_EXAMPLE = '{"from": "12X453786", "to": "12345678X"}';

/** A knights query from its fields (a GET's query string, a POST body, an item of a batch). */
export function knightsQueryOf(value: unknown): KnightsQuery {
  const fields = queryFields(value, ['board', 'goal', 'limit'], KNIGHTS_EXAMPLE);
  const board = parseKnightsBoard(text(fields, 'board', true, KNIGHTS_EXAMPLE)!);
  const goal = resolveKnightsGoal(text(fields, 'goal', false, '"standard"'));
  return { board, goal, limit: parseLimit(fields.limit) };
}

/** An eight query from its fields (a GET's query string, a POST body, an item of a batch). */
export function eightQueryOf(value: unknown): EightQuery {
  const fields = queryFields(value, ['from', 'to'], EIGHT_EXAMPLE);
  return {
    from: parseEightBoard(text(fields, 'from', true, EIGHT_EXAMPLE)!, '"from"'),
    to: parseEightBoard(text(fields, 'to', true, EIGHT_EXAMPLE)!, '"to"'),
  };
}

/** Whether a POST carries judge input rather than JSON. */
export function isJudgeInput(request: ApiRequest): boolean {
  return request.method === 'POST' && request.contentType === 'text/plain';
}
