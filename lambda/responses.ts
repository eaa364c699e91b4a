/**
 * The JSON the API answers with, one named type per answer, written field by field from the
 * domain's results (never spread from them, so that a field added to a domain object does not
 * leak into the API unnoticed).
 */
import { formatEightBoard } from '../core/eight/board';
import type { EightQuery } from '../core/eight/query';
import { formatKnightsBoard } from '../core/knights/board';
import type { KnightsQuery } from '../core/knights/query';
import type { Manifest } from '../store/table-schema';
import type { EightResult, Health, KnightsResult, Source, TableHealth } from './tablebase';

export interface KnightsResponse {
  /** Moves in a shortest line to the goal, or -1 when that is more than the limit. */
  readonly steps: number;
  /** The lex-min shortest line: the cells the empty square moves to. */
  readonly path: number[];
  readonly source: Source;
  readonly cached: boolean;
  /** The board asked about, as 5 rows joined by "/". */
  readonly board: string;
  /** The goal's registry name, or its board when the client gave one of its own. */
  readonly goal: string;
  readonly limit: number;
}

export interface EightResponse {
  readonly steps: number;
  /** The lex-min shortest line as the letters d, l, r, u. */
  readonly path: string;
  readonly source: Source;
  readonly cached: boolean;
  readonly from: string;
  readonly to: string;
}

export interface HealthResponse {
  readonly status: 'ok';
  readonly dynamodb: Health['dynamodb'];
  readonly tables: Record<string, TableHealthResponse>;
}

export type TableHealthResponse =
  | { readonly state: 'loaded'; readonly manifest: Manifest }
  | { readonly state: 'missing' | 'unknown' }
  | { readonly state: 'outdated'; readonly schemaVersion: number; readonly message: string };

export interface ErrorResponse {
  /** A sentence a person understands: what was wrong and what to send instead. */
  readonly error: string;
}

export function knightsResponse(query: KnightsQuery, answer: KnightsResult): KnightsResponse {
  return {
    steps: answer.steps,
    path: [...answer.path],
    source: answer.source,
    cached: answer.cached,
    board: formatKnightsBoard(query.board),
    goal: query.goal.name ?? formatKnightsBoard(query.goal.board),
    limit: query.limit,
  };
}

export function eightResponse(query: EightQuery, answer: EightResult): EightResponse {
  return { steps: answer.steps, path: answer.path, source: answer.source, cached: answer.cached, from: formatEightBoard(query.from), to: formatEightBoard(query.to) };
}

export function healthResponse(health: Health): HealthResponse {
  const tables: Record<string, TableHealthResponse> = {};
  for (const [id, table] of Object.entries(health.tables)) tables[id] = tableHealth(table);
  return { status: 'ok', dynamodb: health.dynamodb, tables };
}

function tableHealth(table: TableHealth): TableHealthResponse {
  switch (table.state) {
    case 'loaded':
      return { state: 'loaded', manifest: table.manifest };
    case 'outdated':
      return { state: 'outdated', schemaVersion: table.schemaVersion, message: table.message };
    default:
      return { state: table.state };
  }
}

export function errorResponse(message: string): ErrorResponse {
  return { error: message };
}
