/**
 * Measuring threads that end two ways, one after the other: a worker with an odd thread id ends
 * without measuring (as idle-thread.ts does), and one with an even id fails mid-way (as
 * failing-measure-thread.ts does) once the build has heard that the other ended. measureSection
 * starts its workers one after the other, so two of them have consecutive ids: one of each.
 *
 * The failing one holds its first run until the idle one has ended (so that the build, which starts
 * measuring once a worker ends, cannot measure every position before it), then waits a moment more
 * (for the end to reach the build) before it goes on.
 */
import { BroadcastChannel, threadId } from 'node:worker_threads';
import { type MeasureInput, measureOnThisThread } from '../../packing/measure';
import { threadJob } from '../../core/threads';
import { knightsSpace } from '../../puzzles/knights/rules/space';
import { KNIGHTS_FORMAT } from '../../puzzles/knights/tables';

export const HALF_IDLE_MEASURE_THREAD = threadJob<MeasureInput>(import.meta.url, 'test: half the threads idle, half failing', (input) => {
  const channel = new BroadcastChannel(import.meta.url);
  if (threadId % 2 === 0) {
    // [0]: set by the idle worker as it ends.
    const ended = new Int32Array(new SharedArrayBuffer(4));
    let ranked = 0;
    const failing = Object.create(knightsSpace, {
      rank: {
        value(code: number): number {
          if (ranked === 0) {
            // Offered until the idle worker takes it (five seconds at most: never a hang).
            for (let tries = 0; tries < 1_000 && Atomics.load(ended, 0) === 0; tries++) {
              channel.postMessage(ended);
              Atomics.wait(ended, 0, 0, 5);
            }
            channel.close();
            Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
          }
          if (++ranked > 5_000) throw new Error('this measuring thread lost its table mid-way');
          return knightsSpace.rank(code);
        },
      },
    });
    measureOnThisThread(KNIGHTS_FORMAT, failing, input);
  } else {
    channel.onmessage = (message) => {
      const ended: Int32Array = message.data;
      channel.close();
      Atomics.store(ended, 0, 1);
      Atomics.notify(ended, 0);
    };
  }
});
