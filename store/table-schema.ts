/**
 * The DynamoDB table, in one place for the loader (scripts/), the reader (store/, used by the
 * function in lambda/), the stack (lib/) and the tests: key schema, key format, item shape,
 * manifest and progress items, and how DynamoDB sizes and bills an item.
 *
 * One table, partition key only. A logical table (the positions around one goal to some
 * depth, or around several goals, a section each) is cut into pages: one item per page,
 * holding the records of a fixed group of positions (page-layout.ts says which, page-codec.ts how
 * they are coded), at most 4,096 bytes so that a read of any page costs one read unit (half with
 * eventual consistency). Keys are readable, and spread over partitions by their page number:
 *
 *   puzzle#goal#p000123       -> { page: <binary> }   a page of a puzzle's table for one goal
 *   puzzle#section#p0042      -> { page: <binary> }   a page of one section of a table of several goals
 *
 * (What a position is, and which goal a section holds, is the puzzle's to say.) Which
 * tables there are, their sections and how wide their page numbers are written is each puzzle's
 * own (puzzles/); this module only puts the parts together.
 *
 * Each load writes its pages under a generation of its own (`g3/puzzle#goal#p000123`), so
 * that a reload never touches the pages being read. The table's manifest item names the
 * generation that answers; it is replaced, in one conditional write, only once a new generation
 * is complete and verified (until then the old one answers). The generation it replaced is kept,
 * its manifest in a `previous#` item, so that a rollback to it writes no page; the one before is
 * removed. While loading, a progress item lets an interrupted load resume its generation. One
 * catalogue item lists the tables loaded, so that a reader finds goals loaded after it started (a
 * goal of someone's own) with one GetItem, and never needs to Scan.
 */
import { crc32 } from 'node:zlib';
import type { AttributeDefinition, AttributeValue, KeySchemaElement } from '@aws-sdk/client-dynamodb';
import type { ArrayShape } from './array-pages';
import type { PageLayout } from './page-layout';

/**
 * Bumped whenever the key format, item shape or page encoding changes. A reader trusts only a
 * manifest of its own version; anything else is a table that needs a reload.
 *   1: one item per position.  2: pages.  3: tables of byte arrays.  4: generations.
 *   5: a checksum in every page item.
 */
export const SCHEMA_VERSION = 5;

export const PARTITION_KEY = 'pk';
/** The binary attribute holding a page's bytes. */
export const PAGE_ATTRIBUTE = 'page';
/** The binary attribute holding the page's checksum (pageChecksum), 4 bytes, big-endian. */
export const CHECKSUM_ATTRIBUTE = 'crc32';
export const KEY_SCHEMA: KeySchemaElement[] = [{ AttributeName: PARTITION_KEY, KeyType: 'HASH' }];
export const ATTRIBUTE_DEFINITIONS: AttributeDefinition[] = [{ AttributeName: PARTITION_KEY, AttributeType: 'S' }];
export const DEFAULT_TABLE_NAME = 'tablebase';

/** Why `name` cannot name a DynamoDB table, or undefined when it can: the one rule for TABLE_NAME and --table. */
export function tableNameProblem(name: string): string | undefined {
  return /^[A-Za-z0-9_.-]{3,255}$/.test(name) ? undefined : `must be a DynamoDB table name (3 to 255 letters, digits, "_", "-" or "."); got "${name}"`;
}

/** An item costs one read unit up to 4 KB: pages are cut to fit, key and attribute names included. */
export const MAX_PAGE_ITEM_BYTES = 4096;
/** DynamoDB bills a write unit per started kilobyte of an item. */
export const WRITE_UNIT_BYTES = 1024;

export type DynamoItem = Record<string, AttributeValue>;

const number = (value: number): AttributeValue => ({ N: String(value) });

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

/** Generations are numbered 1 to this, then from 1 again (only two are ever kept). */
export const MAX_GENERATION = 99_999;

