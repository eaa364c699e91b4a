/**
 * npm start's watch over its embedded DynamoDB-compatible server: when the server's process dies
 * (killed, a full disk), it is started again on the same port and folder, its data intact; if it
 * dies again and again (three times within a minute), the restarts stop and the service goes on
 * answering by search. Each event is one line, said by the caller.
 */
import type { ChildDynamo } from '../store/local-dynamodb';

export interface SupervisionEvents {
  /** The server died (`cause` in a clause) and is being started again. */
  died(cause: string): void;
  /** It is answering again, after `seconds`. */
  back(seconds: number): void;
  /** It died `deaths` times within the window: no more restarts. */
  gaveUp(cause: string, deaths: number): void;
}

export interface SupervisionPolicy {
  readonly deaths: number;
  readonly withinMs: number;
}

export const DEFAULT_SUPERVISION: SupervisionPolicy = { deaths: 3, withinMs: 60_000 };

export interface Supervised {
  /** The server now (a restart replaces it; the endpoint stays the same). */
  current(): ChildDynamo;
  /** No more restarts (npm start is stopping); the server keeps running until close(). */
  stopWatching(): void;
  close(): Promise<void>;
}

export function supervise(first: ChildDynamo, events: SupervisionEvents, policy: SupervisionPolicy = DEFAULT_SUPERVISION): Supervised {
  let current = first;
  let closed = false;
  const deaths: number[] = [];
  /** Counts a death; true when there have been too many within the window. */
  const tooMany = (at: number): boolean => {
    deaths.push(at);
    while (deaths[0] < at - policy.withinMs) deaths.shift();
    return deaths.length >= policy.deaths;
  };
  const watch = async (): Promise<void> => {
    for (;;) {
      const cause = await current.died;
      if (closed) return;
      const diedAt = performance.now();
      if (tooMany(diedAt)) {
        events.gaveUp(cause, deaths.length);
        await current.close(); // gives up the data folder
        return;
      }
      events.died(cause);
      for (;;) {
        try {
          current = await current.restart();
          if (closed) return; // stopping meanwhile: close() takes the new one down
          events.back((performance.now() - diedAt) / 1000);
          break;
        } catch (error) {
          // could not start again: that counts as dying again, with its own cause
          const again = (error as Error).message.replace(/\.$/, '');
          if (closed) return;
          if (tooMany(performance.now())) {
            events.gaveUp(again, deaths.length);
            await current.close();
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    }
  };
  void watch();
  return {
    current: () => current,
    stopWatching: () => {
      closed = true;
    },
    close: async () => {
      closed = true;
      await current.close();
    },
  };
}
