/**
 * The tables the page store's tests read and never write: the knights table to depth 10 and the whole
 * eight table, in one DynamoDB table. A test file loads them before its tests; a run that gives every
 * file the same ones (the store's mutation run, where each mutant would load them again) loads them
 * once in its global setup and provides them.
 */
import { randomUUID } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { inject } from 'vitest';
import { eightSpec } from '../../puzzles/eight/offline/loads';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { loadTable } from '../../store/loader';
import type { Manifest } from '../../store/manifests';
import { ensureTable } from '../../store/table-admin';

export interface ReaderTables {
  tableName: string;
  knights: Manifest;
  eight: Manifest;
}

declare module 'vitest' {
  export interface ProvidedContext {
    readerTables?: ReaderTables;
  }
}

export async function loadReaderTables(client: DynamoDBClient, tableName: string): Promise<ReaderTables> {
  await ensureTable(client, tableName);
  const knights = (await loadTable(client, knightsSpec('standard', 10), { tableName, concurrency: 8 })).manifest;
  const eight = (await loadTable(client, eightSpec(), { tableName, concurrency: 8 })).manifest;
  return { tableName, knights, eight };
}

/** The provided tables, or these loaded now into a table of their own. */
export async function readerTables(client: DynamoDBClient): Promise<ReaderTables> {
  return inject('readerTables') ?? loadReaderTables(client, `reader-${randomUUID().slice(0, 8)}`);
}
