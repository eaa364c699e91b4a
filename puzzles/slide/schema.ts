/** The 2x3 sliding puzzle's query and answer, declared once, as every puzzle declares them. */
import * as v from 'valibot';
import { AnswerSourceSchema, int, list } from '../../api/schemas';

export const SlideQuerySchema = v.strictObject({
  board: v.pipe(v.string(), v.description('The board: the digits 0 to 5 row by row, 0 the blank.'), v.examples(['123405'])),
});

export const SlideResponseSchema = v.strictObject({
  steps: int('Moves in a shortest line to 123450.'),
  path: v.pipe(v.string(), v.regex(/^[dlru]*$/), v.description('The lex-min shortest line as the blank\'s moves d, l, r, u.')),
  source: AnswerSourceSchema,
  cached: v.boolean(),
  board: v.string(),
  moves: list(v.strictObject({ move: v.picklist(['d', 'l', 'r', 'u']), steps: int('Moves after this one.'), optimal: v.boolean() })),
});

export const SLIDE_SAMPLES = [
  {
    summary: 'One move right',
    query: { board: '123405' },
    answer: {
      steps: 1,
      path: 'r',
      source: 'table',
      cached: false,
      board: '123405',
      moves: [
        { move: 'l', steps: 2, optimal: false },
        { move: 'r', steps: 0, optimal: true },
        { move: 'u', steps: 2, optimal: false },
      ],
    },
  },
] as const;
