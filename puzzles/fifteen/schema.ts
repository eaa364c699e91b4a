/**
 * The 15-puzzle's query and answer, declared once: queryOf checks a query's structure against
 * FifteenQuerySchema, response.ts derives the answer's type from FifteenResponseSchema, and
 * /openapi.json describes both, with these samples.
 */
import * as v from 'valibot';
import { AnswerSourceSchema, int, list } from '../../api/schemas';

export const FifteenQuerySchema = v.strictObject({
  board: v.pipe(
    v.union([v.string(), v.array(v.number())]),
    v.description('The board: 16 whole numbers row by row, the tiles 1 to 15 and 0 for the blank, as text (commas, spaces and "/" between them are all separators) or a JSON array of 16 integers (one flat list, row after row; numbers, not strings).'),
    v.examples(['2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15']),
  ),
});

export const FifteenMoveSchema = v.strictObject({
  move: v.pipe(v.picklist(['d', 'l', 'r', 'u']), v.description("The blank's move: d, l, r or u.")),
  steps: int('Moves to the goal after this one.'),
  optimal: v.pipe(v.boolean(), v.description('Whether it leads one step closer.')),
});

export const FifteenResponseSchema = v.strictObject({
  steps: int('Moves in a shortest line to the goal.'),
  path: v.pipe(v.string(), v.regex(/^[dlru]*$/), v.description("The lex-min shortest line as the letters d, l, r, u (the blank's moves).")),
  source: AnswerSourceSchema,
  heuristic: v.pipe(
    v.string(),
    v.description('The estimate the search was guided by: "pattern databases 6-6-3" once the function has read the stored databases, "manhattan and linear conflicts" before, or when they cannot be read (slower, the same answer).'),
    v.examples(['pattern databases 6-6-3', 'manhattan and linear conflicts']),
  ),
  cached: v.pipe(v.boolean(), v.description("Whether the answer came from this instance's cache of recent answers.")),
  board: v.pipe(v.string(), v.description('The board asked about, as 16 numbers joined by commas.')),
  moves: v.pipe(list(FifteenMoveSchema), v.description('Every legal move (d, l, r, u order) and its value; empty when they could not be valued in time (movesUnvalued says why).')),
  movesUnvalued: v.optional(v.pipe(v.string(), v.description('Why the moves are not valued: proving the others not optimal took longer than the request may. The line is exact all the same.'))),
});

/** A sample of the SPEC, asked and answered (the handler's tests get this very answer). */
export const FIFTEEN_SAMPLES = [
  {
    summary: 'Nine moves',
    query: { board: '2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15' },
    answer: {
      steps: 9,
      path: 'llldrdrdr',
      source: 'search',
      heuristic: 'manhattan and linear conflicts',
      cached: false,
      board: '2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15',
      moves: [
        { move: 'd', steps: 10, optimal: false },
        { move: 'l', steps: 8, optimal: true },
      ],
    },
  },
] as const;

/** The judge's sample (LightOJ "15-Puzzle"): its input and the output the judge expects. */
export const FIFTEEN_JUDGE_SAMPLE = {
  input: '1\n\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n',
  output: 'Case 1: LLLDRDRDR\n',
};
