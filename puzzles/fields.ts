/**
 * Reading a query's fields (a GET's query string, a POST body, an item of a batch): every mistake
 * is an InvalidInputError with a sentence saying what to send instead.
 */
import { InvalidInputError } from '../core/errors';
import { printable } from '../core/printable';

export type Fields = Record<string, unknown>;

/** The value as an object of fields, or a refusal that says `sentence`. */
export function objectOf(value: unknown, sentence: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InvalidInputError(`${sentence}.`);
  return value as Fields;
}

/** One query's fields, none but `allowed`. */
export function queryFields(value: unknown, allowed: readonly string[], example: string): Fields {
  const fields = objectOf(value, `A query must be a JSON object such as ${example}`);
  const unknown = Object.keys(fields).filter((name) => !allowed.includes(name));
  if (unknown.length > 0) {
    throw new InvalidInputError(`Unknown field "${printable(unknown[0])}"; the fields are ${allowed.join(', ')}.`);
  }
  return fields;
}

/** A string field; undefined when it is absent and not `required`. */
export function textField(fields: Fields, name: string, required: boolean, example: string): string | undefined {
  const value = fields[name];
  if (value === undefined || value === null) {
    if (required) throw new InvalidInputError(`"${name}" is missing; for example ${example}.`);
    return undefined;
  }
  if (typeof value !== 'string') throw new InvalidInputError(`"${name}" must be a string, like ${example}.`);
  return value;
}
