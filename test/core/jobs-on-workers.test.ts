/** Independent jobs on worker threads: every job done off this thread, the largest first, and a worker's failure told in a sentence. */
import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { largestFirst, runJobsOnWorkers } from '../../core/jobs-on-workers';
import { SQUARE_JOBS, squareJobs } from '../support/squares-on-workers';

describe('jobs on worker threads', () => {
  it('are taken the largest first, equals in the order given', () => {
    expect(largestFirst([3, 6, 6, 1, 4])).toEqual([1, 2, 4, 0, 3]);
    expect(largestFirst([])).toEqual([]);
  });

  it('are each done once, on a worker, their results in the memory they share with this thread', async () => {
    const jobs = squareJobs([5, 3, 9, 1, 7]);
    await runJobsOnWorkers(jobs, 2);
    expect([...jobs.shared.squares]).toEqual([25, 9, 81, 1, 49]);
    expect(jobs.shared.threads.every((thread) => thread > 0 && thread !== threadId)).toBe(true);
    expect(new Set(jobs.shared.threads).size).toBeLessThanOrEqual(2);
  });

  it("reject with a sentence naming the job that failed, and the worker's own message", async () => {
    await expect(runJobsOnWorkers(squareJobs([4, -2]), 1)).rejects.toMatchObject({ name: 'RangeError', message: 'the square of -2 failed on a worker thread: no square of -2 here' });
  });

  it('reject when a worker stops in the middle of a job, naming the job', async () => {
    await expect(runJobsOnWorkers(squareJobs([0]), 2)).rejects.toThrow('the square of 0 was cut short: its worker thread stopped with code 7');
  });

  it('reject when no module defines the jobs (its worker fails before it takes one), rather than leave them undone', async () => {
    const jobs = squareJobs([2, 3], { name: 'jobs no module runs', module: SQUARE_JOBS.module });
    await expect(runJobsOnWorkers(jobs, 2)).rejects.toThrow(/^a worker thread for the jobs no module runs failed before it took a job: no thread job named "jobs no module runs": file:.*squares-on-workers\.ts does not define it$/);
    expect([...jobs.shared.squares]).toEqual([-1, -1]);
  });
});
