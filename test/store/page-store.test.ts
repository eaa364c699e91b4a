import { InternalServerError } from '@aws-sdk/client-dynamodb';
import { systemClock } from '../../core/clock';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalize } from '../../puzzles/eight/rules/canonical';
import { searchEight } from '../../puzzles/eight/rules/search';
import { encodeEight } from '../../puzzles/eight/rules/space';
import { resolveKnightsGoal } from '../../puzzles/knights/rules/goals';
import { searchKnights } from '../../puzzles/knights/rules/search';
import { searchBudget } from '../support/search-budget';
import { encodeKnights, knightsRank } from '../../puzzles/knights/rules/space';
import { type KnightsBoard, parseKnightsBoard } from '../../puzzles/knights/rules/board';
import { createDynamoClient } from '../../store/client';
import { loadTable } from '../../store/loader';
import { pageSlotOf } from '../../packing/page-layout';
import { readPages } from '../../store/page-reads';
import { PageMissingError, PageStore, StoreUnavailableError } from '../../store/page-store';
import { EIGHT_FORMAT, eightLetters, eightSection } from '../../puzzles/eight/tables';
import { tableOfGoal } from '../../puzzles/knights/loaded-goals';
import { KNIGHTS_FORMAT } from '../../puzzles/knights/tables';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { DEFAULT_RETRY } from '../../store/retry';
import { pageKey } from '../../store/table-keys';
import { generationKey } from '../../store/generations';
import type { Manifest } from '../../store/manifests';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { readerTables } from '../support/reader-tables';
import { injectFaults } from '../support/faults';
import { withSilentEndpoint } from '../support/silent-server';
import { eightBoardArbitrary } from '../../puzzles/eight/seeded-inputs';
import { knightsWalkArbitrary } from '../../puzzles/knights/seeded-inputs';
import { samples, seededRandom } from '../../core/seeded';
import fc from 'fast-check';
import { isReachable } from '../../puzzles/eight/rules/board';

const client = testClient();
const fast = { ...DEFAULT_RETRY, baseMs: 1, maxMs: 5, maxAttempts: 20 };
const standard = resolveKnightsGoal('standard');
let tableName: string;
let knights: Manifest;
let eight: Manifest;

beforeAll(async () => {
  ({ tableName, knights, eight } = await readerTables(client));
});

/** A reader on its own client, counting the DynamoDB calls it makes. */
function reader(cacheBytes = 16 << 20) {
  const own = createDynamoClient({ endpoint: testEndpoint() });
  const calls: string[] = [];
  own.middlewareStack.add((next, context) => (args) => (calls.push(context.commandName!), next(args)), { step: 'initialize' });
  const store = new PageStore(own, tableName, { timeoutMs: 2000, manifestTtlMs: 60_000, cacheBytes, retry: fast, clock: systemClock });
  return { store, calls, own };
}

