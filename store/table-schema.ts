/**
 * The DynamoDB table, in one place for the loader (scripts/), the function (lambda/), the stack
 * (lib/) and the tests: key schema, key format, item shape and manifest.
 *
 * One table, partition key only. Every precomputed position is one item whose key names the
 * table it belongs to and the position itself, readable at a glance:
 *
 *   knights#standard#10110/01*11/10111/01001/00000  -> { steps: 7, path: "4,13,16,7,10,1,12" }
 *   eight#12345678X#12X453786                        -> { steps: 2, path: "dd" }
 *
 * (An eight key holds the starting board relabelled for its canonical goal; see core/eight.)
 * Each logical table also has a manifest item, written only once its load is complete and
 * verified, and while loading a progress item that lets an interrupted load resume.
 */
import type { AttributeValue, KeySchemaElement, AttributeDefinition } from '@aws-sdk/client-dynamodb';
import { type EightBoard, formatEightBoard } from '../core/eight/board';
import { CANONICAL_GOALS } from '../core/eight/canonical';
import { type KnightsBoard, formatKnightsBoard } from '../core/knights/board';
import type { KnightsGoalName } from '../core/knights/goals';

/** Bumped whenever the key format or item shape changes: older loads are then reloaded. */
export const SCHEMA_VERSION = 1;

export const PARTITION_KEY = 'pk';
export const KEY_SCHEMA: KeySchemaElement[] = [{ AttributeName: PARTITION_KEY, KeyType: 'HASH' }];
export const ATTRIBUTE_DEFINITIONS: AttributeDefinition[] = [{ AttributeName: PARTITION_KEY, AttributeType: 'S' }];
export const DEFAULT_TABLE_NAME = 'tablebase';

export type DynamoItem = Record<string, AttributeValue>;

/** A logical table: the knights positions around one goal, or the eight positions of all 9 goals. */
export type TableId = `knights#${KnightsGoalName}` | 'eight';

export function knightsTableId(goal: KnightsGoalName): TableId {
  return `knights#${goal}`;
}
export const EIGHT_TABLE_ID: TableId = 'eight';

/** Every item key of a logical table starts with this. */
export function keyPrefix(table: TableId): string {
  return `${table}#`;
}

export function knightsKey(goal: KnightsGoalName, board: KnightsBoard): string {
  return `${keyPrefix(knightsTableId(goal))}${formatKnightsBoard(board)}`;
}

export function eightKey(goalIndex: number, relabelledFrom: EightBoard): string {
  return `${keyPrefix(EIGHT_TABLE_ID)}${formatEightBoard(CANONICAL_GOALS[goalIndex])}#${formatEightBoard(relabelledFrom)}`;
}

export function manifestKey(table: TableId): string {
  return `manifest#${table}`;
}

export function progressKey(table: TableId): string {
  return `progress#${table}`;
}

/** A position's answer as stored: the distance and the lex-min shortest line to the goal. */
export interface PositionRecord {
  readonly key: string;
  readonly steps: number;
  /** Knights: the cells joined by ","; eight: the move letters. Empty at the goal. */
  readonly path: string;
}

export function positionItem(record: PositionRecord): DynamoItem {
  const item: DynamoItem = { [PARTITION_KEY]: { S: record.key }, steps: { N: String(record.steps) } };
  if (record.path !== '') item.path = { S: record.path };
  return item;
}

export function readPosition(item: DynamoItem): PositionRecord {
  return { key: item[PARTITION_KEY].S!, steps: Number(item.steps.N), path: item.path?.S ?? '' };
}

export function knightsPathText(path: readonly number[]): string {
  return path.join(',');
}

export function knightsPathFromText(text: string): number[] {
  return text === '' ? [] : text.split(',').map(Number);
}

/** Which load of a logical table: the same identity means the same content. */
export interface LoadIdentity {
  readonly table: TableId;
  readonly schemaVersion: number;
  /** The goal: a knights goal board, or the 9 canonical goals for eight. */
  readonly goal: string;
  /** Deepest distance loaded (knights: the requested depth; eight: the whole space). */
  readonly depth: number;
  readonly items: number;
}

/** What a completed load of one logical table wrote; its presence means "complete and verified". */
export interface Manifest extends LoadIdentity {
  /** sha256 over every item's key, distance and line, in generation order. */
  readonly checksum: string;
  readonly completedAt: string;
}

/** How far an interrupted load got: every item before `written` (in generation order) is stored. */
export interface Progress extends LoadIdentity {
  readonly written: number;
}

function identityAttributes(key: string, identity: LoadIdentity): DynamoItem {
  return {
    [PARTITION_KEY]: { S: key },
    table: { S: identity.table },
    schemaVersion: { N: String(identity.schemaVersion) },
    goal: { S: identity.goal },
    depth: { N: String(identity.depth) },
    items: { N: String(identity.items) },
  };
}

function readIdentity(item: DynamoItem): LoadIdentity {
  return {
    table: item.table.S as TableId,
    schemaVersion: Number(item.schemaVersion.N),
    goal: item.goal.S!,
    depth: Number(item.depth.N),
    items: Number(item.items.N),
  };
}

export function manifestItem(manifest: Manifest): DynamoItem {
  return {
    ...identityAttributes(manifestKey(manifest.table), manifest),
    checksum: { S: manifest.checksum },
    completedAt: { S: manifest.completedAt },
  };
}

export function readManifest(item: DynamoItem): Manifest {
  return { ...readIdentity(item), checksum: item.checksum.S!, completedAt: item.completedAt.S! };
}

export function progressItem(progress: Progress): DynamoItem {
  return { ...identityAttributes(progressKey(progress.table), progress), written: { N: String(progress.written) } };
}

export function readProgress(item: DynamoItem): Progress {
  return { ...readIdentity(item), written: Number(item.written.N) };
}
