/**
 * A page damaged in the table after its load, as a disk or a hand could damage it: one bit flipped
 * in the item that holds a question's record, its checksum left as it was. The bit is one the page
 * codec cannot see (the page still decodes, to another line for the question), so only the
 * checksum stands between it and a wrong answer: the function answers by search, and reports the
 * damage as bad data, not as DynamoDB failing.
 */
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../core/clock';
import { DEFAULT_SEARCH_LIMITS } from '../../lambda/app-state';
import { AnswerService } from '../../lambda/answer-service';
import { type FunctionUrlHandler, createHandler } from '../../lambda/handler';
import { parseKnightsBoard } from '../../puzzles/knights/rules/board';
import { encodeKnights, knightsRank } from '../../puzzles/knights/rules/space';
import { tableOfGoal } from '../../puzzles/knights/loaded-goals';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { KNIGHTS_FORMAT } from '../../puzzles/knights/tables';
import { createDynamoClient } from '../../store/client';
import { loadTable } from '../../store/loader';
import { decodePage } from '../../packing/page-codec';
import { pageSlotOf } from '../../packing/page-layout';
import { PageStore } from '../../store/page-store';
import { DEFAULT_RETRY } from '../../store/retry';
import { pageKey } from '../../store/table-keys';
import { generationKey } from '../../store/generations';
import { PAGE_ATTRIBUTE } from '../../store/page-items';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { call } from '../support/function-url';
import { quietLog } from '../support/log';
import { registry } from '../../puzzles/registered';

const client = testClient();
/** The SPEC's first knights board: 7 moves from the standard goal. */
const SAMPLE = '10110/01*11/10111/01001/00000';

/** The function on `tableName`, with its own caches, telling what it reports. */
function handlerOn(tableName: string): { handler: FunctionUrlHandler; bad: unknown[]; down: unknown[] } {
  const bad: unknown[] = [];
  const down: unknown[] = [];
  const store = new PageStore(createDynamoClient({ endpoint: testEndpoint() }), tableName, { timeoutMs: 2000, manifestTtlMs: 60_000, cacheBytes: 1 << 20, retry: DEFAULT_RETRY, clock: systemClock });
  const answers = new AnswerService(registry, store, { onBadData: (error) => bad.push(error), onStoreError: (error) => down.push(error) });
  return { handler: createHandler({ registry, answers, clock: systemClock, log: quietLog(), search: DEFAULT_SEARCH_LIMITS }), bad, down };
}

describe('a page with one bit flipped in the table', () => {
  it('is refused by its checksum: the answer comes from the search, and the damage is reported', async () => {
    const tableName = await freshTable(client, 'bit-flip');
    const { manifest } = await loadTable(client, knightsSpec('standard', 8), { tableName, concurrency: 8 });
    const { page, slot } = pageSlotOf(manifest.layout, knightsRank(encodeKnights(parseKnightsBoard(SAMPLE))));
    const key = generationKey(manifest.generation, pageKey(tableOfGoal('standard'), page, KNIGHTS_FORMAT.pageDigits));
    const item = (await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: key } } }))).Item!;

    const intact = handlerOn(tableName);
    expect((await call(intact.handler, { path: '/knights', query: `board=${SAMPLE}` })).json).toMatchObject({ steps: 7, source: 'table' });

    // A bit whose flip still decodes, to another record for SAMPLE: a wrong answer but for the checksum.
    const bytes = item[PAGE_ATTRIBUTE].B!;
    const decoded = decodePage(bytes, KNIGHTS_FORMAT, manifest.layout, page, manifest.depth);
    const truth = decoded.find(slot);
    const misread = (bit: number) => {
      const damaged = bytes.slice();
      damaged[bit >>> 3] ^= 0x80 >>> (bit & 7);
      try {
        const record = decodePage(damaged, KNIGHTS_FORMAT, manifest.layout, page, manifest.depth).find(slot);
        return record && JSON.stringify(record) !== JSON.stringify(truth) ? damaged : undefined;
      } catch {
        return undefined; // the codec refuses this one itself
      }
    };
    // Looked for from about where SAMPLE's record lies, its share of the way through the page's records.
    const bits = bytes.length * 8;
    const near = Math.floor((bits * decoded.slots.indexOf(slot)) / decoded.count);
    let damaged: Uint8Array | undefined;
    for (let step = 0; damaged === undefined && step < bits; step++) damaged = misread((near + step) % bits);
    expect(damaged).toBeDefined();
    await client.send(new PutItemCommand({ TableName: tableName, Item: { ...item, [PAGE_ATTRIBUTE]: { B: damaged! } } }));

    const { handler, bad, down } = handlerOn(tableName);
    expect((await call(handler, { path: '/knights', query: `board=${SAMPLE}` })).json).toMatchObject({ steps: 7, path: [4, 13, 16, 7, 10, 1, 12], source: 'search' });
    expect(bad.map(String)).toEqual([expect.stringMatching(new RegExp(`^MalformedItemError: page ${key.replace(/[#/]/g, '.')} does not match its checksum .*reload the table$`))]);
    expect(down).toEqual([]);
  });
});
