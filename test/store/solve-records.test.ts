/**
 * The records and slots of background solves, against dynalite: one attempt holds a question at a
 * time, a solve past its time or a failure past its wait can be claimed again, only the holder ends
 * a solve, and no more solves run at once than there are slots.
 */
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { SolveRecords, solveRecordKey } from '../../store/solve-records';
import { SolveSlots } from '../../store/solve-slots';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { createDynamoClient } from '../../store/client';
import { withSilentEndpoint } from '../support/silent-server';
import { StoreUnavailableError } from '../../store/page-store';

const client = testClient();
const RULES = { solveMs: 1000, retryAfterMs: 5000 };

describe('solve records', () => {
  let records: SolveRecords;
  beforeAll(async () => {
    records = new SolveRecords(client, await freshTable(client, 'solve-records'), { timeoutMs: 5000 });
  });

  it('are claimed by one attempt of many asking at once', async () => {
    expect(await records.read('p', 'q1')).toBeUndefined();
    const claims = await Promise.all(['a', 'b', 'c', 'd'].map((attempt) => records.claim('p', 'q1', attempt, { ...RULES, now: 100 })));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const holder = ['a', 'b', 'c', 'd'][claims.indexOf(true)];
    expect(await records.read('p', 'q1', true)).toEqual({ state: 'solving', attempt: holder, since: 100 });
    // still within its time: nobody else; past it, it died without a word, which counts as a failure for as long as one
    expect(await records.claim('p', 'q1', 'e', { ...RULES, now: 1000 })).toBe(false);
    expect(await records.claim('p', 'q1', 'e', { ...RULES, now: 6099 })).toBe(false);
    // past that too: another may claim it
    expect(await records.claim('p', 'q1', 'e', { ...RULES, now: 6100 })).toBe(true);
    // the first attempt, come back late, cannot end what is no longer its own
    expect(await records.finish('p', 'q1', { state: 'solved', attempt: holder, since: 100, at: 1200, answer: '{"steps":1}' })).toBe(false);
    expect(await records.finish('p', 'q1', { state: 'solved', attempt: 'e', since: 1101, at: 1200, answer: '{"steps":1}' })).toBe(true);
    expect(await records.read('p', 'q1', true)).toEqual({ state: 'solved', attempt: 'e', since: 1101, at: 1200, answer: '{"steps":1}' });
    // a kept answer is never claimed again
    expect(await records.claim('p', 'q1', 'f', { ...RULES, now: 10 ** 9 })).toBe(false);
  });

  it('let a failed solve be tried again only after its wait', async () => {
    expect(await records.claim('p', 'q2', 'a', { ...RULES, now: 0 })).toBe(true);
    expect(await records.finish('p', 'q2', { state: 'failed', attempt: 'a', since: 0, at: 10, reason: 'ran out of time' })).toBe(true);
    expect(await records.read('p', 'q2', true)).toMatchObject({ state: 'failed', reason: 'ran out of time', at: 10 });
    expect(await records.claim('p', 'q2', 'b', { ...RULES, now: 5009 })).toBe(false);
    expect(await records.claim('p', 'q2', 'b', { ...RULES, now: 5010 })).toBe(true);
  });

  it('read a record of another format as absent, and claim over it', async () => {
    const tableName = await freshTable(client, 'solve-records-format');
    const others = new SolveRecords(client, tableName, { timeoutMs: 5000 });
    await client.send(new PutItemCommand({ TableName: tableName, Item: { pk: { S: solveRecordKey('p', 'q') }, v: { N: '0' }, state: { S: 'solved' }, answer: { S: 'old' } } }));
    expect(await others.read('p', 'q', true)).toBeUndefined();
    expect(await others.claim('p', 'q', 'a', { ...RULES, now: 1 })).toBe(true);
  });
});

