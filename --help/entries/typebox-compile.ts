import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
export const Query = Type.Object({ board: Type.String({ description: 'the board' }), goal: Type.Optional(Type.String()), limit: Type.Optional(Type.Union([Type.Integer(), Type.String()])) }, { additionalProperties: false });
const K = Compile(Query);
export function checkQuery(value: unknown): string | undefined {
  if (K.Check(value)) return undefined;
  const [first] = K.Errors(value);
  return `${first.instancePath} ${first.keyword}`;
}
export const jsonSchema = () => Query;
