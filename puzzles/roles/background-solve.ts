/**
 * The background-solve role, for a puzzle whose hardest questions need more search than one
 * request may spend (the 15-puzzle's farthest boards): such a question is solved once, by a solver
 * of its own, and its answer kept in the table. The puzzle says how its question is asked again
 * (a 202's Location), and checks an answer before it is kept, independently of the search that
 * found it: a kept answer is served for ever.
 */
import type { Answer } from './answer';

export interface BackgroundSolve<Query, A extends Answer> {
  /** The question as a GET's query string (`board=...`): where a client asks again. */
  urlQuery(query: Query): string;
  /**
   * What is wrong with an answer the search found, or undefined when it may be kept: its line,
   * replayed, must reach the goal, and its length must be the search's last bound.
   */
  problemWith(query: Query, answer: A): string | undefined;
}
