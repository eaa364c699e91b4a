/**
 * A load's own items: the manifest its completed, verified load writes last (its presence means the
 * table answers, from the generation it names), the one it replaced (kept for a rollback), and the
 * progress of a load under way; each written with the schema version, which a reader checks first.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { ArrayShape } from './array-pages';
import type { PageLayout } from '../packing/page-layout';
import { type TableId, manifestKey, progressKey } from './table-keys';
import { type DynamoItem, MalformedItemError, PARTITION_KEY } from './table-schema';

/**
 * Bumped whenever the key format, item shape or page encoding changes. A reader trusts only a
 * manifest of its own version; anything else is a table that needs a reload.
 *   1: one item per position.  2: pages.  3: tables of byte arrays.  4: generations.
 *   5: a checksum in every page item.  6: a goal is a goal board; what a table is made of is its `parts`.
 */
export const SCHEMA_VERSION = 6;

const number = (value: number): AttributeValue => ({ N: String(value) });

/** Which load of a logical table: the same identity means the same pages. */
export interface LoadIdentity {
  readonly table: TableId;
  readonly schemaVersion: number;
  /** The goal: a goal board, or the goals of a table of several, comma-separated. */
  readonly goal: string;
  /** What the table is made of, when a goal can be stored more than one way (TableSpec's `parts`). */
  readonly parts?: string;
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
    ...(identity.parts === undefined ? {} : { parts: { S: identity.parts } }),
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
    ...(item.parts?.S === undefined ? {} : { parts: item.parts.S }),
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
    a.parts === b.parts &&
    a.depth === b.depth &&
    a.pages === b.pages &&
    a.layout.ranks === b.layout.ranks &&
    a.layout.ranksPerPage === b.layout.ranksPerPage &&
    a.layout.multiplier === b.layout.multiplier
  );
}
