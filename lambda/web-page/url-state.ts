/**
 * The page's state in its URL, so that a position can be shared and survives a reload: every
 * panel's fields, each panel reading and checking its own.
 * Read once as the page starts; written back as it changes, in place of the current history
 * entry (editing a board is not navigating).
 */
import { queryString } from '../../core/query-string';
import type { OpenedUrl } from '../../widgets/panel';

const query = new URLSearchParams(location.search);

/** What the URL asked for as the page opened. */
export const opened: OpenedUrl = { field: (name) => query.get(name) };

/** Writes the panels' fields, in the panels' order, encoded as every query the page sends is (core/query-string.ts). */
export function saveUrl(fields: readonly Readonly<Record<string, string>>[]): void {
  history.replaceState(null, '', `?${queryString(fields.flatMap((each) => Object.entries(each)))}`);
}
