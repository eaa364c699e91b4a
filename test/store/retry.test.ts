/**
 * Which failures the store tries again (store/retry.ts): throttling, server-side and network
 * failures; never a request that is wrong or not allowed, which would fail the same way again.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, backoffDelay, isRetryable, isThrottle } from '../../store/retry';

/** An error as the SDK throws it. */
function failure(name: string, details: { code?: string; status?: number; retryable?: unknown } = {}): Error {
  const error = Object.assign(new Error(`${name} happened`), { name });
  return Object.assign(error, {
    ...(details.code === undefined ? {} : { code: details.code }),
    ...(details.status === undefined ? {} : { $metadata: { httpStatusCode: details.status } }),
    ...(details.retryable === undefined ? {} : { $retryable: details.retryable }),
  });
}

describe('a failure', () => {
  it('is tried again when DynamoDB is throttling, failing on its side or out of reach', () => {
    const names = ['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded', 'InternalServerError', 'ServiceUnavailable', 'LimitExceededException', 'TimeoutError', 'RequestTimeout', 'RequestTimeoutException'];
    for (const name of names) expect(isRetryable(failure(name)), name).toBe(true);
    for (const code of ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'ENOTFOUND']) expect(isRetryable(failure('Error', { code })), code).toBe(true);
    expect(isRetryable(failure('SomethingNew', { retryable: { throttling: false } }))).toBe(true);
    expect(isRetryable(failure('SomethingNew', { status: 500 }))).toBe(true);
    expect(isRetryable(failure('SomethingNew', { status: 503 }))).toBe(true);
  });

  it('is not tried again when the request is wrong or not allowed, or when it is not an error at all', () => {
    for (const name of ['ValidationException', 'AccessDeniedException', 'ResourceNotFoundException', 'ConditionalCheckFailedException']) expect(isRetryable(failure(name, { status: 400 })), name).toBe(false);
    expect(isRetryable(failure('SomethingNew', { status: 499 }))).toBe(false);
    expect(isRetryable(failure('SomethingNew'))).toBe(false);
    expect(isRetryable(failure('SomethingNew', { code: 'EACCES' }))).toBe(false);
    expect(isRetryable(failure('SomethingNew', { retryable: false }))).toBe(false);
    for (const thrown of ['ThrottlingException', { name: 'ThrottlingException' }, undefined]) expect(isRetryable(thrown), JSON.stringify(thrown)).toBe(false);
  });

  it('is a throttle when DynamoDB asks the caller to slow down', () => {
    for (const name of ['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded']) expect(isThrottle(failure(name)), name).toBe(true);
    expect(isThrottle(failure('InternalServerError'))).toBe(false);
    expect(isThrottle({ name: 'ThrottlingException' })).toBe(false);
  });
});

describe('the wait before trying again', () => {
  it('by default starts under 50 ms, grows to at most 10 s, and gives up after 12 attempts without progress', () => {
    expect(DEFAULT_RETRY).toMatchObject({ baseMs: 50, maxMs: 10_000, maxAttempts: 12 });
    const delays = Array.from({ length: 20 }, (_, attempt) => backoffDelay({ ...DEFAULT_RETRY, random: () => 0.999 }, attempt));
    expect(delays[0]).toBeLessThan(50);
    expect(Math.max(...delays)).toBeLessThan(10_000);
    const random = Array.from({ length: 100 }, () => backoffDelay(DEFAULT_RETRY, 0));
    expect(new Set(random).size).toBeGreaterThan(90);
  });


  it('is a random part of a ceiling that doubles with each attempt, up to its largest', () => {
    const policy = { baseMs: 50, maxMs: 1000, maxAttempts: 5, random: () => 0.5 };
    expect([0, 1, 2, 3, 4, 5, 10].map((attempt) => backoffDelay(policy, attempt))).toEqual([25, 50, 100, 200, 400, 500, 500]);
    expect(backoffDelay({ ...policy, random: () => 0 }, 3)).toBe(0);
  });
});
