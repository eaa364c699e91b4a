/**
 * The API's shapes that every puzzle shares, as types derived from their schemas (api/schemas.ts)
 * and nothing else: how an answer was found, /health, /stats, errors and a solve's 202. The
 * function writes these (lambda/responses.ts); the page and `npm run ask` read them by type-only imports, which esbuild
 * erases: this file imports types only, so that the page stays free of the schema library's code.
 */
import type { InferOutput } from 'valibot';
import type {
  AnswerSourceSchema,
  BatchSolvingSchema,
  DynamoStateSchema,
  ErrorSchema,
  FarthestPositionSchema,
  HealthSchema,
  LoadedTableSchema,
  SolvingSchema,
  StatsSchema,
  TableHealthSchema,
  TableIdentitySchema,
  TableStatsSchema,
} from './schemas';

/** How an answer was found: the position's stored record, or the bounded search. */
export type AnswerSource = InferOutput<typeof AnswerSourceSchema>;
/** Whether the table could be read: "not configured" when the function has none. */
export type DynamoState = InferOutput<typeof DynamoStateSchema>;
/** One of a table's farthest positions, as /stats lists them. */
export type FarthestPositionResponse = InferOutput<typeof FarthestPositionSchema>;
/** Which puzzle and goal a table answers, loaded or not. */
export type TableIdentity = InferOutput<typeof TableIdentitySchema>;
/** What /health and /stats both say of a loaded table. */
export type LoadedTable = InferOutput<typeof LoadedTableSchema>;
export type TableHealthResponse = InferOutput<typeof TableHealthSchema>;
export type HealthResponse = InferOutput<typeof HealthSchema>;
export type TableStatsResponse = InferOutput<typeof TableStatsSchema>;
export type StatsResponse = InferOutput<typeof StatsSchema>;
export type ErrorResponse = InferOutput<typeof ErrorSchema>;
/** A 202: the question is being solved in the background. */
export type SolvingResponse = InferOutput<typeof SolvingSchema>;
/** A batch's slot for a question being solved in the background. */
export type BatchSolvingResponse = InferOutput<typeof BatchSolvingSchema>;
