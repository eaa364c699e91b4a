/**
 * A measuring thread that stops mid-way without a word: once it has ranked 2,000 positions (a few
 * levels out, never in the last) its space ends the thread (exit code 3), as a thread killed
 * under its table would be, so that neither its error nor the shared failure flag ever tells of
 * it: only its exit does. It holds its first position a moment (0.3 s), so that a build that had it
 * take the first run waits on it once before the thread stops (and again after).
 */
import { measuringJob } from '../../packing/measure';
import { knightsSpace } from '../../puzzles/knights/rules/space';
import { KNIGHTS_FORMAT } from '../../puzzles/knights/tables';

let ranked = 0;
const exiting = Object.create(knightsSpace, {
  rank: {
    value(code: number): number {
      if (ranked === 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
      if (++ranked > 2_000) process.exit(3);
      return knightsSpace.rank(code);
    },
  },
});

export const EXITING_MEASURE_THREAD = measuringJob(import.meta.url, 'test: measures, then exits with code 3', KNIGHTS_FORMAT, exiting);
