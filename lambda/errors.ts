/**
 * Every failure the API can report, and the one map from failure to HTTP status. Domain errors
 * come from core/ and from the background solves (background-solves.ts); the HTTP-only ones are
 * defined here.
 */
import { BudgetExhaustedError, InvalidInputError, UnavailableNowError, UnreachableError } from '../core/errors';
import { SolvingInBackgroundError } from './background-solves';

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

