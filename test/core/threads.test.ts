import { isMainThread } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { type ThreadJob, startThread, threadJob, threadJobName } from '../../core/threads';
import { ECHO, FAILS } from '../support/thread-jobs';

/** The thread's first message, or its error. */
function firstWord(job: ThreadJob<unknown>, data: unknown): Promise<unknown> {
  const worker = startThread(job, data);
  return new Promise((resolve, reject) => {
    worker.once('message', (message) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the thread stopped with code ${code} without a word`)));
  });
}

describe('a thread job', () => {
  it('runs on a thread started for it, found by its name in the module that defines it, with its data and its shared memory', async () => {
    const shared = new Int32Array(new SharedArrayBuffer(4));
    expect(await firstWord(ECHO, { said: 'hello', shared })).toEqual({ said: 'hello', job: 'test: echo' });
    expect(shared[0]).toBe(42);
    expect([isMainThread, threadJobName()]).toEqual([true, undefined]);
  });

  it("fails its thread with the job's own error", async () => {
    await expect(firstWord(FAILS, 'no such table')).rejects.toMatchObject({ name: 'RangeError', message: 'no such table' });
  });

  it('is found where its module says how to reach it lazily, as a bundle reaches the modules it imports lazily', async () => {
    const reaching = { name: 'test: reached lazily', module: new URL('../support/thread-jobs-reaching.ts', import.meta.url).href };
    expect(await firstWord(reaching, 'found')).toEqual({ said: 'found' });
  });

  it('that no module defines fails its thread with a sentence naming it and the module', async () => {
    await expect(firstWord({ name: 'test: nowhere', module: ECHO.module }, undefined)).rejects.toThrow(/^no thread job named "test: nowhere": file:.*thread-jobs\.ts does not define it$/);
  });

  it('is refused a second definition under the same name', () => {
    expect(() => threadJob(import.meta.url, 'test: echo', () => {})).toThrow('a thread job named "test: echo" is defined twice: each job needs a name of its own');
  });
});
