/**
 * A load's reads kept under a rate of read units a second, so that they leave the rest of the
 * table's cap on reads to the function answering from it: on AWS the table serves at most
 * `maxReadRequestUnits` a second to everyone (lib/tablebase-table.ts), and a reload's verification
 * (whole-table Scans, spot checks) would otherwise take all of it, throttling the function's
 * lookups into searches for as long as it runs.
 *
 * Reads spend their units as they are made; the pace waits before the next one until the units
 * spent are within the rate, with a second's worth of burst (what DynamoDB's own buckets allow).
 */
import { setTimeout as sleep } from 'node:timers/promises';

export class ReadPace {
  /** When the units spent so far are paid off at the rate, on performance.now()'s clock. */
  private paidOffAt = 0;

  /**
   * `unitsPerSecond` may be Infinity (no pace); `stop`, when given, is asked before every read and
   * may refuse it by throwing (a load's checks out of time: load-deadline.ts).
   */
  constructor(
    readonly unitsPerSecond: number,
    private readonly stop?: () => void,
  ) {
    if (!(unitsPerSecond > 0)) throw new RangeError(`a read pace is a positive number of read units a second; got ${unitsPerSecond}`);
  }

  /** Records `units` read, then waits while more than a second's worth of them is not yet paid off. */
  async spend(units: number): Promise<void> {
    this.stop?.();
    const now = performance.now();
    this.paidOffAt = Math.max(this.paidOffAt, now) + (units / this.unitsPerSecond) * 1000;
    const wait = this.paidOffAt - now - 1000;
    if (wait > 0) await sleep(wait);
  }
}

/** Read units of reading `items` pages of at most 4 KB each (half a unit each, a full one when strongly consistent). */
export const pageReadUnits = (items: number, consistent: boolean) => items * (consistent ? 1 : 0.5);
