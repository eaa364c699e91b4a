/**
 * The pattern databases built on several threads for a load. The groups are independent (each is
 * a BFS over its own placements), so each is built on a worker thread into its own part of one
 * shared buffer, the largest groups first: for 6-6-3, the two 6-tile groups side by side (about
 * 6 s each), the 3-tile group (milliseconds) on whichever ends first. A group's bytes are those
 * buildPatternDatabase writes on any thread, so the set is the one a single thread builds. On one
 * thread there is no worker: buildPatternDatabases, as before.
 *
 */
import { jobsOfKind, runJobsOnWorkers } from '../../../core/jobs-on-workers';
import { buildPatternDatabase, entriesFor } from '../rules/pattern-database';
import { type PatternDatabases, buildPatternDatabases, checkPartition, patternDatabasesOf } from '../rules/pattern-set';

/** A worker's part: the groups it takes, each built into its view of the shared buffer. */
const GROUPS = jobsOfKind<PatternDatabases>(import.meta.url, '15-puzzle pattern databases', ({ partition, tables }, group) => {
  buildPatternDatabase(partition[group], tables[group]);
});

/** Builds every group's database, on up to `threads` worker threads at once (1: on this one, no worker). */
export async function buildPatternDatabasesOnThreads(partition: readonly (readonly number[])[], threads: number): Promise<PatternDatabases> {
  if (threads <= 1) return buildPatternDatabases(partition);
  checkPartition(partition);
  // Each worker writes its group's part of the shared buffer; the tables are views of it, back to back.
  const databases = patternDatabasesOf(partition, () => {}, (bytes) => new Uint8Array(new SharedArrayBuffer(bytes)));
  await runJobsOnWorkers<PatternDatabases>(
    {
      kind: GROUPS,
      shared: databases,
      sizes: partition.map(entriesFor),
      describe: (group) => `the pattern database of tiles ${partition[group].join(',')}`,
    },
    threads,
  );
  return databases;
}