describe('reading a record', () => {
  it('is eventually consistent (half a read unit) unless asked otherwise, when it must see the last write', async () => {
    const tableName = await freshTable(client, 'solve-records-reads');
    const watched = createDynamoClient({ endpoint: testEndpoint() });
    const consistent: unknown[] = [];
    watched.middlewareStack.add(
      (next) => async (args) => {
        consistent.push((args.input as { ConsistentRead?: boolean }).ConsistentRead);
        return next(args);
      },
      { step: 'initialize', name: 'watchReads' },
    );
    const records = new SolveRecords(watched, tableName, { timeoutMs: 5000 });
    await records.read('p', 'q');
    await records.read('p', 'q', true);
    expect(consistent).toEqual([false, true]);
    watched.destroy();
  });
});

describe('a solve that could not be started', () => {
  it('frees its question for the next attempt, when its attempt still holds it and has not ended', async () => {
    const records = new SolveRecords(client, await freshTable(client, 'solve-release'), { timeoutMs: 5000 });
    expect(await records.claim('p', 'q', 'a', { ...RULES, now: 0 })).toBe(true);
    await records.release('p', 'q', 'someone else'); // not its own: nothing changes
    expect(await records.read('p', 'q', true)).toEqual({ state: 'solving', attempt: 'a', since: 0 });
    await records.release('p', 'q', 'a');
    expect(await records.read('p', 'q', true)).toBeUndefined();
    expect(await records.claim('p', 'q', 'b', { ...RULES, now: 1 })).toBe(true);
    expect(await records.finish('p', 'q', { state: 'solved', attempt: 'b', since: 1, at: 2, answer: '{"steps":0}' })).toBe(true);
    await records.release('p', 'q', 'b'); // ended: the answer is kept
    expect(await records.read('p', 'q', true)).toMatchObject({ state: 'solved', answer: '{"steps":0}' });
  });
});

describe('records of another kind', () => {
  it('are read as absent: no state or an unknown one, an answer that is not JSON or none, a solve ended at no time, a failure without its reason, a record without its attempt or start, of another version or none', async () => {
    const tableName = await freshTable(client, 'solve-records-kinds');
    const records = new SolveRecords(client, tableName, { timeoutMs: 5000 });
    const base = { v: { N: '1' }, attempt: { S: 'a' }, since: { N: '1' }, at: { N: '2' } };
    const items = {
      unknown: { ...base, state: { S: 'paused' } },
      'no-state': base,
      'no-answer': { ...base, state: { S: 'solved' } },
      'solved-at-no-time': { v: { N: '1' }, attempt: { S: 'a' }, since: { N: '1' }, state: { S: 'solved' }, answer: { S: '{"steps":3}' } },
      'not-json': { ...base, state: { S: 'solved' }, answer: { S: '{steps' } },
      'no-reason': { ...base, state: { S: 'failed' } },
      'no-attempt': { v: { N: '1' }, since: { N: '1' }, state: { S: 'solving' } },
      'no-since': { v: { N: '1' }, attempt: { S: 'a' }, state: { S: 'solving' } },
      'another-version': { ...base, v: { N: '2' }, state: { S: 'solving' } },
      'no-version': { attempt: { S: 'a' }, since: { N: '1' }, state: { S: 'solving' } },
    };
    for (const [question, item] of Object.entries(items)) {
      await client.send(new PutItemCommand({ TableName: tableName, Item: { pk: { S: solveRecordKey('p', question) }, ...item } }));
      expect(await records.read('p', question, true), question).toBeUndefined();
    }
    await client.send(new PutItemCommand({ TableName: tableName, Item: { pk: { S: solveRecordKey('p', 'json') }, ...base, state: { S: 'solved' }, answer: { S: '{"steps":3}' } } }));
    expect(await records.read('p', 'json', true)).toEqual({ state: 'solved', attempt: 'a', since: 1, at: 2, answer: '{"steps":3}' });
  });
});

