/**
 * The DynamoDB table, for the loader (scripts/), the reader (store/, used by the function in
 * lambda/), the stack (lib/) and the tests: its key schema and name, and what an item is. What the
 * items hold is told beside: table-keys.ts (every key), generations.ts (which load a page belongs
 * to), page-items.ts (a page's item, its checksum, and how DynamoDB sizes and bills it),
 * manifests.ts (a load's manifest and progress, and the schema version), catalog.ts (the tables
 * loaded).
 *
 * One table, partition key only. A logical table (the positions around one goal to some
 * depth, or around several goals, a section each) is cut into pages: one item per page,
 * holding the records of a fixed group of positions (page-layout.ts says which, page-codec.ts how
 * they are coded), at most 4,096 bytes so that a read of any page costs one read unit (half with
 * eventual consistency). Keys are readable, and spread over partitions by their page number:
 *
 *   g3/puzzle#goal#p000123      -> { page: <binary>, crc32: <4 bytes> }   a page of a puzzle's table for one goal
 *   g3/puzzle#section#p0042     -> { page: <binary>, crc32: <4 bytes> }   a page of one section of a table of several goals
 *
 * (What a position is, and which goal a section holds, is the puzzle's to say.) Which
 * tables there are, their sections and how wide their page numbers are written is each puzzle's
 * own (puzzles/); the store only puts the parts together.
 *
 * Each load writes its pages under a generation of its own (the `g3/` above), so that a reload
 * never touches the pages being read. The table's manifest item names the generation that
 * answers; it is replaced, in one conditional write, only once a new generation is complete and
 * verified (until then the old one answers). The generation it replaced is kept, its manifest in
 * a `previous#` item, so that a rollback to it writes no page; the one before is removed. While
 * loading, a progress item lets an interrupted load resume its generation. One catalogue item
 * lists the tables loaded, so that a reader finds goals loaded after it started (a goal of
 * someone's own) with one GetItem, and never needs to Scan.
 */
import type { AttributeDefinition, AttributeValue, KeySchemaElement } from '@aws-sdk/client-dynamodb';

export const PARTITION_KEY = 'pk';
export const KEY_SCHEMA: KeySchemaElement[] = [{ AttributeName: PARTITION_KEY, KeyType: 'HASH' }];
export const ATTRIBUTE_DEFINITIONS: AttributeDefinition[] = [{ AttributeName: PARTITION_KEY, AttributeType: 'S' }];
export const DEFAULT_TABLE_NAME = 'tablebase';

/** Why `name` cannot name a DynamoDB table, or undefined when it can: the one rule for TABLE_NAME and --table. */
export function tableNameProblem(name: string): string | undefined {
  return /^[A-Za-z0-9_.-]{3,255}$/.test(name) ? undefined : `must be a DynamoDB table name (3 to 255 letters, digits, "_", "-" or "."); got "${name}"`;
}

export type DynamoItem = Record<string, AttributeValue>;

/** A stored item that is not what this schema writes under its key, or a page changed since it was written. */
export class MalformedItemError extends Error {
  override readonly name = 'MalformedItemError';
}
