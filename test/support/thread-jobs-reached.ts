/** A thread job a module reaches only lazily, as a bundle reaches a puzzle's offline roles. */
import { parentPort } from 'node:worker_threads';
import { threadJob } from '../../core/threads';

threadJob<string>(import.meta.url, 'test: reached lazily', (said) => parentPort!.postMessage({ said }));
