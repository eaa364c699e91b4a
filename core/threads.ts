/**
 * Worker threads, by one mechanism. A job a thread can do is defined once, by name, in the module
 * that does it (`threadJob`), which adds it to one table; a thread is started for a job with its
 * data (`startThread`). Every thread starts on this module, the one entry: it takes its job from
 * the table, importing the module that defined it first, so that a worker loads that module and
 * what it imports, nothing above it.
 *
 * In a bundle (the deploy's functions) every module's import.meta.url is the bundle's, so a thread
 * runs the bundle: once the bundle has run, each module it loads at once has defined its jobs. A
 * module it reaches only through a lazy import (a puzzle's offline roles) defines its jobs once
 * imported: the bundle's entry says how to reach them (`reachThreadJobsBy`).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, isMainThread, workerData } from 'node:worker_threads';

/** A job threads can do: its name in the table, and the module that defines it. */
export interface ThreadJob<Data> {
  readonly name: string;
  /** The defining module's import.meta.url: a thread imports it to find the job. */
  readonly module: string;
  /** Never set: it ties the data to the job for startThread. */
  readonly data?: Data;
}

/** What a thread is started with. */
interface ThreadData {
  readonly threadJob: { readonly name: string; readonly module: string; readonly data: unknown };
}

/** The one table of jobs: what each does on a thread, by name. */
const JOBS = new Map<string, (data: unknown) => unknown>();
/** How a bundle reaches the modules it imports lazily, whose jobs are not in the table until then. */
const REACHES: (() => Promise<unknown>)[] = [];

/**
 * Defines a job, at the top level of `module` (its import.meta.url): `run` does it on a thread
 * started for it, with the data it was started with. A name is defined once.
 */
export function threadJob<Data>(module: string, name: string, run: (data: Data) => unknown): ThreadJob<Data> {
  const defined = JOBS.get(name);
  if (defined !== undefined && defined !== run) throw new Error(`a thread job named "${name}" is defined twice: each job needs a name of its own`);
  JOBS.set(name, run as (data: unknown) => unknown);
  return { name, module };
}

/** A thread doing `job` with `data` (structured-cloned; shared memory stays shared). */
export function startThread<Data>(job: ThreadJob<Data>, data: Data): Worker {
  return threadOn(import.meta.url, { threadJob: { name: job.name, module: job.module, data } } satisfies ThreadData);
}

/** In a bundle's entry: how to reach the modules it imports lazily, whose jobs a thread may be started for. */
export function reachThreadJobsBy(reach: () => Promise<unknown>): void {
  REACHES.push(reach);
}

/** The job this thread was started for: undefined on the main thread, or on a thread not started by startThread. */
export const threadJobName = (): string | undefined => (isMainThread ? undefined : (workerData as Partial<ThreadData> | undefined)?.threadJob?.name);

/**
 * A source entry (.ts) runs under tsx, as the commands do: a worker inherits tsx from a command,
 * but not a test runner's own transform.
 */
function loaderArguments(entry: URL): string[] | undefined {
  if (!entry.pathname.endsWith('.ts') || process.execArgv.some((argument) => argument.includes('tsx'))) return undefined;
  return [...process.execArgv, '--import', pathToFileURL(createRequire(entry).resolve('tsx')).href];
}

function threadOn(entry: string, data: ThreadData): Worker {
  const url = new URL(entry);
  return new Worker(url, { workerData: data, execArgv: loaderArguments(url) });
}

/** The job named `name`, from the table once its module and, in a bundle, the lazy imports have run. */
async function jobNamed(name: string, module: string): Promise<(data: unknown) => unknown> {
  if (!JOBS.has(name)) await import(module);
  for (const reach of REACHES) {
    if (JOBS.has(name)) break;
    await reach();
  }
  const run = JOBS.get(name);
  if (run === undefined) throw new Error(`no thread job named "${name}": ${module} does not define it`);
  return run;
}

// The entry's part, once the module graph it started (a whole bundle) has run. A failure is the
// thread's uncaught error, which its Worker reports as an 'error' event.
if (threadJobName() !== undefined) {
  const { name, module, data } = (workerData as ThreadData).threadJob;
  setImmediate(() => {
    void jobNamed(name, module).then((run) => run(data));
  });
}
