/**
 * The API's answers as types, and nothing else: the function writes them (responses.ts), and the
 * page and `npm run ask` read them by type-only imports, which esbuild erases. No import here, so
 * that the page's browser-only type check can follow it.
 */

/** The puzzles, by their paths (/knights, /eight). */
export type PuzzleName = 'knights' | 'eight';

/** How an answer was found: the position's stored record, or the bounded search. */
export type AnswerSource = 'table' | 'search';

/** Whether the table could be read: "not configured" when the function has none. */
export type DynamoState = 'reachable' | 'unreachable' | 'not configured';

/** One of a table's farthest positions, as /stats lists them. */
export interface FarthestPositionResponse {
  /** Knights: the board as 5 rows joined by "/"; eight: the starting board's 9 characters. */
  readonly board: string;
  /** The goal it is this far from (for eight, the B of the pair). */
  readonly goal: string;
  readonly steps: number;
  /** The lex-min line: knights cells, or eight letters. */
  readonly path: readonly number[] | string;
}

export interface KnightsResponse {
  /** Moves in a shortest line to the goal, or -1 when that is more than the limit. */
  readonly steps: number;
  /** The lex-min shortest line: the cells the empty square moves to. */
  readonly path: number[];
  readonly source: AnswerSource;
  readonly cached: boolean;
  /** The board asked about, as 5 rows joined by "/". */
  readonly board: string;
  /** The goal's name (built in, or loaded with --goal), or its board when it is neither. */
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
  readonly source: AnswerSource;
  readonly cached: boolean;
  readonly from: string;
  readonly to: string;
  /** Every legal move (d, l, r, u order) and its value. */
  readonly moves: EightMoveResponse[];
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
  readonly puzzle: PuzzleName;
  /** The goal board (for eight, its 9 canonical goals, comma-separated). */
  readonly goal: string;
  /** Knights: the goal's name, which `goal=NAME` asks by. */
  readonly goalName?: string;
  /** Knights: the largest limit its questions accept (its depth once its whole table is loaded, else 39). */
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
      /** levels[k]: positions exactly k moves from the goal (for eight, summed over its 9 goals). */
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