/** Where a page of a generation is stored: the page's own key, after its generation. */
export function generationKey(generation: number, key: string): string {
  return `g${generation}/${key}`;
}

/** Every page key of one generation of a logical table starts with this. */
export function generationPrefix(generation: number, table: TableId): string {
  return generationKey(generation, keyPrefix(table));
}

/** The generation after all of `taken` (the ones kept or being written), within 1..MAX_GENERATION. */
export function nextGeneration(taken: readonly number[]): number {
  let next = (Math.max(0, ...taken) % MAX_GENERATION) + 1;
  while (taken.includes(next)) next = (next % MAX_GENERATION) + 1;
  return next;
}

export function progressKey(table: TableId): string {
  return `progress#${table}`;
}

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
  return { M: { goal: { S: entry.goal }, whole: { BOOL: entry.whole }, depth: number(entry.depth) } };
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

/**
 * The checksum of a page item: CRC-32 over its stored key, then its bytes, so that a page's bytes
 * found under another key are refused as surely as a flipped bit. The page codec refuses only
 * bytes that no page can be; a bit flipped in a line's choices decodes to another line that is
 * just as valid, and only a checksum tells them apart. CRC-32 catches every single-bit flip and
 * every burst of up to 32 bits (as every 32-bit CRC does), and Node has it built in (zlib.crc32);
 * CRC32C gives the same two guarantees, and would need a package in the function's bundle.
 */
export function pageChecksum(key: string, bytes: Uint8Array): number {
  return crc32(bytes, crc32(key));
}

const checksumBytes = (checksum: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, checksum);
  return bytes;
};

export function pageItem(key: string, bytes: Uint8Array): DynamoItem {
  return { [PARTITION_KEY]: { S: key }, [PAGE_ATTRIBUTE]: { B: bytes }, [CHECKSUM_ATTRIBUTE]: { B: checksumBytes(pageChecksum(key, bytes)) } };
}

/** A stored item that is not a page of this schema, or a page changed since it was written. */
export class MalformedItemError extends Error {
  override readonly name = 'MalformedItemError';
}

const hex = (checksum: number) => `0x${checksum.toString(16).padStart(8, '0')}`;

/** A page item's bytes, once its checksum says they are the bytes written under its key. */
export function pageBytesOf(item: DynamoItem): Uint8Array {
  const key = item[PARTITION_KEY]?.S ?? '?';
  const bytes = item[PAGE_ATTRIBUTE]?.B;
  if (!(bytes instanceof Uint8Array)) throw new MalformedItemError(`item ${key} has no binary "${PAGE_ATTRIBUTE}" attribute`);
  const stored = item[CHECKSUM_ATTRIBUTE]?.B;
  if (!(stored instanceof Uint8Array) || stored.length !== 4) throw new MalformedItemError(`item ${key} has no 4-byte "${CHECKSUM_ATTRIBUTE}" attribute`);
  const expected = new DataView(stored.buffer, stored.byteOffset, 4).getUint32(0);
  const found = pageChecksum(key, bytes);
  if (found !== expected) {
    throw new MalformedItemError(`page ${key} does not match its checksum (CRC-32 ${hex(found)}, stored ${hex(expected)}): it was changed after it was written; reload the table`);
  }
  return bytes;
}

/** An item's size as DynamoDB counts it: attribute names plus values (strings and binaries here). */
export function itemBytes(item: DynamoItem): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(item)) {
    bytes += Buffer.byteLength(name);
    if (value.S !== undefined) bytes += Buffer.byteLength(value.S);
    else if (value.B !== undefined) bytes += value.B.length;
    else if (value.N !== undefined) bytes += Math.ceil(value.N.replace(/^-|\.|^0+/g, '').length / 2) + 1;
    else throw new RangeError(`itemBytes sizes string, binary and number attributes only (${name})`);
  }
  return bytes;
}

