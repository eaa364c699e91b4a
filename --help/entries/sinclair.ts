import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
export const Query = Type.Object({ board: Type.String({ description: 'the board' }), goal: Type.Optional(Type.String()), limit: Type.Optional(Type.Union([Type.Integer(), Type.String()])) }, { additionalProperties: false });
export function checkQuery(value: unknown): string | undefined {
  if (Value.Check(Query, value)) return undefined;
  const first = Value.Errors(Query, value).First()!;
  return `${first.path} ${first.type}`;
}
export const jsonSchema = () => Query;
