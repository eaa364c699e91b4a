import * as z from 'zod/mini';
export const Query = z.strictObject({ board: z.string(), goal: z.optional(z.string()), limit: z.optional(z.union([z.int(), z.string()])) });
export function checkQuery(value: unknown): string | undefined {
  const result = Query.safeParse(value);
  if (result.success) return undefined;
  const first = result.error.issues[0];
  return `${first.path.join('/')} ${first.code}`;
}
export const jsonSchema = () => z.toJSONSchema(Query);
