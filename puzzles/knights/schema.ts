/**
 * The knights query and answer, declared once: queryOf checks a query's structure against
 * KnightsQuerySchema, response.ts derives the answer's type from KnightsResponseSchema, and
 * /openapi.json describes both, with these samples.
 */
import * as v from 'valibot';
import { AnswerSourceSchema, int, list } from '../../api/schemas';

const SAMPLE_BOARD = '10110/01*11/10111/01001/00000';

export const KnightsQuerySchema = v.strictObject({
  board: v.pipe(
    v.string(),
    v.description('The board: 5 rows of 5 cells joined by "/" (or the 25 characters alone), 12 knights of each colour (0 and 1) and the empty square *.'),
    v.examples([SAMPLE_BOARD]),
  ),
  goal: v.nullish(
    v.pipe(
      v.string(),
      v.description('The goal: a goal\'s name (default "standard"; any goal loaded with --goal NAME=BOARD is answered from its own table), or a board.'),
      v.examples(['standard', '11111/01111/00*11/00001/00000']),
    ),
  ),
  limit: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(0),
      v.description('The move limit, default 15 (the judge\'s question): a whole number up to 39, or up to the goal\'s true depth once its whole table is loaded; in JSON a number, not a string. The answer is -1 steps when the goal is farther.'),
      v.examples([15]),
    ),
  ),
});

export const KnightsMoveSchema = v.strictObject({
  move: int('The cell (0 to 24, row by row) the empty square jumps to.'),
  steps: int('Moves to the goal after this one; -1 past the limit.'),
  optimal: v.pipe(v.boolean(), v.description('Whether it leads one step closer (within the limit).')),
});

export const KnightsResponseSchema = v.strictObject({
  steps: int('Moves in a shortest line to the goal, or -1 when that is more than the limit.'),
  path: v.pipe(list(v.pipe(v.number(), v.integer())), v.description('The lex-min shortest line: the cells the empty square moves to; [] when steps is -1.')),
  source: AnswerSourceSchema,
  cached: v.pipe(v.boolean(), v.description('Whether the answer came from this instance\'s cache of recent answers.')),
  board: v.pipe(v.string(), v.description('The board asked about, as 5 rows joined by "/".')),
  goal: v.pipe(v.string(), v.description('The goal\'s name (built in, or loaded with --goal), or its board when it is neither.')),
  limit: int('The move limit the answer keeps to.'),
  moves: v.pipe(list(KnightsMoveSchema), v.description('Every legal move (the cell the empty square jumps to, ascending) and its value.')),
});

/** The judge's sample, asked and answered (the handler's tests get this very answer). */
export const KNIGHTS_SAMPLES = [
  {
    summary: 'The SCOI 2005 sample: 7 moves to the standard goal',
    query: { board: SAMPLE_BOARD, limit: 15 },
    answer: {
      steps: 7,
      path: [4, 13, 16, 7, 10, 1, 12],
      source: 'table',
      cached: false,
      board: SAMPLE_BOARD,
      goal: 'standard',
      limit: 15,
      moves: [
        { move: 0, steps: 8, optimal: false },
        { move: 4, steps: 6, optimal: true },
        { move: 10, steps: 8, optimal: false },
        { move: 14, steps: 8, optimal: false },
        { move: 16, steps: 8, optimal: false },
        { move: 18, steps: 8, optimal: false },
      ],
    },
  },
  {
    summary: 'The judge\'s second sample: more than 15 moves away',
    query: { board: '01011/110*1/01110/01010/00100' },
    answer: {
      steps: -1,
      path: [],
      source: 'table',
      cached: false,
      board: '01011/110*1/01110/01010/00100',
      goal: 'standard',
      limit: 15,
      moves: [
        { move: 1, steps: -1, optimal: false },
        { move: 11, steps: -1, optimal: false },
        { move: 17, steps: -1, optimal: false },
        { move: 19, steps: -1, optimal: false },
      ],
    },
  },
] as const;

/** The judge's sample (SCOI 2005): its input and the output the judge expects. */
export const KNIGHTS_JUDGE_SAMPLE = {
  input: '2\n10110\n01*11\n10111\n01001\n00000\n01011\n110*1\n01110\n01010\n00100\n',
  output: '7\n-1\n',
};
