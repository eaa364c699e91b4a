/** Thread jobs of the tests' own (core/threads.ts): each says what it was given, and as which job. */
import { parentPort } from 'node:worker_threads';
import { threadJob, threadJobName } from '../../core/threads';

export const ECHO = threadJob<{ readonly said: string; readonly shared: Int32Array }>(import.meta.url, 'test: echo', ({ said, shared }) => {
  Atomics.store(shared, 0, 42);
  parentPort!.postMessage({ said, job: threadJobName() });
});

export const FAILS = threadJob<string>(import.meta.url, 'test: fails', (sentence) => {
  throw new RangeError(sentence);
});
