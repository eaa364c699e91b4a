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
