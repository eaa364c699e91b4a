/**
 * The JSON of /health, /stats, errors and a solve's 202 (their types are in api/shapes.ts; each puzzle shapes its own
 * answers), written field by field from the domain's results, never spread from them, so that a
 * field added to a domain object does not leak into the API unnoticed.
 */
import type { BatchSolvingResponse, ErrorResponse, HealthResponse, LoadedTable, SolvingResponse, StatsResponse, TableHealthResponse, TableStatsResponse } from '../api/shapes';
import type { SolvingInBackgroundError } from './background-solves';
import type { Health, TableHealth } from './health-report';

export function healthResponse(health: Health): HealthResponse {
  const tables: Record<string, TableHealthResponse> = {};
  for (const [id, table] of Object.entries(health.tables)) tables[id] = tableHealth(table);
  const { estimates } = health;
  return health.degraded === undefined ? { status: 'ok', dynamodb: health.dynamodb, tables, estimates } : { status: 'degraded', message: health.degraded, dynamodb: health.dynamodb, tables, estimates };
}

/** What both say of a loaded table: its identity, then the manifest's figures. */
function loaded(table: TableHealth & { state: 'loaded' }): LoadedTable {
  const { positions, levels, pages, bytes, writeUnits } = table.manifest;
  return { state: 'loaded', ...identity(table), depth: levels.length - 1, whole: positions === table.facts.spacePositions, positions, pages, bytes, writeUnits };
}

function identity({ facts }: TableHealth) {
  const { puzzle, goal, goalName, maxLimit } = facts.identity;
  return { puzzle, goal, ...(goalName === undefined ? {} : { goalName }), ...(maxLimit === undefined ? {} : { maxLimit }) };
}

function tableHealth(table: TableHealth): TableHealthResponse {
  switch (table.state) {
    case 'loaded': {
      const { schemaVersion, generation, completedAt, checksum } = table.manifest;
      return { ...loaded(table), schemaVersion, generation, completedAt, checksum };
    }
    case 'outdated':
      return { state: 'outdated', ...identity(table), schemaVersion: table.schemaVersion, message: table.message };
    default:
      return { state: table.state, ...identity(table) };
  }
}

export function statsResponse(health: Health): StatsResponse {
  const tables: Record<string, TableStatsResponse> = {};
  for (const [id, table] of Object.entries(health.tables)) tables[id] = tableStats(id, table);
  return { dynamodb: health.dynamodb, tables };
}

function tableStats(id: string, table: TableHealth): TableStatsResponse {
  if (table.state === 'loaded') {
    const { levels, farthest, arrays } = table.manifest;
    return {
      ...loaded(table),
      levels: [...levels],
      farthest,
      ...(arrays === undefined ? {} : { arrays: arrays.map(({ name, length }) => ({ name, entries: length })) }),
    };
  }
  const options = [...table.facts.loadOptions, ...(table.state === 'outdated' ? ['--force'] : [])];
  const why = {
    missing: 'is not loaded',
    outdated: 'was loaded by an older version',
    unknown: 'cannot be read now (DynamoDB did not answer)',
  }[table.state];
  return {
    state: table.state,
    ...identity(table),
    message: `The ${id} table ${why}, so its questions are answered by search and its counts per distance are not known here; load it with npm run precompute -- ${options.join(' ')} (locally: npm start).`,
    spacePositions: table.facts.spacePositions,
  };
}

export function errorResponse(message: string): ErrorResponse {
  return { error: message };
}

/** The 202's body for a question being solved in the background: what the page and a client read. */
export function solvingResponse(solving: SolvingInBackgroundError): SolvingResponse {
  return { status: 'solving', since: new Date(solving.since).toISOString(), seconds: solving.seconds, message: solving.message };
}

/** A batch's slot for such a question: what it alone would get, its status and Location included. */
export function batchSolvingResponse(solving: SolvingInBackgroundError): BatchSolvingResponse {
  return { status: 202, since: new Date(solving.since).toISOString(), seconds: solving.seconds, message: solving.message, location: solving.location };
}
