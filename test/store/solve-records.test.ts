/**
 * The records and slots of background solves, against dynalite: one attempt holds a question at a
 * time, a solve past its time or a failure past its wait can be claimed again, only the holder ends
 * a solve, and no more solves run at once than there are slots.
 */
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { SolveRecords, solveRecordKey } from '../../store/solve-records';
import { SolveSlots } from '../../store/solve-slots';
import { freshTable, testClient } from '../support/dynamodb';

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
});
