/**
 * The keys of the table's items, readable and spread over partitions by their page number: a
 * logical table's pages (each stored under its load's generation, generations.ts), its manifest,
 * the manifest it replaced, and an unfinished load's progress.
 */

/**
 * A logical table, named by its puzzle (`puzzle#goal`, or the puzzle's name alone): the positions around one
 * goal, or around a fixed set of goals, each goal's part a section whose pages are numbered on
 * their own. A table's page keys all start with its id (keyPrefix).
 */
export type TableId = string;

/** Every page key of a logical table starts with this. */
export function keyPrefix(table: TableId): string {
  return `${table}#`;
}

/**
 * A page's key: its section, then its number written with `digits` digits (room for every page
 * of the puzzle's whole space, so that keys sort as numbers).
 */
export function pageKey(section: string, page: number, digits: number): string {
  return `${section}#p${String(page).padStart(digits, '0')}`;
}

export function manifestKey(table: TableId): string {
  return `manifest#${table}`;
}

/** The manifest of the generation the current one replaced, kept for a rollback. */
export function previousKey(table: TableId): string {
  return `previous#${table}`;
}

export function progressKey(table: TableId): string {
  return `progress#${table}`;
}
