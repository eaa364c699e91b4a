/**
 * The JSON the API answers with, one named type per answer, written field by field from the
 * domain's results (never spread from them, so that a field added to a domain object does not
 * leak into the API unnoticed).
 */
import { CELLS, MOVE_LETTERS, formatEightBoard } from '../core/eight/board';
import { EIGHT_POSITIONS } from '../core/eight/space';
import { KNIGHTS_POSITIONS } from '../core/knights/space';
import type { MoveValue } from '../core/move-values';
import type { EightQuery } from '../core/eight/query';
import { formatKnightsBoard } from '../core/knights/board';
import { type KnightsQuery, MAX_LIMIT } from '../core/knights/query';
import { EIGHT_TABLE_ID, type Manifest } from '../store/table-schema';
import type { EightResult, Health, KnightsResult, Source, TableHealth, Valued } from './tablebase';

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
  /** Every legal move (the cell the empty square jumps to, ascending) and its value. */
  readonly moves: KnightsMoveResponse[];
}

export interface KnightsMoveResponse {
  readonly move: number;
  /** Moves to the goal after this one; -1 past the limit. */
  readonly steps: number;
  /** Whether it leads one step closer (within the limit). */
  readonly optimal: boolean;
}

export interface EightMoveResponse {
  /** The blank's move: d, l, r or u. */
  readonly move: string;
  readonly steps: number;
  readonly optimal: boolean;
}

export interface EightResponse {
  readonly steps: number;
  /** The lex-min shortest line as the letters d, l, r, u. */
  readonly path: string;
  readonly source: Source;
  readonly cached: boolean;
  readonly from: string;
  readonly to: string;
  /** Every legal move (d, l, r, u order) and its value. */
  readonly moves: EightMoveResponse[];
}

export interface HealthResponse {
  readonly status: 'ok';
  readonly dynamodb: Health['dynamodb'];
  readonly tables: Record<string, TableHealthResponse>;
}

export type TableHealthResponse =
  | {
      readonly state: 'loaded';
      /** The goal board (for eight, its 9 canonical goals). */
      readonly goal: string;
      /** The deepest distance the table holds. */
      readonly depth: number;
      readonly positions: number;
      readonly pages: number;
      readonly bytes: number;
      readonly writeUnits: number;
      /** The version of the page format the table was written in (this one reads only its own). */
      readonly schemaVersion: number;
      /** When its load completed and was verified (ISO 8601). */
      readonly completedAt: string;
      /** sha256 over every page, in load order: two loads with one checksum stored the same bytes. */
      readonly checksum: string;
    }
  | { readonly state: 'missing' | 'unknown' }
  | { readonly state: 'outdated'; readonly schemaVersion: number; readonly message: string };

export interface StatsResponse {
  readonly dynamodb: Health['dynamodb'];
  readonly tables: Record<string, TableStatsResponse>;
}

export type TableStatsResponse =
  | {
      readonly state: 'loaded';
      readonly goal: string;
      /** The deepest distance the table holds. */
      readonly depth: number;
      /** Positions stored: the sum of levels. */
      readonly positions: number;
      /** levels[k]: positions exactly k moves from the goal (for eight, summed over its 9 goals). */
      readonly levels: readonly number[];
      readonly farthest: Manifest['farthest'];
      readonly pages: number;
      readonly bytes: number;
      /** What writing the pages cost (DynamoDB write units). */
      readonly writeUnits: number;
    }
  | {
      readonly state: 'missing' | 'outdated' | 'unknown';
      /** What that means for answers, and how to load the table. */
      readonly message: string;
      /** The positions of the table's whole space, which the core states without any table. */
      readonly spacePositions: number;
    };

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
    moves: movesOf(answer).map(({ move, steps, optimal }) => ({ move, steps, optimal })),
  };
}

export function eightResponse(query: EightQuery, answer: EightResult): EightResponse {
  return {
    steps: answer.steps,
    path: answer.path,
    source: answer.source,
    cached: answer.cached,
    from: formatEightBoard(query.from),
    to: formatEightBoard(query.to),
    moves: movesOf(answer).map(({ move, steps, optimal }) => ({ move: MOVE_LETTERS[move], steps, optimal })),
  };
}

function movesOf(answer: Valued): readonly MoveValue[] {
  if (!answer.moves) throw new Error('a JSON answer was asked for without its moves valued');
  return answer.moves;
}

export function healthResponse(health: Health): HealthResponse {
  const tables: Record<string, TableHealthResponse> = {};
  for (const [id, table] of Object.entries(health.tables)) tables[id] = tableHealth(table);
  return { status: 'ok', dynamodb: health.dynamodb, tables };
}

function tableHealth(table: TableHealth): TableHealthResponse {
  switch (table.state) {
    case 'loaded': {
      const { goal, depth, positions, pages, bytes, writeUnits, schemaVersion, completedAt, checksum } = table.manifest;
      return { state: 'loaded', goal, depth, positions, pages, bytes, writeUnits, schemaVersion, completedAt, checksum };
    }
    case 'outdated':
      return { state: 'outdated', schemaVersion: table.schemaVersion, message: table.message };
    default:
      return { state: table.state };
  }
}

export function statsResponse(health: Health): StatsResponse {
  const tables: Record<string, TableStatsResponse> = {};
  for (const [id, table] of Object.entries(health.tables)) tables[id] = tableStats(id, table);
  return { dynamodb: health.dynamodb, tables };
}

function tableStats(id: string, table: TableHealth): TableStatsResponse {
  if (table.state === 'loaded') {
    const { goal, depth, positions, levels, farthest, pages, bytes, writeUnits } = table.manifest;
    return { state: 'loaded', goal, depth, positions, levels: [...levels], farthest, pages, bytes, writeUnits };
  }
  const isEight = id === EIGHT_TABLE_ID;
  const options = [...(isEight ? [] : [`--knights-depth ${MAX_LIMIT}`]), ...(table.state === 'outdated' ? ['--force'] : [])];
  const load = options.length > 0 ? `npm run precompute -- ${options.join(' ')}` : 'npm run precompute';
  const why = {
    missing: 'is not loaded',
    outdated: 'was loaded by an older version',
    unknown: 'cannot be read now (DynamoDB did not answer)',
  }[table.state];
  return {
    state: table.state,
    message: `The ${id} table ${why}, so its questions are answered by search and its counts per distance are not known here; load it with ${load} (locally: npm start).`,
    // Every arrangement of the knights; for eight, the half of the 9! boards of each goal's parity, for 9 goals.
    spacePositions: isEight ? CELLS * (EIGHT_POSITIONS / 2) : KNIGHTS_POSITIONS,
  };
}

export function errorResponse(message: string): ErrorResponse {
  return { error: message };
}
