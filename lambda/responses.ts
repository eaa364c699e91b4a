/**
 * The JSON the API answers with (its types are in api.ts), written field by field from the
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
import { EIGHT_TABLE_ID } from '../store/table-schema';
import type { EightResponse, ErrorResponse, HealthResponse, KnightsResponse, StatsResponse, TableHealthResponse, TableStatsResponse } from './api';
import type { EightResult, Health, KnightsResult, TableHealth, Valued } from './tablebase';


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
