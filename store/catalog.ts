/**
 * The catalogue: one item listing the tables loaded, so that a reader finds goals loaded after it
 * started (a goal of someone's own) with one GetItem, and never needs to Scan.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { TableId } from './table-keys';
import type { DynamoItem } from './table-schema';

/** The one item that lists the loaded tables. */
export const CATALOG_KEY = 'catalog';
/** Its map attribute: table id -> what the catalogue says of it. */
export const CATALOG_ATTRIBUTE = 'tables';

/** The catalogue's count of the tables of a bounded kind (a top-level number, which DynamoDB can add to under a condition). */
export function catalogCountAttribute(kind: string): string {
  return `count#${kind}`;
}

/** A loaded table as the catalogue lists it (its manifest says the rest). */
export interface CatalogEntry {
  /** The goal, as the manifest writes it (a goal board, or a table's goals). */
  readonly goal: string;
  /** Every position of the puzzle's space is in the table: its farthest level is the goal's true depth. */
  readonly whole: boolean;
  /** The farthest distance the table holds. */
  readonly depth: number;
}

/** The loaded tables, by id. */
export type Catalog = ReadonlyMap<TableId, CatalogEntry>;

export function catalogEntryValue(entry: CatalogEntry): AttributeValue {
  return { M: { goal: { S: entry.goal }, whole: { BOOL: entry.whole }, depth: { N: String(entry.depth) } } };
}

/** The catalogue item's tables; entries that are not of this shape are left out (a reader never fails on them). */
export function readCatalog(item: DynamoItem | undefined): Catalog {
  const catalog = new Map<TableId, CatalogEntry>();
  for (const [table, value] of Object.entries(item?.[CATALOG_ATTRIBUTE]?.M ?? {})) {
    const { goal, whole, depth } = value.M ?? {};
    if (goal?.S === undefined || whole?.BOOL === undefined || depth?.N === undefined) continue;
    catalog.set(table, { goal: goal.S, whole: whole.BOOL, depth: Number(depth.N) });
  }
  return catalog;
}
