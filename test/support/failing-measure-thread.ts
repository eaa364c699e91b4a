/**
 * A measuring thread that fails mid-way: it serves measures with the knights format and a space
 * that throws once the thread has ranked a run's worth of positions, as a thread whose table went
 * bad under it would.
 */
import { measuringJob } from '../../packing/measure';
import { knightsSpace } from '../../puzzles/knights/rules/space';
import { KNIGHTS_FORMAT } from '../../puzzles/knights/tables';

let ranked = 0;
const failing = Object.create(knightsSpace, {
  rank: {
    value(code: number): number {
      if (++ranked > 5_000) throw new Error('this measuring thread lost its table mid-way');
      return knightsSpace.rank(code);
    },
  },
});

export const FAILING_MEASURE_THREAD = measuringJob(import.meta.url, 'test: measures, then fails mid-way', KNIGHTS_FORMAT, failing);
