import { Type } from 'typebox';
import { Value } from 'typebox/value';
export const Query = Type.Object({ board: Type.String({ description: 'the board' }), goal: Type.Optional(Type.String()), limit: Type.Optional(Type.Union([Type.Integer(), Type.String()])) }, { additionalProperties: false });
export const Pair = Type.Object({ from: Type.String(), to: Type.String() }, { additionalProperties: false });
export function check(schema: typeof Query | typeof Pair, value: unknown): string | undefined {
  if (Value.Check(schema, value)) return undefined;
  const [first] = Value.Errors(schema, value);
  return `${first.instancePath} ${first.keyword}`;
}
export const checkQuery = (v: unknown) => check(Query, v);
export const jsonSchema = () => Query;
