/**
 * The one clock of the service: milliseconds from an arbitrary start, never going back. Passed to
 * everything that measures time (search deadlines, the store's cache lifetimes, the fallback's
 * hold-off, request latencies), so that a test can drive them all with one fake.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => performance.now() };

/**
 * Milliseconds since the epoch: the time that containers share, for what one writes and another
 * reads (when a background solve started). Only for that: it may step back when the system's
 * time is set.
 */
export const wallClock: Clock = { now: () => Date.now() };