/** The bytes a page may hold under a key (stored after any generation's), for its item to stay within MAX_PAGE_ITEM_BYTES. */
export function pageCapacity(longestKey: string): number {
  return MAX_PAGE_ITEM_BYTES - itemBytes(pageItem(generationKey(MAX_GENERATION, longestKey), new Uint8Array(0)));
}

export function writeUnitsOf(bytes: number): number {
  return Math.ceil(bytes / WRITE_UNIT_BYTES);
}

/** Which load of a logical table: the same identity means the same pages. */
export interface LoadIdentity {
  readonly table: TableId;
  readonly schemaVersion: number;
  /** The goal: a goal board, or the goals of a table of several, comma-separated. */
  readonly goal: string;
  /** Deepest distance loaded (the depth asked for, or the whole space's). */
  readonly depth: number;
  readonly layout: PageLayout;
  /** Page items. */
  readonly pages: number;
}

/** What a completed load of one logical table wrote; its presence means "complete and verified". */
export interface Manifest extends LoadIdentity {
  /** The generation its pages are stored under. */
  readonly generation: number;
  /** Positions stored (absent ones are farther than `depth`). */
  readonly positions: number;
  /** levels[k]: positions exactly k moves from the goal (summed over the goals of a table of several). */
  readonly levels: readonly number[];
  /** Total size of the page items as DynamoDB counts it. */
  readonly bytes: number;
  /** Write units the load of every page costs (each item rounded up to a kilobyte). */
  readonly writeUnits: number;
  /** sha256 over every page's key (without its generation) and bytes, in load order: the same for the same pages in any generation. */
  readonly checksum: string;
  readonly completedAt: string;
  /** The positions farthest from their goal (at most FARTHEST_LISTED), farthest first. */
  readonly farthest: readonly FarthestPosition[];
  /**
   * Absent for a table of positions; 'arrays' for a table of named byte arrays (array-pages.ts),
   * whose `positions` are its bytes, `levels` how many bytes hold each value, and `arrays` its
   * arrays' names and lengths in load order.
   */
  readonly kind?: 'arrays';
  readonly arrays?: readonly ArrayShape[];
}

/** Positions the manifest lists as the table's farthest. */
export const FARTHEST_LISTED = 10;

/** One of a table's farthest positions, written as the API writes boards and lines. */
export interface FarthestPosition {
  /** The position, written as its puzzle's queries write it. */
  readonly board: string;
  /** The goal it is this far from (for a table of several goals, the one of its section). */
  readonly goal: string;
  readonly steps: number;
  /** The lex-min line, in its puzzle's move notation: cells, or letters. */
  readonly path: readonly number[] | string;
}

/** How far an interrupted load got: every page before `written` (in load order) is stored, under `generation`. */
export interface Progress extends LoadIdentity {
  readonly generation: number;
  readonly written: number;
}

/** A manifest written by another schema version: the table is there but this code cannot read it. */
export interface ForeignManifest {
  readonly table: string;
  readonly schemaVersion: number;
  readonly completedAt?: string;
  /** What that version called its item count, if it said. */
  readonly items?: number;
}

function identityAttributes(key: string, identity: LoadIdentity): DynamoItem {
  return {
    [PARTITION_KEY]: { S: key },
    table: { S: identity.table },
    schemaVersion: number(identity.schemaVersion),
    goal: { S: identity.goal },
    depth: number(identity.depth),
    ranks: number(identity.layout.ranks),
    ranksPerPage: number(identity.layout.ranksPerPage),
    multiplier: number(identity.layout.multiplier),
    pages: number(identity.pages),
  };
}

function readIdentity(item: DynamoItem): LoadIdentity {
  return {
    table: item.table.S!,
    schemaVersion: Number(item.schemaVersion.N),
    goal: item.goal.S!,
    depth: Number(item.depth.N),
    layout: { ranks: Number(item.ranks.N), ranksPerPage: Number(item.ranksPerPage.N), multiplier: Number(item.multiplier.N) },
    pages: Number(item.pages.N),
  };
}

