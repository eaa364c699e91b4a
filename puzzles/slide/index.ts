/**
 * The 2x3 sliding puzzle, assembled from the same roles as the served
 * ones (solver, HTTP, stored tables, judge format, offline command line and loads): registered in a
 * test registry, it goes through every path the real ones do.
 */
import { checkQuery } from '../fields';
import type { Puzzle } from '../puzzle';
import { movesFromMask } from '../../core/move-values';
import { checkEachCase, splitCases } from '../../core/judge-input';
import { UnreachableError } from '../../core/errors';
import { SLIDE_SAMPLES, SlideResponseSchema, SlideQuerySchema } from './schema';
import { BLANK_TARGETS, GOAL, type SlideBoard, decodeSlide, encodeSlide, letterOf, lettersOf, parseSlideBoard, slideSpace, slideTable, solveSlide } from './rules';

export interface SlideQuery {
  readonly board: SlideBoard;
}
export interface SlideAnswer {
  readonly steps: number;
  readonly path: string;
}

const EXAMPLE = '{"board": "123405"}';
const reachable = (query: SlideQuery) => {
  if (!solveSlide(query.board)) throw new UnreachableError(`${query.board} cannot reach ${GOAL}: its tiles are in the other parity.`);
};
const movesOf = (board: SlideBoard) => {
  const table = slideTable();
  const code = encodeSlide(board);
  const rank = table.space.rank(code);
  return movesFromMask(BLANK_TARGETS[board.indexOf('0')], table.distance[rank], table.optimal[rank]);
};

export const slide = {
  name: 'slide',
  title: 'The 2x3 sliding puzzle: tiles 1 to 5 and a blank on two rows of three',
  solver: {
    search(query) {
      const { steps, cells } = solveSlide(query.board)!;
      return { steps, path: lettersOf(query.board.indexOf('0'), cells) };
    },
    valueMoves: (query) => movesOf(query.board),
    cacheKey: (query) => query.board,
  },
  http: {
    example: EXAMPLE,
    description: { query: SlideQuerySchema, answer: SlideResponseSchema, samples: SLIDE_SAMPLES, unanswerable: 'The board cannot reach 123450 (its tiles are in the other parity).' },
    queryOf(value) {
      const fields = checkQuery(SlideQuerySchema, value, { example: EXAMPLE, like: { board: EXAMPLE } });
      const query = { board: parseSlideBoard(fields.board) };
      reachable(query);
      return query;
    },
    respond: (query, answer) => ({
      steps: answer.steps,
      path: answer.path,
      source: answer.source,
      cached: answer.cached,
      board: query.board,
      moves: (answer.moves ?? []).map(({ move, steps, optimal }) => ({ move: letterOf(query.board.indexOf('0'), move), steps, optimal })),
    }),
  },
  tables: {
    format: { ranks: slideSpace.size, pageDigits: 2, holeMoves: BLANK_TARGETS, holeOfRank: (rank: number) => decodeSlide(rank).indexOf('0') },
    greatestDistance: 21,
    tables: () => ['slide'],
    describeTable: () => ({ identity: { puzzle: 'slide', goal: GOAL }, spacePositions: 360, loadOptions: ['--tables slide'] }),
    locate: (query) => ({ table: 'slide', goal: GOAL, section: 'slide', rank: encodeSlide(query.board) }),
    fromRecord(query, _manifest, record) {
      if (!record) return undefined;
      const blank = query.board.indexOf('0');
      return { steps: record.distance, path: lettersOf(blank, record.line), moves: movesFromMask(BLANK_TARGETS[blank], record.distance, record.optimal), source: 'table' as const };
    },
  },
  judge: {
    queries: (input) => checkEachCase(splitCases(input, 1), ([board]) => {
      const query = { board: parseSlideBoard(board) };
      reachable(query);
      return query;
    }),
    output: (answers) => answers.map((answer) => `${answer.steps} ${answer.path}\n`).join(''),
    sample: { input: '2\n123405\n123450\n', output: '1 r\n0 \n' },
  },
  offline: () => import('./offline').then((module) => module.offline),
} as const satisfies Puzzle<SlideQuery, SlideAnswer>;
