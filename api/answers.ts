/**
 * The API's shapes that every puzzle shares, as types and nothing else: how an answer was found,
 * /health, /stats and errors. Each puzzle declares its own query and answer in its folder. The
 * function writes these (lambda/responses.ts); the page and `npm run ask` read them by type-only
 * imports, which esbuild erases. No import here, so that the page's browser-only type check can
 * follow it.
 */


/** How an answer was found: the position's stored record, or the bounded search. */
export type AnswerSource = 'table' | 'search';

/** Whether the table could be read: "not configured" when the function has none. */
export type DynamoState = 'reachable' | 'unreachable' | 'not configured';

/** One of a table's farthest positions, as /stats lists them. */
export interface FarthestPositionResponse {
  /** The position, written as its puzzle's queries write it. */
  readonly board: string;
  /** The goal it is this far from. */
  readonly goal: string;
  readonly steps: number;
  /** The lex-min line, in its puzzle's move notation: cells, or letters. */
  readonly path: readonly number[] | string;
}





export interface HealthResponse {
  /** "ok" (200) when the tables can answer now; "degraded" (503) when answers come by search. */
  readonly status: 'ok' | 'degraded';
  /** Why it is degraded, in a sentence. */
  readonly message?: string;
  readonly dynamodb: DynamoState;
  readonly tables: Record<string, TableHealthResponse>;
}

/** Which puzzle and goal a table answers, loaded or not. */
export interface TableIdentity {
  /** The puzzle, by its path. */
  readonly puzzle: string;
  /** The goal board, or the goals of a table of several, comma-separated. */
  readonly goal: string;
  /** For a puzzle whose questions name a goal: the goal's name, which `goal=NAME` asks by. */
  readonly goalName?: string;
  /** For a puzzle whose questions have a move limit: the largest this table's questions accept. */
  readonly maxLimit?: number;
}

/** What /health and /stats both say of a loaded table. */
export interface LoadedTable extends TableIdentity {
  readonly state: 'loaded';
  /** The farthest distance the table holds. */
  readonly depth: number;
  /** Every position of the space is in it: `depth` is the goal's true depth (its farthest positions). */
  readonly whole: boolean;
  /** Positions stored: the sum of the levels. */
  readonly positions: number;
  readonly pages: number;
  /** The pages' size as DynamoDB counts items. */
  readonly bytes: number;
  /** What writing the pages cost (DynamoDB write units). */
  readonly writeUnits: number;
}

export type TableHealthResponse =
  | (LoadedTable & {
      /** The version of the page format the table was written in (this one reads only its own). */
      readonly schemaVersion: number;
      /** When its load completed and was verified (ISO 8601). */
      readonly completedAt: string;
      /** sha256 over every page, in load order: two loads with one checksum stored the same bytes. */
      readonly checksum: string;
    })
  | (TableIdentity & { readonly state: 'missing' | 'unknown' })
  | (TableIdentity & { readonly state: 'outdated'; readonly schemaVersion: number; readonly message: string });

export interface StatsResponse {
  readonly dynamodb: DynamoState;
  readonly tables: Record<string, TableStatsResponse>;
}

export type TableStatsResponse =
  | (LoadedTable & {
      /** levels[k]: positions exactly k moves from the goal (summed over the goals of a table of several). */
      readonly levels: readonly number[];
      readonly farthest: readonly FarthestPositionResponse[];
    })
  | (TableIdentity & {
      readonly state: 'missing' | 'outdated' | 'unknown';
      /** What that means for answers, and how to load the table. */
      readonly message: string;
      /** The positions of the table's whole space, which the core states without any table. */
      readonly spacePositions: number;
    });

export interface ErrorResponse {
  /** A sentence a person understands: what was wrong and what to send instead. */
  readonly error: string;
}
