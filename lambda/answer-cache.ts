/**
 * The answers an instance keeps, by question: a repeated question is answered at once. An answer
 * found by search that a table could hold is kept only for a while, so that a table loaded since
 * answers it afterwards; every other answer is kept until the cache lets it go.
 */
import { LRUCache } from 'lru-cache';
import type { Clock } from '../core/clock';
import type { Answer, Result } from '../puzzles/roles/answer';

/** Answers kept per instance by default: the repeated questions of a busy minute. */
export const DEFAULT_ANSWER_CACHE_SIZE = 10_000;

export class AnswerCache {
  private readonly entries: LRUCache<string, { readonly answer: Result<Answer>; readonly until: number }>;

  constructor(
    size: number,
    private readonly clock: Clock,
  ) {
    this.entries = new LRUCache({ max: size });
  }

  /** The answer kept for `key`, unless it has had its time. */
  get<A extends Answer>(key: string): Result<A> | undefined {
    const entry = this.entries.get(key);
    return entry && entry.until > this.clock.now() ? (entry.answer as Result<A>) : undefined;
  }

  /** Keeps `answer` for `key` until the time `until` (for ever by default). */
  keep(key: string, answer: Result<Answer>, until = Number.POSITIVE_INFINITY): void {
    this.entries.set(key, { answer, until });
  }

  /** Forgets every answer (a load just completed: the tables answer from now on). */
  clear(): void {
    this.entries.clear();
  }
}
