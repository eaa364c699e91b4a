/** A fifteen answer, as the API writes it: types derived from its schema (type-only: the page reads them too). */
import type { InferOutput } from 'valibot';
import type { FifteenResponseSchema, FifteenMoveSchema } from './schema';

export type FifteenResponse = InferOutput<typeof FifteenResponseSchema>;
export type FifteenMoveResponse = InferOutput<typeof FifteenMoveSchema>;
