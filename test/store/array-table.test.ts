/** A table of byte arrays: loaded, resumed without rewriting, verified, read back whole and checked against its manifest. */
import { DeleteItemCommand, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { ArrayTableError, ArrayTableNotLoadedError, readArrayTable } from '../../store/array-reads';
import { type ArrayPages, arrayPageBytes, planArrayPages } from '../../store/array-pages';
import { createDynamoClient } from '../../store/client';
import { loadTable } from '../../store/loader';
import { DEFAULT_RETRY } from '../../store/retry';
import type { TableSpec } from '../../store/table-pages';
import { manifestKey, progressKey } from '../../store/table-keys';
import { MAX_GENERATION, generationKey, generationPrefix } from '../../store/generations';
import { readCatalog } from '../../store/catalog';
import { MAX_PAGE_ITEM_BYTES, pageItem } from '../../store/page-items';
import { type Manifest, SCHEMA_VERSION, manifestItem, readProgress } from '../../store/manifests';
import { countItems } from '../../store/verify';
import { seededRandom } from '../../core/seeded';
import { freshTable, testClient, testEndpoint } from '../support/dynamodb';
import { withSilentEndpoint } from '../support/silent-server';
import { injectFaults } from '../support/faults';

const client = testClient();
const fast = { ...DEFAULT_RETRY, baseMs: 1, maxMs: 20, maxAttempts: 30 };
const TABLE = 'arrays';

/** Three arrays of small values, about 90 pages in all; one is empty, one ends mid-page. */
function arrays(): { name: string; bytes: Uint8Array }[] {
  const random = seededRandom(7);
  const values = (length: number) => Uint8Array.from({ length }, () => Math.floor(random() * 40));
  return [
    { name: 'first', bytes: values(300_000) },
    { name: 'second-one', bytes: values(61_234) },
    { name: 'empty', bytes: new Uint8Array(0) },
  ];
}

function spec(made = arrays()): TableSpec<ArrayPages> {
  return { table: TABLE, goal: 'test arrays', depth: 0, spacePositions: made.reduce((sum, { bytes }) => sum + bytes.length, 0), build: async () => planArrayPages(TABLE, made) };
}

async function stored(tableName: string, key: string) {
  return (await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: key } }, ConsistentRead: true }))).Item;
}

