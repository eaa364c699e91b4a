/**
 * The HTTP role, which every puzzle has: how a JSON query reads (a GET's query string, a POST
 * body, an item of a batch), how its answer is written, and how the API's description
 * (/openapi.json) tells of both.
 */
import type { GenericSchema } from 'valibot';
import type { FieldsWritten, QuerySchema } from '../fields';
import type { LoadedTables } from './stored-tables';
import type { Answer, Result } from './answer';

/** A query and the answer it gets, as the description shows them. */
export interface HttpSample {
  readonly summary: string;
  readonly query: Readonly<Record<string, unknown>>;
  readonly answer: unknown;
}

/** The puzzle's JSON query and answer as schemas (puzzles/<name>/schema.ts), and its samples. */
export interface HttpDescription {
  /** The fields of a query: a POST body, an item of a batch, a GET's parameters. */
  readonly query: QuerySchema;
  readonly answer: GenericSchema;
  readonly samples: readonly HttpSample[];
  /** For a puzzle where a well-formed query can have no answer (422): what that means. */
  readonly unanswerable?: string;
}

export interface HttpShape<Query, A extends Answer> {
  /** A JSON query, for error messages. */
  readonly example: string;
  /**
   * A query, checked. `loadedTables` reads the catalogue of loaded tables (once a request, and only when asked):
   * a puzzle whose questions can name a loaded goal asks for them, the others never do. `written`
   * says whether the fields are text (a query string's, a command line's: the default) or JSON.
   */
  queryOf(fields: unknown, loadedTables: () => Promise<LoadedTables>, written?: FieldsWritten): Query | Promise<Query>;
  /** The API's JSON answer. */
  respond(query: Query, result: Result<A>): unknown;
  /** What /openapi.json says of the queries and answers: queryOf checks the same query schema. */
  readonly description: HttpDescription;
}