describe('the page store', () => {
  it('answers every position as the search does, knights (within and beyond the depth) and eight', async () => {
    const budget = searchBudget(2_500);
    const { store, own } = reader();
    for (const board of samples(knightsWalkArbitrary(standard.board, 14), 24, 5)) {
      const record = await store.lookup(KNIGHTS_FORMAT, knights, tableOfGoal('standard'), knightsRank(encodeKnights(board)));
      const truth = searchKnights({ board, goal: standard, limit: 10 }, budget);
      expect(record ? { steps: record.distance, path: record.line } : { steps: -1, path: [] }).toEqual(truth);
    }
    const pairs = samples(fc.tuple(eightBoardArbitrary, eightBoardArbitrary), 40, 6).filter(([a, b]) => isReachable(a, b));
    for (const [a, b] of pairs) {
      const { goalIndex, from } = canonicalize(a, b);
      const record = (await store.lookup(EIGHT_FORMAT, eight, eightSection(goalIndex), encodeEight(from)))!;
      expect({ steps: record.distance, path: eightLetters(from.indexOf(0), record.line) }).toEqual(searchEight({ from: a, to: b }, budget));
    }
    own.destroy();
  });

  it('reads a page once for all the positions on it, concurrent or later, and only again once the cache lets it go', async () => {
    const { store, calls, own } = reader();
    // Ranks on one page of the eight table, goal 12345678X.
    const ranks = Array.from({ length: 20_000 }, (_, r) => r).filter((r) => pageSlotOf(eight.layout, r).page === 3).slice(0, 10);
    expect(ranks.length).toBe(10);
    await Promise.all(ranks.map((rank) => store.lookup(EIGHT_FORMAT, eight, eightSection(8), rank)));
    await store.lookup(EIGHT_FORMAT, eight, eightSection(8), ranks[0]);
    expect(calls).toEqual(['GetItemCommand']);
    // Two other pages at once: one BatchGetItem.
    const others = [5, 6].map((page) => Array.from({ length: 40_000 }, (_, r) => r).find((r) => pageSlotOf(eight.layout, r).page === page)!);
    await Promise.all(others.map((rank) => store.lookup(EIGHT_FORMAT, eight, eightSection(8), rank)));
    expect(calls).toEqual(['GetItemCommand', 'BatchGetItemCommand']);
    own.destroy();

    const tiny = reader(1); // no room for any page
    await tiny.store.lookup(EIGHT_FORMAT, eight, eightSection(8), ranks[0]);
    await tiny.store.lookup(EIGHT_FORMAT, eight, eightSection(8), ranks[1]);
    expect(tiny.calls).toEqual(['GetItemCommand', 'GetItemCommand']);
    tiny.own.destroy();
  });

  it('retries keys BatchGetItem leaves unprocessed until every page is read', async () => {
    const faulty = createDynamoClient({ endpoint: testEndpoint() });
    const log = injectFaults(faulty, { unprocessedKeys: 0.8, random: seededRandom(4) });
    const perGoal = eight.pages / 9;
    const keys = Array.from({ length: eight.pages }, (_, i) => generationKey(eight.generation, pageKey(eightSection(Math.floor(i / perGoal)), i % perGoal, EIGHT_FORMAT.pageDigits))).sort();
    const items = await readPages(faulty, tableName, keys, { policy: fast });
    faulty.destroy();
    expect(log.unprocessedReads).toBeGreaterThan(5);
    expect([...items.keys()].sort()).toEqual(keys);
  });

  it('gives up with a clear error when keys stay unprocessed', async () => {
    const faulty = createDynamoClient({ endpoint: testEndpoint() });
    injectFaults(faulty, { unprocessedKeys: 1, random: () => 0 });
    await expect(readPages(faulty, tableName, ['eight#12345678X#p0000', 'eight#12345678X#p0001'], { policy: { ...fast, maxAttempts: 3 } })).rejects.toThrow(
      /left 2 keys unprocessed 3 times in a row/,
    );
    faulty.destroy();
  });
});

