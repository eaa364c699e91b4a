/** The 2x3 sliding puzzle's roles only the commands use: its command line and its one table's load. */
import type { OfflineRoles } from '../puzzle';
import { planPages } from '../../store/table-pages';
import { type MeasuredLoad, estimateBetween } from '../../store/load-estimate';
import { InvalidInputError } from '../../core/errors';
import { GOAL, decodeSlide, lettersOf, slideTable } from './rules';
import { type SlideQuery, slide } from './index';

/** The whole space's load, measured (one thread; bench/estimates.ts measures it again). */
const WHOLE_SPACE_LOAD: MeasuredLoad = { positions: 360, pages: 1, bytes: 738, writeUnits: 1, buildSeconds: 0.01, peakMb: 95 };

export const offline: OfflineRoles<SlideQuery> = {
  commandLine: {
    usage: 'slide BOARD',
    example: '123405',
    query(args) {
      if (args.length !== 1) throw new InvalidInputError(`slide takes one board, such as 123405; got ${args.length}.`);
      return { board: args[0] };
    },
    answerText: (value) => {
      const answer = value as { board: string; steps: number; path: string; source: string };
      return `${answer.board}: ${answer.steps} moves ${answer.path} (${answer.source})`;
    },
    farthestText: (far) => `${far.board}  ${String(far.path)}`,
    positionText: (query, location) => `${query.board} (rank ${location.rank})`,
    recordText: (location, record) => ({ moves: `mask ${record.optimal}`, line: `"${lettersOf(decodeSlide(location.rank).indexOf('0'), record.line)}"` }),
    judgeSolver: () => (input) => slide.judge.output(slide.judge.queries(input).map((query) => slide.solver.search(query))),
  },
  loads: {
    names: ['slide'],
    specs: (names) =>
      names.length === 0
        ? []
        : [
            {
              table: 'slide',
              goal: GOAL,
              depth: slideTable().depth,
              spacePositions: 360,
              estimate: () => estimateBetween('slide', 360, [WHOLE_SPACE_LOAD]),
              build: () =>
                planPages(slide.tables.format, [
                  {
                    name: 'slide',
                    bfs: slideTable(),
                    unrank: (rank) => rank,
                    describe: (code, line) => ({ board: decodeSlide(code), goal: GOAL, path: lettersOf(decodeSlide(code).indexOf('0'), line) }),
                  },
                ]),
            },
          ],
  },
};
