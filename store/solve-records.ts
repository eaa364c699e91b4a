/**
 * Questions solved in the background, one item each in the service's table under a key of their
 * own (`solve#<puzzle>#<question>`): a question being solved (since when, by which attempt), its
 * answer once solved and checked, or why its solve failed. Every key starts with SOLVE_PREFIX, so
 * that a role may be allowed to write these items and no other (IAM's dynamodb:LeadingKeys).
 *
 * Knows no puzzle: a puzzle names its questions (a key) and writes its answers (JSON text). Only
 * one attempt at a time holds a question: a claim is a conditional write that succeeds on a
 * question never asked, on a solve whose time is up (it can only have died), or on a failure old
 * enough to be tried again.
 */
import { ConditionalCheckFailedException, DeleteItemCommand, type DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { StoreUnavailableError } from './page-store';
import { type DynamoItem, PARTITION_KEY } from './table-schema';

/** Every item of a background solve (its question's record, the slots) has a key starting so. */
export const SOLVE_PREFIX = 'solve#';

/** The records' format: a record of another is read as absent (and solved again), never misread. */
export const SOLVE_RECORD_VERSION = 1;

export const solveRecordKey = (puzzle: string, question: string) => `${SOLVE_PREFIX}${puzzle}#${question}`;

export type SolveRecord =
  | { readonly state: 'solving'; readonly attempt: string; readonly since: number }
  | { readonly state: 'solved'; readonly attempt: string; readonly since: number; readonly at: number; readonly answer: string }
  | { readonly state: 'failed'; readonly attempt: string; readonly since: number; readonly at: number; readonly reason: string };

export interface ClaimRules {
  /** Now, in milliseconds since the epoch. */
  readonly now: number;
  /** A solve started this long ago has ended, whatever its record says (the solver's timeout, and a margin): it failed then. */
  readonly solveMs: number;
  /** A failed solve may be tried again this long after it failed. */
  readonly retryAfterMs: number;
}

export interface SolveRecordsOptions {
  /** Longest wait for one DynamoDB call. */
  readonly timeoutMs: number;
}

export class SolveRecords {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
    private readonly options: SolveRecordsOptions,
  ) {}

  /** The question's record, or undefined when it was never asked (or was kept in another format). */
  async read(puzzle: string, question: string, consistent = false): Promise<SolveRecord | undefined> {
    const result = await this.call(() =>
      this.client.send(new GetItemCommand({ TableName: this.tableName, Key: { [PARTITION_KEY]: { S: solveRecordKey(puzzle, question) } }, ConsistentRead: consistent }), {
        abortSignal: AbortSignal.timeout(this.options.timeoutMs),
      }),
    );
    return result.Item ? recordOf(result.Item) : undefined;
  }

  /**
   * Makes `attempt` the question's solve, started now, when no other holds it (ClaimRules): true
   * when it does, false when another attempt holds it or its failure is too recent.
   */
  async claim(puzzle: string, question: string, attempt: string, rules: ClaimRules): Promise<boolean> {
    try {
      await this.call(() =>
        this.client.send(
          new PutItemCommand({
            TableName: this.tableName,
            Item: itemOf(solveRecordKey(puzzle, question), { state: 'solving', attempt, since: rules.now }),
            // never asked, another format's, a failure old enough, or a solve that ended without a word as long ago
            ConditionExpression:
              'attribute_not_exists(#pk) OR attribute_not_exists(#v) OR #v <> :v OR (#state = :solving AND #since <= :ended) OR (#state = :failed AND #at <= :retry)',
            ExpressionAttributeNames: { '#pk': PARTITION_KEY, '#v': 'v', '#state': 'state', '#since': 'since', '#at': 'at' },
            ExpressionAttributeValues: {
              ':v': { N: String(SOLVE_RECORD_VERSION) },
              ':solving': { S: 'solving' },
              ':failed': { S: 'failed' },
              ':ended': { N: String(rules.now - rules.solveMs - rules.retryAfterMs) },
              ':retry': { N: String(rules.now - rules.retryAfterMs) },
            },
          }),
          { abortSignal: AbortSignal.timeout(this.options.timeoutMs) },
        ),
      );
      return true;
    } catch (error) {
      if (error instanceof StoreUnavailableError && error.cause instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  /**
   * Ends `attempt`'s solve with its answer or its failure, provided the question is still its own
   * (a solve that outlived its time and was claimed again writes nothing). True when written.
   */
  async finish(puzzle: string, question: string, record: Exclude<SolveRecord, { state: 'solving' }>): Promise<boolean> {
    try {
      await this.call(() =>
        this.client.send(
          new PutItemCommand({
            TableName: this.tableName,
            Item: itemOf(solveRecordKey(puzzle, question), record),
            ConditionExpression: '#attempt = :attempt AND #state = :solving',
            ExpressionAttributeNames: { '#attempt': 'attempt', '#state': 'state' },
            ExpressionAttributeValues: { ':attempt': { S: record.attempt }, ':solving': { S: 'solving' } },
          }),
          { abortSignal: AbortSignal.timeout(this.options.timeoutMs) },
        ),
      );
      return true;
    } catch (error) {
      if (error instanceof StoreUnavailableError && error.cause instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  /** Frees the question again, if `attempt` still holds it and has not ended (it could not be started after all). */
  async release(puzzle: string, question: string, attempt: string): Promise<void> {
    try {
      await this.call(() =>
        this.client.send(
          new DeleteItemCommand({
            TableName: this.tableName,
            Key: { [PARTITION_KEY]: { S: solveRecordKey(puzzle, question) } },
            ConditionExpression: '#attempt = :attempt AND #state = :solving',
            ExpressionAttributeNames: { '#attempt': 'attempt', '#state': 'state' },
            ExpressionAttributeValues: { ':attempt': { S: attempt }, ':solving': { S: 'solving' } },
          }),
          { abortSignal: AbortSignal.timeout(this.options.timeoutMs) },
        ),
      );
    } catch (error) {
      if (!(error instanceof StoreUnavailableError && error.cause instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  private async call<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      throw new StoreUnavailableError(`DynamoDB could not be used for a background solve: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`, { cause: error });
    }
  }
}

function itemOf(key: string, record: SolveRecord): DynamoItem {
  return {
    [PARTITION_KEY]: { S: key },
    v: { N: String(SOLVE_RECORD_VERSION) },
    state: { S: record.state },
    attempt: { S: record.attempt },
    since: { N: String(record.since) },
    ...(record.state === 'solving' ? {} : { at: { N: String(record.at) } }),
    ...(record.state === 'solved' ? { answer: { S: record.answer } } : {}),
    ...(record.state === 'failed' ? { reason: { S: record.reason } } : {}),
  };
}

/** A record as written by itemOf; undefined for one of another format (or not one at all). */
function recordOf(item: DynamoItem): SolveRecord | undefined {
  if (item.v?.N !== String(SOLVE_RECORD_VERSION)) return undefined;
  const attempt = item.attempt?.S;
  const since = Number(item.since?.N);
  const at = Number(item.at?.N);
  if (attempt === undefined || !Number.isFinite(since)) return undefined;
  switch (item.state?.S) {
    case 'solving':
      return { state: 'solving', attempt, since };
    case 'solved':
      return item.answer?.S !== undefined && Number.isFinite(at) && isJson(item.answer.S) ? { state: 'solved', attempt, since, at, answer: item.answer.S } : undefined;
    case 'failed':
      return item.reason?.S !== undefined && Number.isFinite(at) ? { state: 'failed', attempt, since, at, reason: item.reason.S } : undefined;
    default:
      return undefined;
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
