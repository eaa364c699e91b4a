import * as v from 'valibot';
import { toJsonSchema } from '@valibot/to-json-schema';
export const Query = v.strictObject({ board: v.pipe(v.string(), v.description('the board')), goal: v.optional(v.string()), limit: v.optional(v.union([v.pipe(v.number(), v.integer()), v.string()])) });
export function checkQuery(value: unknown): string | undefined {
  const result = v.safeParse(Query, value, { abortEarly: true });
  if (result.success) return undefined;
  const first = result.issues[0];
  return `${first.path?.map((p) => p.key).join('/') ?? ''} ${first.type}`;
}
export const jsonSchema = () => toJsonSchema(Query);