describe('a page the reader cannot have', () => {
  it('is an error naming the page when the manifest promises a page the table lacks', async () => {
    const { store, own } = reader();
    const elsewhere = { ...knights, generation: knights.generation + 7 }; // a generation holding no pages
    const lookup = store.lookup(KNIGHTS_FORMAT, elsewhere, tableOfGoal('standard'), knightsRank(encodeKnights(standard.board)));
    await expect(lookup).rejects.toThrow(PageMissingError);
    await expect(lookup).rejects.toMatchObject({ name: 'PageMissingError', message: expect.stringMatching(/^The manifest of knights#standard promises page knights#standard#p\d+, but the table has no such item; reload the table\.$/) });
    own.destroy();
  });

  it('is an error for every question waiting on it when the store cannot be reached, alone or read together', async () => {
    const gone = createDynamoClient({ endpoint: 'http://127.0.0.1:9' });
    const store = new PageStore(gone, tableName, { timeoutMs: 2000, manifestTtlMs: 60_000, cacheBytes: 1 << 20, retry: { ...fast, maxAttempts: 2 }, clock: systemClock });
    const one = store.lookup(EIGHT_FORMAT, eight, eightSection(8), 0);
    await expect(one).rejects.toThrow(StoreUnavailableError);
    await expect(one).rejects.toMatchObject({ message: expect.stringMatching(/^DynamoDB could not be read: \w+: ./), cause: expect.any(Error) });
    const together = [5, 6, 7].map((page) => store.lookup(EIGHT_FORMAT, eight, eightSection(8), Array.from({ length: 40_000 }, (_, r) => r).find((r) => pageSlotOf(eight.layout, r).page === page)!));
    const settled = await Promise.allSettled(together);
    expect(settled.map((result) => result.status === 'rejected' && result.reason instanceof StoreUnavailableError)).toEqual([true, true, true]);
    gone.destroy();
  });
});

describe('a store that never answers', () => {
  it('fails a manifest read and a page read once their time is up, saying so', async () => {
    await withSilentEndpoint(async (endpoint) => {
      const hanging = createDynamoClient({ endpoint });
      const store = new PageStore(hanging, 'silent', { timeoutMs: 100, manifestTtlMs: 60_000, cacheBytes: 1 << 20, retry: fast, clock: systemClock });
      try {
        const reads = { manifest: () => store.table(tableOfGoal('standard')), page: () => store.lookup(EIGHT_FORMAT, eight, eightSection(8), 0) };
        for (const [name, read] of Object.entries(reads)) {
          const failure = read().then(
            () => 'answered',
            (error: unknown) => error,
          );
          expect(await failure, name).toMatchObject({ name: 'StoreUnavailableError', message: expect.stringMatching(/^DynamoDB could not be read: AbortError: /), cause: { name: 'AbortError' } });
        }
      } finally {
        hanging.destroy();
      }
    });
  }, 10_000); // a read without its time would hang until this timeout
});

describe('a warm reader after a forced reload with the same keys', () => {
  it("serves the new bytes: its cache of decoded pages is keyed by the manifest's checksum, which covers them", async () => {
    const table = await freshTable(client, 'reloaded');
    const [before, after] = [standard.board, parseKnightsBoard('01011/110*1/01110/01010/00100')]; // 18 moves apart
    const rankOf = (board: KnightsBoard) => knightsRank(encodeKnights(board));
    const first = (await loadTable(client, knightsSpec('swap', 3, before), { tableName: table, concurrency: 8 })).manifest;
    const own = createDynamoClient({ endpoint: testEndpoint() });
    const store = new PageStore(own, table, { timeoutMs: 2000, manifestTtlMs: 60_000, cacheBytes: 16 << 20, retry: fast, clock: systemClock });
    const manifest = async () => {
      const state = await store.table(tableOfGoal('swap'));
      return state.state === 'loaded' ? state.manifest : expect.unreachable(state.state);
    };
    expect(await manifest()).toEqual(first);
    expect(await store.lookup(KNIGHTS_FORMAT, first, tableOfGoal('swap'), rankOf(before))).toMatchObject({ distance: 0 });
    expect(await store.lookup(KNIGHTS_FORMAT, first, tableOfGoal('swap'), rankOf(after))).toBeUndefined();

    const second = (await loadTable(client, knightsSpec('swap', 3, after), { tableName: table, concurrency: 8, force: true })).manifest;
    expect(second.pages).toBe(first.pages);
    expect(second.layout).toEqual(first.layout); // the same page keys, other bytes
    store.forgetManifests(); // as the next manifest period does
    const now = await manifest();
    expect(await store.lookup(KNIGHTS_FORMAT, now, tableOfGoal('swap'), rankOf(after))).toMatchObject({ distance: 0 });
    expect(await store.lookup(KNIGHTS_FORMAT, now, tableOfGoal('swap'), rankOf(before))).toBeUndefined();
    expect(now.checksum).not.toBe(first.checksum);
    own.destroy();
  });
});

/** A call the test holds: `out` settles once the call is sent, and the call goes on once `release` is called. */
function held() {
  let sent = () => {};
  let release = () => {};
  const out = new Promise<void>((resolve) => (sent = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return { out, release, sent, released };
}

/**
 * A reader on its own client and clock, whose calls are counted, and each call that `plan` names
 * held until the test lets it go, or failed.
 */
function controlled() {
  const own = createDynamoClient({ endpoint: testEndpoint() });
  const calls: string[] = [];
  const plan: { hold?: ReturnType<typeof held>; fail?: boolean }[] = [];
  own.middlewareStack.add(
    (next, context) => async (args) => {
      calls.push(context.commandName!);
      const { hold, fail = false } = plan.shift() ?? {};
      if (hold) {
        hold.sent();
        await hold.released;
      }
      if (fail) throw new InternalServerError({ message: 'Internal server error', $metadata: { httpStatusCode: 500 } });
      return next(args);
    },
    { step: 'initialize' },
  );
  const clock = { time: 0, now: () => clock.time };
  const store = new PageStore(own, tableName, { timeoutMs: 2000, manifestTtlMs: 1000, cacheBytes: 16 << 20, retry: fast, clock });
  return { store, calls, plan, clock, own };
}

describe('what a reader keeps of the manifests and the catalogue', () => {
  const reads = {
    'a manifest': (store: PageStore) => store.table(tableOfGoal('standard')),
    'the catalogue': (store: PageStore) => store.catalog(),
  };

  it.each(Object.entries(reads))('keeps %s for its time to live: not read again before it ends, read again once it has', async (_name, read) => {
    const { store, calls, clock, own } = controlled();
    await read(store);
    clock.time = 999;
    await read(store);
    expect(calls).toHaveLength(1);
    clock.time = 1000;
    await read(store);
    expect(calls).toHaveLength(2);
    own.destroy();
  });

  it.each(Object.entries(reads))('does not keep %s it failed to read: the next question reads it again', async (_name, read) => {
    const { store, calls, plan, own } = controlled();
    plan.push({ fail: true });
    await expect(read(store)).rejects.toMatchObject({ name: 'StoreUnavailableError' });
    await expect(read(store)).resolves.toBeDefined();
    expect(calls).toHaveLength(2);
    own.destroy();
  });

  it('keeps the catalogue of a fresh read when an older read fails after it', async () => {
    const { store, calls, plan, own } = controlled();
    const hold = held();
    plan.push({ hold, fail: true });
    const older = store.catalog({ fresh: true });
    await hold.out;
    const newer = await store.catalog({ fresh: true });
    hold.release(); // the older read fails only now, after the newer one came back
    await expect(older).rejects.toThrow(StoreUnavailableError);
    expect(await store.catalog()).toBe(newer);
    expect(calls).toHaveLength(2);
    own.destroy();
  });
});

describe('a page asked for again while it is read', () => {
  it('is read once: by a question that comes while the read is out, and under a manifest of other bytes with the same key', async () => {
    const ranks = Array.from({ length: 20_000 }, (_, r) => r).filter((r) => pageSlotOf(eight.layout, r).page === 4).slice(0, 2);
    const { store, calls, plan, own } = controlled();
    const hold = held();
    plan.push({ hold });
    const first = store.lookup(EIGHT_FORMAT, eight, eightSection(8), ranks[0]);
    await hold.out; // its GetItem is out
    const second = store.lookup(EIGHT_FORMAT, eight, eightSection(8), ranks[1]);
    hold.release();
    expect((await Promise.all([first, second])).map((record) => typeof record?.distance)).toEqual(['number', 'number']);
    expect(calls).toEqual(['GetItemCommand']);

    const page = pageSlotOf(eight.layout, ranks[0]).page + 1;
    const key = pageKey(eightSection(8), page, EIGHT_FORMAT.pageDigits);
    const [ours, theirs] = await Promise.all([store.page(EIGHT_FORMAT, eight, key, page), store.page(EIGHT_FORMAT, { ...eight, checksum: 'sha256:another' }, key, page)]);
    expect(theirs).toEqual(ours);
    expect(calls).toEqual(['GetItemCommand', 'GetItemCommand']);
    own.destroy();
  });
});

describe('a page whose read failed', () => {
  it('is read again by the next question, not failed from memory', async () => {
    const { store, calls, plan, own } = controlled();
    plan.push({ fail: true });
    await expect(store.lookup(EIGHT_FORMAT, eight, eightSection(8), 0)).rejects.toThrow(StoreUnavailableError);
    expect(await store.lookup(EIGHT_FORMAT, eight, eightSection(8), 0)).toBeDefined();
    expect(calls).toEqual(['GetItemCommand', 'GetItemCommand']);
    own.destroy();
  });
});
