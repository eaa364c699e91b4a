/**
 * The HTTP role, which every puzzle has: how a JSON query reads (a GET's query string, a POST
 * body, an item of a batch) and how its answer is written.
 */
import type { LoadedGoals } from './stored-tables';
import type { Answer, Result } from './answer';

export interface HttpShape<Query, A extends Answer> {
  /** A JSON query, for error messages. */
  readonly example: string;
  /**
   * A JSON query, checked. `goals` reads the loaded tables (once a request, and only when asked):
   * a puzzle whose questions can name a loaded goal asks for them, the others never do.
   */
  queryOf(fields: unknown, goals: () => Promise<LoadedGoals>): Query | Promise<Query>;
  /** The API's JSON answer. */
  respond(query: Query, result: Result<A>): unknown;
}
