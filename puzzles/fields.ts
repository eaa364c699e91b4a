/**
 * Reading a query's fields (a GET's query string, a POST body, an item of a batch) against the
 * puzzle's query schema (puzzles/<name>/schema.ts): the schema makes the structural check (an
 * object, known fields, each of its type), and every mistake becomes an InvalidInputError with a
 * sentence saying what to send instead. The schema library's own words never reach a person: the
 * first issue, in the order a person fixes them (the object, an unknown field, then each field in
 * turn), is told in the service's sentence. What a field holds (a board's size, its characters)
 * is its rules' parser's to check.
 */
import * as v from 'valibot';
import { InvalidInputError } from '../core/errors';
import { printable } from '../core/printable';

export type Fields = Record<string, unknown>;

/**
 * How a query's fields were written: 'text' where every value is text (a URL's query string, a
 * command line), so a number comes as its digits; 'json' in a JSON body, where a number is a JSON
 * number and a string where one is expected is refused as a string.
 */
export type FieldsWritten = 'text' | 'json';

/** The value as an object of fields, or a refusal that says `sentence`. */
export function objectOf(value: unknown, sentence: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InvalidInputError(`${sentence}.`);
  return value as Fields;
}

/** A puzzle's JSON query: an object of the fields it names, and no others. */
export type QuerySchema = v.StrictObjectSchema<v.ObjectEntries, undefined>;

export interface QueryWords<Checked extends string> {
  /** A whole query, for the sentences that show one. */
  readonly example: string;
  /**
   * Each text field the schema alone refuses, with an example of its value ("must be a string,
   * like ..."). A field not named here is its rules' parser's to refuse when it is wrong, with the
   * sentence that knows what it may be (a limit's range depends on the goal).
   */
  readonly like: Readonly<Record<Checked, string>>;
}

/** The query's fields, as the schema types them; those the parser checks (not in `like`) as given. */
export type CheckedFields<S extends QuerySchema, Checked extends string> = {
  readonly [K in keyof v.InferOutput<S>]: K extends Checked ? v.InferOutput<S>[K] : unknown;
};

export function checkQuery<S extends QuerySchema, Checked extends keyof S['entries'] & string>(
  schema: S,
  value: unknown,
  words: QueryWords<Checked>,
  written: FieldsWritten = 'text',
): CheckedFields<S, Checked> {
  const fields = objectOf(value, `A query must be a JSON object such as ${words.example}`); // the schema's objects would take an array
  const result = v.safeParse(schema, fields);
  if (result.success) return result.output as CheckedFields<S, Checked>;
  const names = Object.keys(schema.entries);
  const unknown = result.issues.find((issue) => issue.type === 'strict_object' && issue.expected === 'never');
  if (unknown) throw new InvalidInputError(`Unknown field "${printable(String(unknown.input))}"; the fields are ${names.join(', ')}.`);
  for (const issue of result.issues) {
    const name = String(issue.path?.[0]?.key);
    // a number written in quotes: said as such (its parser, reading text, would take its digits, or refuse it without saying why)
    if (written === 'json' && issue.expected === 'number' && typeof issue.input === 'string' && issue.path?.length === 1) {
      throw new InvalidInputError(`"${name}" must be a number, not the string "${printable(issue.input).slice(0, 40)}"; for example ${words.example}.`);
    }
    if (!Object.hasOwn(words.like, name)) continue;
    if (issue.input === undefined || issue.input === null) throw new InvalidInputError(`"${name}" is missing; for example ${words.example}.`);
    throw new InvalidInputError(`"${name}" must be a string, like ${words.like[name as Checked]}.`);
  }
  // Only fields the parsers check are wrong: the query goes on, and their parser says what is wrong.
  return fields as CheckedFields<S, Checked>;
}
