/** The page's ways into the document (an element by id, a status line) and out to the API beside it. */
import { queryString } from '../core/query-string';

/** The element with this id (the page's markup has every id the script asks for). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

/** Writes a status line, marked as a problem when `bad`. */
export function say(id: string, text: string, bad = false): void {
  const status = byId(id);
  status.textContent = text;
  status.className = `status${bad ? ' bad' : ''}`;
}

/**
 * GET from the API beside the page, the query's fields encoded as the edge's signature encodes them
 * (core/query-string.ts: `*` and `/` too); a refusal becomes an Error with the API's sentence.
 */
export async function ask<T>(path: string, fields: Readonly<Record<string, string | number>> = {}): Promise<T> {
  const query = queryString(fields);
  const response = await fetch(query ? `${path}?${query}` : path);
  const body = (await response.json().catch(() => ({ error: `The server answered ${response.status}.` }))) as T & { error?: string };
  if (!response.ok) throw new Error(body.error ?? `The server answered ${response.status}.`);
  return body;
}

/** A 202's body: the question is being solved in the background (api/schemas.ts, Solving). */
export interface Solving {
  readonly status: 'solving';
  readonly since: string;
  readonly seconds: number;
  readonly message: string;
}

/** The longest the page waits between two asks of a question being solved, whatever Retry-After says. */
const MOST_WAIT_MS = 10_000;

/**
 * GET as ask does, asking again while the API answers 202 (the question is being solved in the
 * background), after the Retry-After it gives: `waiting` hears each 202. Undefined when `wanted()`
 * says the answer is no longer wanted (the question changed meanwhile).
 */
export async function askUntilAnswered<T>(path: string, fields: Readonly<Record<string, string | number>>, waiting: (solving: Solving) => void, wanted: () => boolean): Promise<T | undefined> {
  const query = queryString(fields);
  for (;;) {
    const response = await fetch(query ? `${path}?${query}` : path);
    if (!wanted()) return undefined;
    if (response.status !== 202) {
      const body = (await response.json().catch(() => ({ error: `The server answered ${response.status}.` }))) as T & { error?: string };
      if (!response.ok) throw new Error(body.error ?? `The server answered ${response.status}.`);
      return body;
    }
    waiting((await response.json()) as Solving);
    const header = response.headers.get('retry-after');
    const seconds = header === null || !/^\d+$/.test(header) ? 5 : Number(header);
    await new Promise((resolve) => setTimeout(resolve, Math.min(MOST_WAIT_MS, Math.max(1000, seconds * 1000))));
    if (!wanted()) return undefined;
  }
}
