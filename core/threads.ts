/**
 * A worker thread on a module that is its own worker's entry: the thread runs the module again
 * and the module, seeing its workerData, does its part. In a bundle (the deploy's functions) the
 * entry is the bundle, which holds the module.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A source entry (.ts) runs under tsx, as the commands do: a worker inherits tsx from a command,
 * but not a test runner's own transform.
 */
function loaderArguments(entry: URL): string[] | undefined {
  if (!entry.pathname.endsWith('.ts') || process.execArgv.some((argument) => argument.includes('tsx'))) return undefined;
  return [...process.execArgv, '--import', pathToFileURL(createRequire(entry).resolve('tsx')).href];
}

/** A thread on `entry` (a module's import.meta.url) with `data` as its workerData. */
export function threadOn(entry: string, data: unknown): Worker {
  const url = new URL(entry);
  return new Worker(url, { workerData: data, execArgv: loaderArguments(url) });
}