/** The manifest as an item: the table's own (`manifestKey`), or kept as the previous one (`previousKey`). */
export function manifestItem(manifest: Manifest, key = manifestKey(manifest.table)): DynamoItem {
  return {
    ...identityAttributes(key, manifest),
    generation: number(manifest.generation),
    positions: number(manifest.positions),
    levels: { L: manifest.levels.map(number) },
    bytes: number(manifest.bytes),
    writeUnits: number(manifest.writeUnits),
    checksum: { S: manifest.checksum },
    completedAt: { S: manifest.completedAt },
    farthest: { S: JSON.stringify(manifest.farthest) },
    ...(manifest.kind === undefined ? {} : { kind: { S: manifest.kind } }),
    ...(manifest.arrays === undefined ? {} : { arrays: { S: JSON.stringify(manifest.arrays) } }),
  };
}

/** The version a stored manifest or progress item was written by. */
export function schemaVersionOf(item: DynamoItem): number {
  return Number(item.schemaVersion?.N ?? 1);
}

/** A manifest of this schema version, or what can be said of one written by another. */
export function readManifest(item: DynamoItem): Manifest | ForeignManifest {
  const version = schemaVersionOf(item);
  if (version !== SCHEMA_VERSION) {
    return {
      table: item.table?.S ?? '?',
      schemaVersion: version,
      completedAt: item.completedAt?.S,
      items: item.items?.N === undefined ? undefined : Number(item.items.N),
    };
  }
  try {
    return {
      ...readIdentity(item),
      generation: Number(item.generation.N),
      positions: Number(item.positions.N),
      levels: item.levels.L!.map((level) => Number(level.N)),
      bytes: Number(item.bytes.N),
      writeUnits: Number(item.writeUnits.N),
      checksum: item.checksum.S!,
      completedAt: item.completedAt.S!,
      farthest: JSON.parse(item.farthest.S!) as FarthestPosition[],
      ...(item.kind?.S === 'arrays' ? { kind: 'arrays' as const, arrays: JSON.parse(item.arrays.S!) as ArrayShape[] } : {}),
    };
  } catch {
    throw new MalformedItemError(`the manifest ${item[PARTITION_KEY]?.S ?? '?'} says schema version ${SCHEMA_VERSION} but lacks its fields`);
  }
}

export function isCurrent(manifest: Manifest | ForeignManifest): manifest is Manifest {
  return manifest.schemaVersion === SCHEMA_VERSION;
}

export function progressItem(progress: Progress): DynamoItem {
  return { ...identityAttributes(progressKey(progress.table), progress), generation: number(progress.generation), written: number(progress.written) };
}

/**
 * The generation a manifest or progress item names, whatever version wrote it (versions before 4
 * had none): the pages of another version's generation are this table's to remove once it is
 * replaced, and not to be written into meanwhile.
 */
export function generationNamed(item: DynamoItem): number | undefined {
  return item.generation?.N === undefined ? undefined : Number(item.generation.N);
}

/** The progress of a load, or undefined for one of another schema version (which is started afresh). */
export function readProgress(item: DynamoItem): Progress | undefined {
  if (schemaVersionOf(item) !== SCHEMA_VERSION) return undefined;
  return { ...readIdentity(item), generation: Number(item.generation.N), written: Number(item.written.N) };
}

export function sameIdentity(a: LoadIdentity, b: LoadIdentity): boolean {
  return (
    a.table === b.table &&
    a.schemaVersion === b.schemaVersion &&
    a.goal === b.goal &&
    a.depth === b.depth &&
    a.pages === b.pages &&
    a.layout.ranks === b.layout.ranks &&
    a.layout.ranksPerPage === b.layout.ranksPerPage &&
    a.layout.multiplier === b.layout.multiplier
  );
}
