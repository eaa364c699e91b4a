/**
 * The knights puzzle (SCOI 2005), assembled from its roles: a 5x5 board of 12 white and 12 black
 * knights and one empty square, to a goal of the query's choosing within a move limit.
 */
import type { Puzzle } from '../puzzle';
import { knightsHttp } from './http';
import { knightsJudge } from './judge';
import { BUILT_IN_GOAL_MARKUP } from './web-page/markup';
import type { KnightsAnswer, KnightsQuery } from './rules/query';
import { knightsSolver } from './solver';
import { knightsTables } from './tables';

export const knights = {
  name: 'knights',
  title: 'Knights (SCOI 2005): 24 knights and one empty square on a 5x5 board, to a goal within a move limit',
  solver: knightsSolver,
  http: knightsHttp,
  tables: knightsTables,
  judge: knightsJudge,
  webPage: { module: 'web-page/panel.ts', markup: BUILT_IN_GOAL_MARKUP },
  offline: () => import('./offline').then((module) => module.offline),
  benchmarks: () => import('./bench').then((module) => module.benchmarks),
} as const satisfies Puzzle<KnightsQuery, KnightsAnswer>;
