/** A thread job that ends at once without a word: a job that does not do the work it was started for. */
import { threadJob } from '../../core/threads';

export const IDLE_THREAD = threadJob<never>(import.meta.url, 'test: ends at once', () => {});
