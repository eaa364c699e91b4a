/** A knights answer, as the API writes it: types derived from its schema (type-only: the page reads them too). */
import type { InferOutput } from 'valibot';
import type { KnightsResponseSchema, KnightsMoveSchema } from './schema';

export type KnightsResponse = InferOutput<typeof KnightsResponseSchema>;
export type KnightsMoveResponse = InferOutput<typeof KnightsMoveSchema>;
