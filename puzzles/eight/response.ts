/** An eight answer, as the API writes it: types derived from its schema (type-only: the page reads them too). */
import type { InferOutput } from 'valibot';
import type { EightResponseSchema, EightMoveSchema } from './schema';

export type EightResponse = InferOutput<typeof EightResponseSchema>;
export type EightMoveResponse = InferOutput<typeof EightMoveSchema>;
