/**
 * The 15-puzzle, assembled from its roles: a 4x4 board of the tiles 1 to 15 and a blank, to the
 * goal, the fewest moves of the blank and the lexicographically smallest such line under
 * d < l < r < u. Its space (16!/2 boards) fits no table: it is answered by search, guided by its
 * pattern databases once the function has read them from their table (estimates.ts).
 */
import type { Puzzle } from '../puzzle';
import { fifteenBackgroundSolve } from './background-solve';
import { fifteenEstimates } from './estimates';
import { fifteenHttp } from './http';
import { fifteenJudge } from './judge';
import type { FifteenAnswer, FifteenQuery } from './rules/query';
import { fifteenSolver } from './solver';

export const fifteen = {
  name: 'fifteen',
  title: 'The 15-puzzle: a 4x4 board to the goal, the fewest moves of the blank, lexicographically smallest',
  solver: fifteenSolver,
  http: fifteenHttp,
  judge: fifteenJudge,
  estimates: fifteenEstimates,
  backgroundSolve: fifteenBackgroundSolve,
  webPage: { module: 'web-page/panel.ts' },
  offline: () => import('./offline').then((module) => module.offline),
  benchmarks: () => import('./bench').then((module) => module.benchmarks),
} as const satisfies Puzzle<FifteenQuery, FifteenAnswer>;