describe('a store that cannot be reached', () => {
  it('fails each call with an error saying DynamoDB could not be used for a background solve, and why', async () => {
    const gone = createDynamoClient({ endpoint: 'http://127.0.0.1:9' });
    const records = new SolveRecords(gone, 'nowhere', { timeoutMs: 2000 });
    const slots = new SolveSlots(gone, 'nowhere', { slots: 1, timeoutMs: 2000 });
    const calls = [
      () => records.read('p', 'q'),
      () => records.claim('p', 'q', 'a', { ...RULES, now: 0 }),
      () => records.finish('p', 'q', { state: 'failed', attempt: 'a', since: 0, at: 1, reason: 'r' }),
      () => records.release('p', 'q', 'a'),
      () => slots.take('a', 0, 1),
      () => slots.give(0, 'a'),
    ];
    for (const call of calls) {
      const failure = call();
      await expect(failure).rejects.toThrow(StoreUnavailableError);
      await expect(failure).rejects.toThrow(/^DynamoDB could not be used for a background solve: \w+: ./);
      await expect(failure).rejects.toMatchObject({ cause: expect.any(Error) });
    }
    gone.destroy();
  });
});

describe('a store that never answers', () => {
  it("fails each call once its time is up, instead of holding the solve's request", async () => {
    await withSilentEndpoint(async (endpoint) => {
      const hanging = createDynamoClient({ endpoint });
      const records = new SolveRecords(hanging, 'silent', { timeoutMs: 100 });
      const slots = new SolveSlots(hanging, 'silent', { slots: 1, timeoutMs: 100 });
      const calls = {
        read: () => records.read('p', 'q'),
        claim: () => records.claim('p', 'q', 'a', { ...RULES, now: 0 }),
        finish: () => records.finish('p', 'q', { state: 'failed', attempt: 'a', since: 0, at: 1, reason: 'r' }),
        release: () => records.release('p', 'q', 'a'),
        take: () => slots.take('a', 0, 1),
        give: () => slots.give(0, 'a'),
      };
      try {
        for (const [name, call] of Object.entries(calls)) {
          const failure = call().then(
            () => 'answered',
            (error: unknown) => error,
          );
          expect(await failure, name).toMatchObject({ name: 'StoreUnavailableError', cause: { name: 'AbortError' } });
        }
      } finally {
        hanging.destroy();
      }
    });
  }, 10_000); // a call without its time would hang until this timeout
});

describe('solve slots', () => {
  it('let no more solves run at once than there are slots, and free a slot given back or past its time', async () => {
    const slots = new SolveSlots(client, await freshTable(client, 'solve-slots'), { slots: 2, timeoutMs: 5000 });
    const taken = await Promise.all(['a', 'b', 'c'].map((attempt) => slots.take(attempt, 0, 1000)));
    expect(taken.filter((slot) => slot !== undefined).sort()).toEqual([0, 1]);
    expect(await slots.take('d', 999, 2000)).toBeUndefined();
    // given back by another attempt than its holder: still held
    const holderOf0 = ['a', 'b', 'c'][taken.indexOf(0)];
    await slots.give(0, 'someone else');
    expect(await slots.take('d', 999, 2000)).toBeUndefined();
    await slots.give(0, holderOf0);
    expect(await slots.take('d', 999, 2000)).toBe(0);
    // slot 1's holder never gave it back (a solve that died): free once its time is up
    expect(await slots.take('e', 1000, 3000)).toBe(1);
  });

  it('are tried from a random one, so that solves at once do not all contend for the first', async () => {
    const tableName = await freshTable(client, 'solve-slots-random');
    const from = (random: number) => new SolveSlots(client, tableName, { slots: 4, timeoutMs: 5000, random: () => random });
    expect(await from(0.8).take('a', 0, 1000)).toBe(3);
    expect(await from(0.3).take('b', 0, 1000)).toBe(1);
    expect(await from(0.8).take('c', 0, 1000)).toBe(0); // 3 is held: the next, round to the first
  });
});
