/**
 * Backoff for bulk writes: exponential with full jitter, so many writers backing off at once
 * spread out instead of retrying in lockstep.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface RetryPolicy {
  /** First backoff ceiling in milliseconds; it doubles per attempt. */
  readonly baseMs: number;
  /** Largest backoff in milliseconds. */
  readonly maxMs: number;
  /** Attempts in a row without progress before giving up. */
  readonly maxAttempts: number;
  /** Random source in [0, 1) for the jitter. */
  readonly random: () => number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 50, maxMs: 10_000, maxAttempts: 12, random: Math.random };

export function backoffDelay(policy: RetryPolicy, attempt: number): number {
  return policy.random() * Math.min(policy.maxMs, policy.baseMs * 2 ** attempt);
}

export function backoff(policy: RetryPolicy, attempt: number): Promise<void> {
  return sleep(backoffDelay(policy, attempt));
}

const RETRYABLE_NAMES = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
  'LimitExceededException',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);
const RETRYABLE_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'ENOTFOUND']);

/** Throttling, server-side and network failures are worth retrying; validation and access errors are not. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const details = error as Error & { code?: string; $metadata?: { httpStatusCode?: number }; $retryable?: unknown };
  if (RETRYABLE_NAMES.has(error.name) || RETRYABLE_CODES.has(details.code ?? '')) return true;
  if (details.$retryable) return true;
  return (details.$metadata?.httpStatusCode ?? 0) >= 500;
}

/** Whether the failure is the service asking us to slow down (counted apart in progress). */
export function isThrottle(error: unknown): boolean {
  return error instanceof Error && /Throttl|ProvisionedThroughputExceeded|RequestLimitExceeded/.test(error.name);
}
