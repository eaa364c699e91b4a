/**
 * The loader's checks (store/verify.ts) met one by one: a page checked in memory as it is written
 * (positions, ends and their records), and positions read back from the local server and compared
 * with the BFS's, every position of a page checked though the page is read once; and the count
 * by Scan, a throttled page asked again up to its attempts.
 */
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../core/seeded';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { generationKey } from '../../store/generations';
import { loadTable } from '../../store/loader';
import type { Manifest } from '../../store/manifests';
import { decodePage } from '../../packing/page-codec';
import { pageItem } from '../../store/page-items';
import { DEFAULT_RETRY } from '../../store/retry';
import type { StoredPosition, TablePages } from '../../store/table-pages';
import { checkPage, countItems, spotCheck } from '../../store/verify';
import { createDynamoClient } from '../../store/client';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { injectFaults } from '../support/faults';

const client = testClient();
const fast = { ...DEFAULT_RETRY, baseMs: 1, maxMs: 5 };
const DEPTH = 6;
let pages: TablePages;
let tableName: string;
let manifest: Manifest;

beforeAll(async () => {
  pages = (await knightsSpec('standard', DEPTH).build()) as TablePages;
  tableName = await freshTable(client, 'verify');
  ({ manifest } = await loadTable(client, knightsSpec('standard', DEPTH), { tableName, concurrency: 4 }));
});

/** The index of a page holding at least `least` positions. */
const pageWith = (least: number) => pages.pages.findIndex((_, index) => pages.expectedPage(index).positions >= least);

describe('a page checked as it is written', () => {
  it('passes when it holds what the BFS says, on every page', () => {
    for (let index = 0; index < pages.pages.length; index++) expect(checkPage(pages, index, DEPTH), String(index)).toBeUndefined();
  });

  it('fails, saying what it found, when its bytes do not decode (another page\'s among them)', () => {
    const index = pageWith(2);
    const { key } = pages.expectedPage(index);
    for (const bytes of [Uint8Array.of(255, 255, 255, 255), pages.encode(index === 0 ? 1 : 0)]) {
      expect(checkPage({ ...pages, encode: () => bytes }, index, DEPTH)).toMatch(new RegExp(`^${key} does not decode \\(.+\\)$`));
    }
  });

  it('fails when it holds another number of positions, or other ends, than the BFS says', () => {
    const index = pageWith(2);
    const real = pages.expectedPage(index);
    const ends = `slots ${real.first!.slot} to ${real.last!.slot}`;
    const expecting = (changed: object) => ({ ...pages, expectedPage: (i: number) => (i === index ? { ...real, ...changed } : pages.expectedPage(i)) });
    expect(checkPage(expecting({ positions: real.positions + 1 }), index, DEPTH)).toBe(`${real.key} should hold ${real.positions + 1} positions (${ends}) but holds ${real.positions} (${ends})`);
    const later = { ...real.first!, slot: real.first!.slot + 1 };
    expect(checkPage(expecting({ first: later }), index, DEPTH)).toBe(`${real.key} should hold ${real.positions} positions (slots ${later.slot} to ${real.last!.slot}) but holds ${real.positions} (${ends})`);
  });

  it.each(['first', 'last'] as const)('fails when its %s position\'s record differs from the BFS\'s, naming the slot and both records', (end) => {
    const index = pageWith(2);
    const real = pages.expectedPage(index);
    const position = real[end]!;
    const wrong = { ...position, record: { ...position.record, distance: position.record.distance + 1 } };
    const expecting = { ...pages, expectedPage: (i: number) => (i === index ? { ...real, [end]: wrong } : pages.expectedPage(i)) };
    expect(checkPage(expecting, index, DEPTH)).toBe(`slot ${position.slot} of ${real.key} should be ${JSON.stringify(wrong.record)}, found ${JSON.stringify(position.record)}`);
  });

  it('passes an empty page only when none is expected, and says "none" for its ends', () => {
    const index = pageWith(1);
    const real = pages.expectedPage(index);
    const expectingNone = { ...pages, expectedPage: (i: number) => (i === index ? { key: real.key, positions: 0, first: undefined, last: undefined } : pages.expectedPage(i)) };
    expect(checkPage(expectingNone, index, DEPTH)).toBe(`${real.key} should hold 0 positions (none) but holds ${real.positions} (slots ${real.first!.slot} to ${real.last!.slot})`);
  });
});

