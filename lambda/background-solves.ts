/**
 * The service's side of a background solve: a question past one request's search is handed to a
 * solver of its own (solve-job.ts, on AWS a function of its own invoked asynchronously, locally a
 * worker thread) and its answer kept in the table. Asked again, the question is answered from the
 * kept answer by one read; while the solver works, the client hears since when.
 *
 * Bounded, as a public service must be: one solve per question at a time (a conditional write of
 * its record), a few solves at once for the whole service (slots in the table), and a failed solve
 * tried again only after a while. Knows no puzzle: questions are a puzzle's name and a key.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../core/clock';
import { UnavailableNowError } from '../core/errors';
import type { SolveRecord, SolveRecords } from '../store/solve-records';
import type { SolveSlots } from '../store/solve-slots';

/** What a solver is handed: the question, and the attempt and slot it runs under. */
export interface SolveJob {
  readonly puzzle: string;
  /** The question's key (the puzzle's cache key). */
  readonly question: string;
  /** The puzzle's query, as JSON: it crosses to another thread or function. */
  readonly query: unknown;
  readonly attempt: string;
  readonly slot: number;
  /**
   * When its time is up (ms since the epoch): its record and slot are another's after that, so the
   * solver gives up before it, however late Lambda's queue handed it the job.
   */
  readonly until: number;
}

/** What starts a solver for a job without waiting for it: an asynchronous invocation, a worker thread. */
export interface SolveStarter {
  /** Resolves once the solver has the job (not when it is done); rejects when it could not be started. */
  start(job: SolveJob): Promise<void>;
  /** The longest a solver runs (its timeout): a solve older than this has ended, whatever its record says. */
  readonly solveMs: number;
}

/** Where a question's background solve stands, as the service tells the client. */
export type SolveStanding =
  | { readonly state: 'solved'; readonly answer: unknown }
  /** since: when it started (ms since the epoch); seconds: how long ago, whole seconds. */
  | { readonly state: 'solving'; readonly since: number; readonly seconds: number }
  /** wait: seconds until it may be tried again. */
  | { readonly state: 'failed'; readonly reason: string; readonly wait: number }
  | { readonly state: 'busy'; readonly wait: number };

/**
 * The question is past one request's search and is being solved in the background: since when,
 * where to ask it again, and how soon. The answer comes later (the API says 202).
 */
export class SolvingInBackgroundError extends Error {
  override readonly name = 'SolvingInBackgroundError';
  constructor(
    message: string,
    /** When the solve started, in milliseconds since the epoch. */
    readonly since: number,
    /** How long it has run, in whole seconds. */
    readonly seconds: number,
    /** The GET that asks the question again. */
    readonly location: string,
    /** How soon to ask again, in whole seconds. */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** A background solve cannot be had now (it failed, every solver is busy, or it cannot be reached): when to ask again, in whole seconds. */
export class SolveUnavailableError extends UnavailableNowError {
  override readonly name = 'SolveUnavailableError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** A failed solve is tried again after this long by default: a fault that passes, not a retry storm. */
export const DEFAULT_RETRY_AFTER_MS = 10 * 60_000;
/** When every solver is busy, the client is told to ask again after this long. */
const BUSY_RETRY_MS = 30_000;
/** How long past the solver's timeout its record and slot are still believed. */
const SOLVE_MARGIN_MS = 60_000;

export interface BackgroundSolvesOptions {
  /** Milliseconds since the epoch (core/clock.ts wallClock): the records are read by other containers. */
  readonly clock: Clock;
  /** Told why a solve could not be started (its details stay in the log; the client hears a plain sentence). */
  readonly onError?: (error: unknown) => void;
  /** A failed solve may be claimed again this long after it failed. */
  readonly retryAfterMs?: number;
}

export class BackgroundSolves {
  constructor(
    private readonly records: SolveRecords,
    private readonly slots: SolveSlots,
    private readonly starter: SolveStarter,
    private readonly options: BackgroundSolvesOptions,
  ) {}

  private get solveMs(): number {
    return this.starter.solveMs + SOLVE_MARGIN_MS;
  }

  private get retryAfterMs(): number {
    return this.options.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
  }

  /**
   * How the question's solve stands, by one read: its kept answer, a solve under way, a failure not
   * to be tried again yet; undefined when it has none of these (never asked, or free to be solved
   * again), and the search is to be tried.
   */
  async standing(puzzle: string, question: string): Promise<SolveStanding | undefined> {
    return this.standingOf(await this.records.read(puzzle, question), this.options.clock.now());
  }

  /**
   * The question's solve as it stands, started now when none holds it: its answer when it was
   * solved meanwhile, since when it is being solved, why it failed (and when it may be tried
   * again), or that every slot is taken.
   */
  async begin(puzzle: string, question: string, query: unknown): Promise<SolveStanding> {
    const now = this.options.clock.now();
    const standing = this.standingOf(await this.records.read(puzzle, question, true), now);
    if (standing) return standing;
    const attempt = randomUUID();
    if (!(await this.records.claim(puzzle, question, attempt, { now, solveMs: this.solveMs, retryAfterMs: this.retryAfterMs }))) {
      // another request claimed it a moment ago: its solve is the one (a record that cannot be read says so)
      return this.standingOf(await this.records.read(puzzle, question, true), now) ?? { state: 'failed', reason: 'its record in the table cannot be read', wait: BUSY_RETRY_MS / 1000 };
    }
    let slot: number | undefined;
    try {
      slot = await this.slots.take(attempt, now, now + this.solveMs);
    } finally {
      // no slot (every one held, or DynamoDB failing): the question is free again for the next ask
      if (slot === undefined) await this.records.release(puzzle, question, attempt);
    }
    if (slot === undefined) return { state: 'busy', wait: BUSY_RETRY_MS / 1000 };
    try {
      await this.starter.start({ puzzle, question, query, attempt, slot, until: now + this.starter.solveMs });
    } catch (error) {
      this.options.onError?.(error);
      const reason = 'the solver could not be started';
      try {
        await this.records.finish(puzzle, question, { state: 'failed', attempt, since: now, at: now, reason });
      } finally {
        await this.slots.give(slot, attempt);
      }
      return { state: 'failed', reason, wait: Math.ceil(this.retryAfterMs / 1000) };
    }
    return { state: 'solving', since: now, seconds: 0 };
  }

  /**
   * What a record says now, or undefined when the question is free to be claimed. A solve past its
   * time without a word (its solver died: out of memory, stopped) counts as failed, for as long as
   * a failure does, so that a question that kills its solver is not tried again at every ask.
   */
  private standingOf(record: SolveRecord | undefined, now: number): SolveStanding | undefined {
    if (!record) return undefined;
    if (record.state === 'solved') return { state: 'solved', answer: JSON.parse(record.answer) };
    const endedAt = record.state === 'solving' ? record.since + this.solveMs : record.at;
    if (record.state === 'solving' && endedAt > now) return { state: 'solving', since: record.since, seconds: Math.max(0, Math.floor((now - record.since) / 1000)) };
    const retryAt = endedAt + this.retryAfterMs;
    const reason = record.state === 'failed' ? record.reason : 'the solver stopped without a word before its time was up';
    return retryAt > now ? { state: 'failed', reason, wait: Math.max(1, Math.ceil((retryAt - now) / 1000)) } : undefined;
  }
}
