/**
 * How many background solves may run at once, kept in the service's table as a few slots
 * (`solve#slot#<n>`), each held by one solve until it ends or its time is up: a semaphore every
 * container shares, that a solve which died without a word gives back by itself when its time
 * ends. Lambda's reserved concurrency would cap the solver too, but an account with a low
 * concurrency quota refuses any reservation; this cap asks nothing of the account.
 *
 * A slot is taken by a conditional write (free: never taken, given back, or held past its time),
 * so two containers never take the same one.
 */
import { ConditionalCheckFailedException, type DynamoDBClient, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { StoreUnavailableError } from './page-store';
import { SOLVE_PREFIX } from './solve-records';
import { PARTITION_KEY } from './table-schema';

export const solveSlotKey = (slot: number) => `${SOLVE_PREFIX}slot#${slot}`;

export interface SolveSlotsOptions {
  /** How many solves may run at once. */
  readonly slots: number;
  /** Longest wait for one DynamoDB call. */
  readonly timeoutMs: number;
  /** Where to start looking for a free slot (spreads the takers over the slots); random by default. */
  readonly random?: () => number;
}

export class SolveSlots {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
    private readonly options: SolveSlotsOptions,
  ) {}

  /** Takes a free slot for `attempt` until `until` (ms since the epoch): its number, or undefined when every slot is held. */
  async take(attempt: string, now: number, until: number): Promise<number | undefined> {
    const count = this.options.slots;
    const first = Math.floor((this.options.random ?? Math.random)() * count);
    for (let i = 0; i < count; i++) {
      const slot = (first + i) % count;
      const taken = await this.write(
        slot,
        'SET #until = :until, #attempt = :attempt',
        'attribute_not_exists(#pk) OR #until <= :now',
        { ':until': { N: String(until) }, ':attempt': { S: attempt }, ':now': { N: String(now) } },
        { '#pk': PARTITION_KEY },
      );
      if (taken) return slot;
    }
    return undefined;
  }

  /** Gives the slot back, if `attempt` still holds it. */
  async give(slot: number, attempt: string): Promise<void> {
    await this.write(slot, 'SET #until = :zero', '#attempt = :attempt', { ':zero': { N: '0' }, ':attempt': { S: attempt } });
  }

  private async write(slot: number, update: string, condition: string, values: Record<string, { N: string } | { S: string }>, names: Record<string, string> = {}): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: { [PARTITION_KEY]: { S: solveSlotKey(slot) } },
          UpdateExpression: update,
          ConditionExpression: condition,
          ExpressionAttributeNames: { '#until': 'until', '#attempt': 'attempt', ...names },
          ExpressionAttributeValues: values,
        }),
        { abortSignal: AbortSignal.timeout(this.options.timeoutMs) },
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw new StoreUnavailableError(`DynamoDB could not be used for a background solve: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`, { cause: error });
    }
  }
}