describe('positions read back', () => {
  const stored = (key: string) => generationKey(manifest.generation, key);
  /** Several positions of one page, and one of another. */
  function sample(): StoredPosition[] {
    const random = seededRandom(3);
    const many = Array.from({ length: 400 }, () => pages.samplePosition(random));
    const key = many[0].key;
    const onOne = many.filter((position) => position.key === key).slice(0, 3);
    expect(onOne.length).toBe(3);
    return [...onOne, many.find((position) => position.key !== key)!];
  }

  it('agree with the BFS when the pages are as written', async () => {
    expect(await spotCheck(client, tableName, pages, DEPTH, sample(), stored, fast)).toEqual([]);
  });

  it('are each compared, several on one page: those whose record differs fail, with what the page holds', async () => {
    const [a, b, c, d] = sample();
    const wrong = (position: StoredPosition) => ({ ...position, record: { ...position.record, distance: position.record.distance + 1 } });
    const failures = await spotCheck(client, tableName, pages, DEPTH, [a, wrong(b), wrong(c), d], stored, fast);
    expect(failures).toEqual([
      { expected: wrong(b), found: JSON.stringify(b.record) },
      { expected: wrong(c), found: JSON.stringify(c.record) },
    ]);
  });

  it('fail, each of them, when their page is missing or does not decode; a slot the page lacks is "no record"', async () => {
    const [a, b, c, d] = sample();
    const elsewhere = (key: string) => generationKey(manifest.generation + 5, key);
    expect((await spotCheck(client, tableName, pages, DEPTH, [a, b, d], elsewhere, fast)).map(({ found }) => found)).toEqual(['no page', 'no page', 'no page']);

    const damaged = await freshTable(client, 'verify-damaged');
    await client.send(new PutItemCommand({ TableName: damaged, Item: pageItem(stored(a.key), Uint8Array.of(255, 255, 255, 255)) }));
    const undecoded = await spotCheck(client, damaged, pages, DEPTH, [a, b, c], stored, fast);
    expect(undecoded.map(({ expected }) => expected)).toEqual([a, b, c]);
    for (const { found } of undecoded) expect(found).toMatch(/^a page that does not decode \(.+\)$/);

    const index = pages.pages.findIndex(({ key }) => key === a.key);
    const decoded = decodePage(pages.encode(index), pages.format, pages.layout, a.page, DEPTH);
    const emptySlot = Array.from({ length: pages.layout.ranksPerPage }, (_, slot) => slot).find((slot) => decoded.find(slot) === undefined)!;
    expect(await spotCheck(client, tableName, pages, DEPTH, [{ ...a, slot: emptySlot }], stored, fast)).toEqual([{ expected: { ...a, slot: emptySlot }, found: 'no record' }]);
  });
});

describe('a count of the table by Scan', () => {
  it('asks a throttled page again, and gives up after its attempts with the throttle; a request that is wrong fails at once', async () => {
    const throttled = createDynamoClient({ endpoint: testEndpoint() });
    const log = injectFaults(throttled, { scanThrottle: 1, random: () => 0 });
    await expect(countItems(throttled, tableName, 'g', 1, { ...fast, maxAttempts: 3 })).rejects.toMatchObject({ name: 'ProvisionedThroughputExceededException' });
    expect(log.scansThrottled).toBe(3);
    throttled.destroy();

    const calls: string[] = [];
    const counting = createDynamoClient({ endpoint: testEndpoint() });
    counting.middlewareStack.add((next, context) => (args) => (calls.push(context.commandName!), next(args)), { step: 'initialize' });
    await expect(countItems(counting, 'verify-no-such-table', 'g', 1, { ...fast, maxAttempts: 3 })).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    expect(calls).toEqual(['ScanCommand']);
    counting.destroy();
  });

  it('counts exactly the items under its prefix, over pages and segments', async () => {
    for (const segments of [1, 3]) expect(await countItems(client, tableName, generationKey(manifest.generation, ''), segments, fast)).toBe(manifest.pages);
  });
});
