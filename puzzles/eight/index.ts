/**
 * Eight II (HDU 3567), assembled from its roles: from 3x3 board A to board B, the fewest moves of
 * the blank and the lexicographically smallest such line under d < l < r < u.
 */
import type { Puzzle } from '../puzzle';
import { eightHttp } from './http';
import { eightJudge } from './judge';
import type { EightAnswer, EightQuery } from './rules/query';
import { eightSolver } from './solver';
import { eightTables } from './tables';

export const eight = {
  name: 'eight',
  title: 'Eight II (HDU 3567): from 3x3 board A to board B, the fewest moves of the blank, lexicographically smallest',
  solver: eightSolver,
  http: eightHttp,
  tables: eightTables,
  judge: eightJudge,
  webPage: { module: 'web-page/panel.ts' },
  offline: () => import('./offline').then((module) => module.offline),
  benchmarks: () => import('./bench').then((module) => module.benchmarks),
} as const satisfies Puzzle<EightQuery, EightAnswer>;
