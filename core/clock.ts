/**
 * The one clock of the service: milliseconds from an arbitrary start, never going back. Passed to
 * everything that measures time (search deadlines, the store's cache lifetimes, the fallback's
 * hold-off, request latencies), so that a test can drive them all with one fake.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => performance.now() };
