import * as v from 'valibot';
import { toJsonSchema } from '@valibot/to-json-schema';
export const Knights = v.strictObject({ board: v.pipe(v.string(), v.description('the board')), goal: v.optional(v.string()), limit: v.optional(v.union([v.pipe(v.number(), v.integer()), v.string()])) });
export function checkKnights(value: unknown): string | undefined {
  const result = v.safeParse(Knights, value, { abortEarly: true });
  if (result.success) return undefined;
  const first = result.issues[0];
  return `${first.path?.map((p) => p.key).join('/') ?? ''} ${first.type}`;
}
export const jsonSchema = () => toJsonSchema(Knights);
