/**
 * A load given a time to stop by (the deploy's loader, which Lambda stops at its timeout) stops at
 * its next safe point past it, keeping what it stored: between batches of writes (its place saved
 * in the progress item) or before its next read of the checks. The next run resumes from there
 * (loader.ts): the deploy invokes the loader again until every table is loaded.
 */

/** The load stopped for time, not for a fault: what it stored is kept for the next run. */
export class LoadStopped extends Error {
  override readonly name = 'LoadStopped';

  constructor(
    readonly table: string,
    /** Leading pages surely stored, of `total`. */
    readonly stored: number,
    readonly total: number,
    readonly phase: 'computing' | 'writing' | 'verifying',
  ) {
    super(`${table}: stopped for time while ${phase}, ${stored} of ${total} pages stored; the next run resumes from there.`);
  }
}

/** Whether the time to stop by, if any, has come (on Date.now()'s clock, which threads share). */
export const timeIsUp = (stopAt: number | undefined): boolean => stopAt !== undefined && Date.now() >= stopAt;
