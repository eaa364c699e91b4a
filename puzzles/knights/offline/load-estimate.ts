/**
 * What a knights table's load will take, before it is built (store/load-estimate.ts): its
 * positions from the standard goal's own BFS levels, its pages and build from loads of the
 * standard goal measured on the development machine (one thread; the slower of two runs).
 */
import { type MeasuredLoad, type TableEstimate, estimateBetween } from '../../../store/load-estimate';
import { KNIGHTS_POSITIONS } from '../rules/space';

/** Positions exactly k moves from the standard goal (test/puzzles/knights/whole-space.slow.test.ts holds them to its BFS). */
export const STANDARD_LEVELS: readonly number[] = [
  1, 8, 14, 38, 148, 368, 1001, 2440, 6468, 14116, 32825, 64782, 137262, 240404, 455522, 716458, 1224370, 1720894, 2645274, 3327210, 4594399, 5148132, 6372557,
  6345924, 6997217, 6160052, 6002337, 4635014, 3942462, 2634392, 1921476, 1086234, 658300, 300838, 144842, 49078, 17065, 3428, 488, 62,
];

/**
 * Another goal's positions spread out faster or slower than the standard goal's: one measured
 * (10110/01*11/10111/01001/00000) holds within d moves about what the standard goal holds within
 * d + 1. A goal of one's own is estimated at the standard goal's d + 2, on the safe side.
 */
const OWN_GOAL_LEVELS_AHEAD = 2;

/** Loads of the standard goal at depths 15, 20, 25, 30 and 39 (the whole space). */
const MEASURED: readonly MeasuredLoad[] = [
  { positions: 1_671_855, pages: 2_185, bytes: 8_068_179, writeUnits: 8_739, buildSeconds: 1.8, peakMb: 251 },
  { positions: 15_184_002, pages: 21_689, bytes: 80_100_125, writeUnits: 86_755, buildSeconds: 10.1, peakMb: 952 },
  { positions: 46_207_884, pages: 69_196, bytes: 263_235_215, writeUnits: 276_782, buildSeconds: 28.3, peakMb: 1_386 },
  { positions: 65_343_565, pages: 98_837, bytes: 391_556_668, writeUnits: 395_345, buildSeconds: 45.9, peakMb: 1_816 },
  { positions: KNIGHTS_POSITIONS, pages: 99_272, bytes: 400_089_844, writeUnits: 397_087, buildSeconds: 46, peakMb: 1_892 },
];

/** The positions within `depth` moves of the standard goal. */
export function standardPositionsWithin(depth: number): number {
  return STANDARD_LEVELS.slice(0, Math.max(0, depth) + 1).reduce((sum, count) => sum + count, 0);
}

export function knightsEstimate(table: string, depth: number, standard: boolean): TableEstimate {
  const positions = Math.min(KNIGHTS_POSITIONS, standardPositionsWithin(standard ? depth : depth + OWN_GOAL_LEVELS_AHEAD));
  return estimateBetween(table, positions, MEASURED);
}