describe('a table of byte arrays', () => {
  it('pages fill an item and no more, and the manifest lists the arrays, the value counts and the checksum', async () => {
    const made = arrays();
    const pages = planArrayPages(TABLE, made);
    expect(arrayPageBytes(TABLE, pages.arrays)).toBeGreaterThan(4000);
    for (let i = 0; i < pages.pages.length; i++) expect(new TextEncoder().encode(generationKey(MAX_GENERATION, pages.pages[i].key)).length + 2 + 4 + pages.encode(i).length).toBeLessThanOrEqual(MAX_PAGE_ITEM_BYTES);
    expect(pages.levels.reduce((a, b) => a + b, 0)).toBe(361_234);

    const tableName = await freshTable(client, 'arrays-load');
    const result = await loadTable(client, spec(made), { tableName, retry: fast });
    expect(result.status).toBe('loaded');
    expect(result.manifest).toMatchObject({ kind: 'arrays', farthest: [], arrays: [{ name: 'first', length: 300_000 }, { name: 'second-one', length: 61_234 }, { name: 'empty', length: 0 }], positions: 361_234, pages: pages.pages.length });
    expect(result.manifest.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(await countItems(client, tableName, generationPrefix(result.manifest.generation, TABLE))).toBe(pages.pages.length);
    expect(readCatalog(await stored(tableName, 'catalog')).get(TABLE)).toEqual({ goal: 'test arrays', whole: true, depth: pages.levels.length - 1 });

    const read = await readArrayTable(client, tableName, TABLE, { policy: fast });
    expect(read.manifest.checksum).toBe(result.manifest.checksum);
    expect([...read.arrays.keys()]).toEqual(['first', 'second-one', 'empty']);
    made.forEach(({ name, bytes }) => expect(Buffer.from(read.arrays.get(name)!).equals(bytes)).toBe(true));

    expect((await loadTable(client, spec(made), { tableName })).status).toBe('already-loaded');
  });

  it('resumes after a crash from its checkpoint, rewriting none of the pages before it, to the same checksum', async () => {
    const made = arrays();
    const whole = await loadTable(client, spec(made), { tableName: await freshTable(client, 'arrays-whole'), retry: fast });
    const tableName = await freshTable(client, 'arrays-crash');
    const crashing = createDynamoClient({ endpoint: testEndpoint() });
    injectFaults(crashing, { crashAfter: 2, random: seededRandom(3) });
    await expect(loadTable(crashing, spec(made), { tableName, concurrency: 1, retry: fast, checkpointEveryMs: 0 })).rejects.toThrow(/simulated crash/);
    crashing.destroy();
    expect(await stored(tableName, manifestKey(TABLE))).toBeUndefined();
    const progress = readProgress((await stored(tableName, progressKey(TABLE)))!)!;
    expect(progress.written).toBeGreaterThan(0);

    const resumed = await loadTable(client, spec(made), { tableName, retry: fast });
    expect(resumed.resumedFrom).toBe(progress.written);
    expect(resumed.written).toBe(progress.pages - progress.written);
    expect(resumed.manifest.checksum).toBe(whole.manifest.checksum);
    expect(await countItems(client, tableName, generationPrefix(progress.generation, TABLE))).toBe(progress.pages);
  });

  it('writes no manifest when a page read back differs from the arrays built', async () => {
    const tableName = await freshTable(client, 'arrays-wrong');
    const real = spec();
    const built = await real.build();
    // The loader encodes each page once to write it and again to compare: page 5 is written wrong.
    const encoded = new Set<number>();
    const wrong = { ...real, build: async () => ({ ...built, encode: (index: number) => {
      const first = !encoded.has(index);
      encoded.add(index);
      return index === 5 && first ? Uint8Array.from(built.encode(index), (b) => b ^ 1) : built.encode(index);
    } }) };
    await expect(loadTable(client, wrong, { tableName, retry: fast })).rejects.toThrow(/^1 of \d+ pages of arrays read back differ from the arrays built \(first: arrays#first#p0005\); no manifest was written\.$/);
    expect(await stored(tableName, manifestKey(TABLE))).toBeUndefined();
  });

  it('refuses, saying why, a damaged page, a missing page, and a table not loaded', async () => {
    const tableName = await freshTable(client, 'arrays-damage');
    await expect(readArrayTable(client, tableName, TABLE, { policy: fast })).rejects.toThrow(/^arrays is not loaded \(it has no manifest\)\.$/);
    const result = await loadTable(client, spec(), { tableName, retry: fast });
    const key = generationKey(result.manifest.generation, 'arrays#second-one#p0003');
    const item = (await stored(tableName, key))!;
    const bytes = Uint8Array.from(item.page.B!);
    bytes[17] ^= 4;
    // its checksum as it was: refused by it
    await client.send(new PutItemCommand({ TableName: tableName, Item: { ...item, page: { B: bytes } } }));
    const flipped = readArrayTable(client, tableName, TABLE, { policy: fast });
    await expect(flipped).rejects.toThrow(ArrayTableError);
    await expect(flipped).rejects.toThrow(/^Page arrays#second-one#p0003 of arrays is damaged \(page g\d+\/arrays#second-one#p0003 does not match its checksum .*; reload the table\)\.$/);
    // its checksum made anew: refused by the manifest's
    await client.send(new PutItemCommand({ TableName: tableName, Item: pageItem(key, bytes) }));
    const damaged = readArrayTable(client, tableName, TABLE, { policy: fast });
    await expect(damaged).rejects.toThrow(ArrayTableError);
    await expect(damaged).rejects.toThrow(/^The pages of arrays do not match its manifest's checksum \(read sha256:[0-9a-f]{12}…, expected sha256:[0-9a-f]{12}…\): a page was changed after the load; reload the table\.$/);
    await expect(damaged).rejects.toMatchObject({ name: 'ArrayTableError', message: expect.stringContaining(`expected ${result.manifest.checksum.slice(0, 19)}…`) });

    await client.send(new PutItemCommand({ TableName: tableName, Item: pageItem(key, bytes.subarray(1)) }));
    const pageBytes = result.manifest.layout.ranksPerPage;
    await expect(readArrayTable(client, tableName, TABLE, { policy: fast })).rejects.toThrow(`Page arrays#second-one#p0003 of arrays holds ${pageBytes - 1} bytes, not ${pageBytes}; reload the table.`);

    await client.send(new DeleteItemCommand({ TableName: tableName, Key: { pk: { S: key } } }));
    await expect(readArrayTable(client, tableName, TABLE, { policy: fast })).rejects.toThrow(/arrays lacks its page arrays#second-one#p0003, which its manifest promises/);
    expect(result.manifest.pages).toBeGreaterThan(80);
  });

  it('gives up on a server that never answers when its call\'s time is up', async () => {
    await withSilentEndpoint(async (endpoint) => {
      const hanging = createDynamoClient({ endpoint });
      try {
        await expect(readArrayTable(hanging, 'arrays-silent', TABLE, { policy: fast, timeoutMs: 100 })).rejects.toMatchObject({ name: 'AbortError' });
      } finally {
        hanging.destroy();
      }
    });
  });

  it('refuses a manifest of another version, of positions, or whose pages its arrays do not make', async () => {
    const tableName = await freshTable(client, 'arrays-manifest');
    const { manifest } = await loadTable(client, spec(), { tableName, retry: fast });
    const read = () => readArrayTable(client, tableName, TABLE, { policy: fast, timeoutMs: 5000 });
    const rewrite = (changed: Manifest) => client.send(new PutItemCommand({ TableName: tableName, Item: manifestItem(changed) }));
    await expect(read()).resolves.toMatchObject({ manifest });

    await rewrite({ ...manifest, pages: manifest.pages + 1 });
    await expect(read()).rejects.toMatchObject({ name: 'ArrayTableError', message: `The manifest of arrays says ${manifest.pages + 1} pages, but its arrays make ${manifest.pages}.` });
    await rewrite({ ...manifest, kind: undefined, arrays: undefined });
    await expect(read()).rejects.toMatchObject({ name: 'ArrayTableError', message: 'arrays is a table of positions, not of arrays.' });
    await rewrite({ ...manifest, schemaVersion: SCHEMA_VERSION - 1 });
    const old = read();
    await expect(old).rejects.toThrow(ArrayTableNotLoadedError);
    await expect(old).rejects.toMatchObject({ name: 'ArrayTableNotLoadedError', message: `arrays was loaded by schema version ${SCHEMA_VERSION - 1}, which this version cannot read; reload it.` });
  });
});
