import { z } from 'zod';
export const Query = z.strictObject({ board: z.string().describe('the board'), goal: z.string().optional(), limit: z.union([z.number().int(), z.string()]).optional() });
export function checkQuery(value: unknown): string | undefined {
  const result = Query.safeParse(value);
  if (result.success) return undefined;
  const first = result.error.issues[0];
  return `${first.path.join('/')} ${first.code}`;
}
export const jsonSchema = () => z.toJSONSchema(Query);
