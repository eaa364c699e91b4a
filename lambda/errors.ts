/**
 * Every failure the API can report, and the one map from failure to HTTP status. Domain errors
 * come from core/; the HTTP-only ones are defined here.
 */
import { BudgetExhaustedError, InvalidInputError, UnavailableNowError, UnreachableError } from '../core/errors';

export class RouteNotFoundError extends Error {
  override readonly name = 'RouteNotFoundError';
}

export class MethodNotAllowedError extends Error {
  override readonly name = 'MethodNotAllowedError';
  constructor(
    message: string,
    readonly allowed: readonly string[],
  ) {
    super(message);
  }
}

export class PayloadTooLargeError extends Error {
  override readonly name = 'PayloadTooLargeError';
}

/**
 * The question is past one request's search and is being solved in the background: 202, with the
 * URL to ask again (Location) and when (Retry-After). Never kept by a cache: the answer comes later.
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
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }

  /** The 202's body: what the page and a client read. */
  get body(): { status: 'solving'; since: string; seconds: number; message: string } {
    return { status: 'solving', since: new Date(this.since).toISOString(), seconds: this.seconds, message: this.message };
  }
}

/** A background solve cannot be had now (it failed, or every solver is busy): 503, and when to ask again. */
export class SolveUnavailableError extends UnavailableNowError {
  override readonly name = 'SolveUnavailableError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

const STATUS_OF: ReadonlyArray<readonly [new (...args: never[]) => Error, number]> = [
  [SolvingInBackgroundError, 202],
  [InvalidInputError, 400],
  [RouteNotFoundError, 404],
  [MethodNotAllowedError, 405],
  [PayloadTooLargeError, 413],
  [UnreachableError, 422],
  [BudgetExhaustedError, 503],
  [UnavailableNowError, 503],
];

/** The status for a failure; 500 only for a bug (which the tests hunt for). */
export function statusOf(error: unknown): number {
  for (const [kind, status] of STATUS_OF) if (error instanceof kind) return status;
  return 500;
}

/** The sentence shown to the client: the error's own for known failures, a generic one for bugs. */
export function messageOf(error: unknown): string {
  return statusOf(error) === 500 ? 'Something went wrong on our side; the request was not answered. Please try again.' : (error as Error).message;
}

