/** A module that defines no job but says how to reach one lazily, as the loader's bundle entry does. */
import { reachThreadJobsBy } from '../../core/threads';

reachThreadJobsBy(() => import('./thread-jobs-reached'));
