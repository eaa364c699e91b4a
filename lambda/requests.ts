/**
 * What an API request holds: query-string parameters for GET, a JSON object (one query, or a
 * batch) for POST, or judge input. Each puzzle reads its own fields (puzzles/). Every mistake
 * becomes an InvalidInputError with a sentence saying what to send instead.
 */
import { InvalidInputError } from '../core/errors';
import { printable } from '../core/printable';
import { type Fields, type FieldsWritten, objectOf } from '../puzzles/fields';
import type { ApiRequest } from './http';

/** A request's question: one query (its fields as text, from a query string, or as JSON), or a batch of them (JSON). */
export type JsonBody = { readonly kind: 'single'; readonly fields: Fields; readonly written: FieldsWritten } | { readonly kind: 'batch'; readonly queries: readonly unknown[] };

/** The request's fields: the query string for GET; for POST the JSON object body, or its "queries" array. */
export function bodyOf(request: ApiRequest, example: string): JsonBody {
  if (request.method === 'GET') {
    // a repeated parameter is refused rather than one of its values chosen: the client meant one of them, and only it knows which
    for (const [name, times] of request.repeated) {
      throw new InvalidInputError(`The parameter "${printable(name).slice(0, 40)}" is given ${times} times; a question takes each parameter once.`);
    }
    return { kind: 'single', fields: Object.fromEntries(request.query), written: 'text' };
  }
  if (request.body.trim() === '') throw new InvalidInputError(`The request has no body; send a JSON object such as ${example}.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(request.body);
  } catch (error) {
    // a body said to be something else (XML, a form) is told so; any type is read as JSON first, as curl -d sends a form's
    if (request.contentType !== '' && !/^application\/(.+\+)?json$/.test(request.contentType)) {
      throw new InvalidInputError(`The body is ${printable(request.contentType).slice(0, 60)}, which this API does not read; send JSON (Content-Type: application/json) such as ${example}, or the judge's input as text/plain.`);
    }
    throw new InvalidInputError(`The body is not valid JSON (${(error as Error).message}); send a JSON object such as ${example}.`);
  }
  const fields = objectOf(parsed, `The body must be a JSON object such as ${example}`);
  if (!Object.hasOwn(fields, 'queries')) return { kind: 'single', fields, written: 'json' };
  const unknown = Object.keys(fields).find((name) => name !== 'queries');
  if (unknown !== undefined) throw new InvalidInputError(`A batch has the one field "queries"; "${printable(unknown)}" is not one.`);
  if (!Array.isArray(fields.queries)) throw new InvalidInputError(`"queries" must be an array of queries, such as {"queries": [${example}]}.`);
  return { kind: 'batch', queries: fields.queries };
}

/** Whether a POST carries judge input rather than JSON. */
export function isJudgeInput(request: ApiRequest): boolean {
  return request.method === 'POST' && request.contentType === 'text/plain';
}
