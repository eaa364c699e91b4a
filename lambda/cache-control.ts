/**
 * How long a response may be kept, by browsers and by the edge in front of the function. An exact
 * answer never changes (the puzzles are fixed, and an answer is a pure function of its query), nor
 * does a refusal of a malformed or impossible query: those are kept a day. What says how the
 * service is now (/health, /stats, a 503) is not kept, or for seconds; what changes from one
 * version to the next (the page, /openapi.json, 404, 405) briefly.
 */
import { RefusedForNowError } from '../core/errors';

/** An answer, or a refusal that the same query always gets. */
export const ANSWER_CACHE = 'public, max-age=86400';
/** The tables' figures: a few seconds spare the function a burst of dashboards. */
export const STATS_CACHE = 'public, max-age=10';
/** The page and the routes that are not there: until the next version, at most. */
export const BRIEF_CACHE = 'public, max-age=300';
export const NO_STORE = 'no-store';

/** Statuses of a puzzle's route that depend on the query alone. */
const DETERMINISTIC = new Set([200, 400, 413, 422]);

/** Whether a failure is a refusal the same query always gets: not a 202 or a 503, nor one a table loaded later may lift. */
export function isLastingRefusal(status: number, error: unknown): boolean {
  return DETERMINISTIC.has(status) && !(error instanceof RefusedForNowError);
}

/**
 * The Cache-Control of a response: `route` is the matched route's pattern ('unmatched' for none),
 * `answers` whether it is a puzzle's route, `lasting` false for a refusal that a table loaded
 * later may lift (a goal not loaded yet).
 */
export function cacheControlFor(route: string, answers: boolean, status: number, lasting = true): string {
  if (status >= 500 || !lasting) return NO_STORE; // 503: the tables or the search may answer in a moment
  if (answers && DETERMINISTIC.has(status)) return ANSWER_CACHE;
  if (route === '/health') return NO_STORE;
  if (route === '/stats') return status === 200 ? STATS_CACHE : BRIEF_CACHE;
  return BRIEF_CACHE; // the page, /openapi.json, 404, 405 (on any route), a 413 on a route that takes no body
}
