/**
 * The Eight II query and answer, declared once: queryOf checks a query's structure against
 * EightQuerySchema, response.ts derives the answer's type from EightResponseSchema, and
 * /openapi.json describes both, with these samples.
 */
import * as v from 'valibot';
import { AnswerSourceSchema, int, list } from '../../api/schemas';

const board = (description: string, example: string) =>
  v.pipe(v.string(), v.description(`${description}: 9 characters row by row, the tiles 1 to 8 and X for the blank (x is read as X).`), v.examples([example]));

export const EightQuerySchema = v.strictObject({
  from: board('The board to start from', '12X453786'),
  to: board('The board to reach', '12345678X'),
});

export const EightMoveSchema = v.strictObject({
  move: v.pipe(v.picklist(['d', 'l', 'r', 'u']), v.description('The blank\'s move: d, l, r or u.')),
  steps: int('Moves to the goal after this one.'),
  optimal: v.pipe(v.boolean(), v.description('Whether it leads one step closer.')),
});

export const EightResponseSchema = v.strictObject({
  steps: int('Moves in a shortest line from "from" to "to".'),
  path: v.pipe(v.string(), v.regex(/^[dlru]*$/), v.description('The lex-min shortest line as the letters d, l, r, u (the blank\'s moves).')),
  source: AnswerSourceSchema,
  cached: v.pipe(v.boolean(), v.description('Whether the answer came from this instance\'s cache of recent answers.')),
  from: v.pipe(v.string(), v.description('The board asked from, as 9 characters.')),
  to: v.pipe(v.string(), v.description('The board asked to, as 9 characters.')),
  moves: v.pipe(list(EightMoveSchema), v.description('Every legal move (d, l, r, u order) and its value.')),
});

/** The judge's samples, asked and answered (the handler's tests get these very answers). */
export const EIGHT_SAMPLES = [
  {
    summary: 'Two moves down',
    query: { from: '12X453786', to: '12345678X' },
    answer: {
      steps: 2,
      path: 'dd',
      source: 'table',
      cached: false,
      from: '12X453786',
      to: '12345678X',
      moves: [
        { move: 'd', steps: 1, optimal: true },
        { move: 'l', steps: 3, optimal: false },
      ],
    },
  },
] as const;

/** The judge's sample (Eight II): its input and the output the judge expects. */
export const EIGHT_JUDGE_SAMPLE = {
  input: '2\n12X453786\n12345678X\n564178X23\n7568X4123\n',
  output: 'Case 1: 2\ndd\nCase 2: 8\nurrulldr\n',
};
