import { Type } from 'typebox';
import { Value } from 'typebox/value';
export const Knights = Type.Object({ board: Type.String({ description: 'the board' }), goal: Type.Optional(Type.String()), limit: Type.Optional(Type.Union([Type.Integer(), Type.String()])) }, { additionalProperties: false });
export const Eight = Type.Object({ from: Type.String(), to: Type.String() }, { additionalProperties: false });
export function check(schema: typeof Knights | typeof Eight, value: unknown): string | undefined {
  if (Value.Check(schema, value)) return undefined;
  const [first] = Value.Errors(schema, value);
  return `${first.instancePath} ${first.keyword}`;
}
export const checkKnights = (v: unknown) => check(Knights, v);
export const jsonSchema = () => Knights;
