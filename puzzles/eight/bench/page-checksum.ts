/**
 * page-checksum: what the CRC-32 in every page item costs, on the whole eight table (1,485 real
 * pages of about 4 KB), each side against the same work without it, interleaved, the fastest of
 * each compared:
 *   - a lookup that misses the page cache: the item's bytes checked (pageBytesOf) and the page
 *     decoded to find one record, against the same decode of the bytes taken unchecked;
 *   - a load's writes: every page made into an item and written by a bare BatchWriteItem loop
 *     (16 in flight) into a fresh dynalite in memory (on disk, the writes of one kind varied by a
 *     third from one run to the next), items with the checksum against items without;
 *   - the bytes: what the attribute adds to an item, and the table's bytes and write units.
 */
import { BatchWriteItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type Row, TRIALS, timed, timedAsync } from '../../../core/benchmark';
import { BATCH_SIZE } from '../../../store/batch-writer';
import { createDynamoClient } from '../../../store/client';
import { DEFAULT_CONCURRENCY } from '../../../store/loader';
import { startLocalDynamo } from '../../../store/local-dynamodb';
import { decodePage } from '../../../packing/page-codec';
import { ensureTable } from '../../../store/table-admin';
import type { TablePages } from '../../../store/table-pages';
import { type DynamoItem, PARTITION_KEY } from '../../../store/table-schema';
import { generationKey } from '../../../store/generations';
import { PAGE_ATTRIBUTE, itemBytes, pageBytesOf, pageItem, writeUnitsOf } from '../../../store/page-items';
import { eightSpec } from '../offline/loads';

/** Decoding rounds over every page in a lookup trial: long enough to time, short enough to repeat. */
const LOOKUP_ROUNDS = 1;
/** Loads of each kind: each starts a server of its own. */
const LOAD_TRIALS = 5;

/** A page item as the loader writes it, with its checksum, or as schema 4 wrote it, without. */
type ItemOf = (key: string, bytes: Uint8Array) => DynamoItem;
const withChecksum: ItemOf = pageItem;
const withoutChecksum: ItemOf = (key, bytes) => ({ [PARTITION_KEY]: { S: key }, [PAGE_ATTRIBUTE]: { B: bytes } });

export async function pageChecksum(): Promise<Row[]> {
  const pages = await eightSpec().build();
  return [...lookups(pages), ...(await loads(pages)), ...bytesOf(pages)];
}

function lookups(pages: TablePages): Row[] {
  const depth = pages.levels.length - 1;
  const items = pages.pages.map(({ key }, i) => withChecksum(generationKey(1, key), pages.encode(i)));
  // one present slot of each page, the record a lookup wants
  const slots = pages.pages.map(({ page }, i) => {
    const decoded = decodePage(pages.encode(i), pages.format, pages.layout, page, depth);
    return decoded.slots[decoded.count >>> 1];
  });
  const lookUp = (bytesOf: (item: DynamoItem) => Uint8Array) => () => {
    let found = 0;
    for (let round = 0; round < LOOKUP_ROUNDS; round++) {
      for (let i = 0; i < items.length; i++) found += decodePage(bytesOf(items[i]), pages.format, pages.layout, pages.pages[i].page, depth).find(slots[i])!.distance;
    }
    return found;
  };
  const checked = lookUp(pageBytesOf);
  const unchecked = lookUp((item) => item[PAGE_ATTRIBUTE].B!);
  const checkOnly = () => {
    let length = 0;
    for (let round = 0; round < LOOKUP_ROUNDS; round++) for (const item of items) length += pageBytesOf(item).length;
    return length;
  };
  checked();
  unchecked(); // warm: the JIT has compiled both, as in a warm function
  const times = { unchecked: [] as number[], checked: [] as number[], check: [] as number[] };
  for (let trial = 0; trial < TRIALS; trial++) {
    times.unchecked.push(timed(unchecked).seconds);
    times.checked.push(timed(checked).seconds);
    times.check.push(timed(checkOnly).seconds);
  }
  const lookupsDone = LOOKUP_ROUNDS * items.length;
  const micros = (seconds: number[]) => ((Math.min(...seconds) * 1e6) / lookupsDone).toFixed(2);
  const ratio = (Math.min(...times.checked) / Math.min(...times.unchecked)).toFixed(3);
  return [
    { benchmark: 'page-checksum', input: `a lookup on a cold page: decode it, find one record; bytes unchecked (baseline), ${items.length} eight pages x ${LOOKUP_ROUNDS}`, lookups: lookupsDone, 'µs each': micros(times.unchecked), 'vs baseline': '1.00' },
    { benchmark: 'page-checksum', input: 'the same, the bytes checked against their CRC-32 first (pageBytesOf)', lookups: lookupsDone, 'µs each': micros(times.checked), 'vs baseline': ratio },
    { benchmark: 'page-checksum', input: 'the check alone (CRC-32 of the key and about 4 KB)', lookups: lookupsDone, 'µs each': micros(times.check) },
  ];
}

/** Every page of `pages` made into an item by `itemOf` and written, 16 batches in flight, into a fresh dynalite in memory; the seconds it took. */
async function timedLoad(pages: TablePages, itemOf: ItemOf): Promise<number> {
  const local = await startLocalDynamo({ childProcess: true });
  const client = createDynamoClient({ endpoint: local.endpoint, maxSockets: DEFAULT_CONCURRENCY + 8 });
  try {
    await ensureTable(client, 'pages');
    return (await timedAsync(() => writePages(client, pages, itemOf))).seconds;
  } finally {
    client.destroy();
    await local.close();
  }
}

async function writePages(client: DynamoDBClient, pages: TablePages, itemOf: ItemOf): Promise<void> {
  const inFlight = new Set<Promise<unknown>>();
  for (let start = 0; start < pages.pages.length; start += BATCH_SIZE) {
    const batch: DynamoItem[] = [];
    for (let i = start; i < Math.min(pages.pages.length, start + BATCH_SIZE); i++) batch.push(itemOf(generationKey(1, pages.pages[i].key), pages.encode(i)));
    const call = client.send(new BatchWriteItemCommand({ RequestItems: { pages: batch.map((Item) => ({ PutRequest: { Item } })) } }));
    const tracked = call.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    if (inFlight.size >= DEFAULT_CONCURRENCY) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
}

async function loads(pages: TablePages): Promise<Row[]> {
  const without: number[] = [];
  const withIt: number[] = [];
  for (let trial = 0; trial < LOAD_TRIALS; trial++) {
    without.push(await timedLoad(pages, withoutChecksum));
    withIt.push(await timedLoad(pages, withChecksum));
  }
  // the checksums' own share: every item made, with and without, no write
  const making = (itemOf: ItemOf) => () => pages.pages.map(({ key }, i) => itemOf(generationKey(1, key), pages.encode(i)));
  const made = { without: [] as number[], with: [] as number[] };
  for (let trial = 0; trial < TRIALS; trial++) {
    made.without.push(timed(making(withoutChecksum)).seconds);
    made.with.push(timed(making(withChecksum)).seconds);
  }
  const spread = (seconds: number[]) => seconds.map((s) => s.toFixed(2)).join(', ');
  const [fastestWithout, fastestWith] = [Math.min(...without), Math.min(...withIt)];
  const label = `${pages.pages.length} eight pages made into items and written, ${DEFAULT_CONCURRENCY} batches in flight, dynalite in memory`;
  return [
    { benchmark: 'page-checksum', input: `a load's writes: ${label}, items without the checksum (baseline); fastest of ${spread(without)} s`, pages: pages.pages.length, seconds: fastestWithout.toFixed(2), 'vs baseline': '1.00' },
    { benchmark: 'page-checksum', input: `the same, items with the checksum; fastest of ${spread(withIt)} s`, pages: pages.pages.length, seconds: fastestWith.toFixed(2), 'vs baseline': (fastestWith / fastestWithout).toFixed(3) },
    {
      benchmark: 'page-checksum',
      input: `of which making the items: without the checksum ${(Math.min(...made.without) * 1000).toFixed(1)} ms, with it ${(Math.min(...made.with) * 1000).toFixed(1)} ms (fastest of ${TRIALS} each)`,
      pages: pages.pages.length,
    },
  ];
}

function bytesOf(pages: TablePages): Row[] {
  const sizes = (itemOf: ItemOf) => {
    let bytes = 0;
    let writeUnits = 0;
    pages.pages.forEach(({ key }, i) => {
      const size = itemBytes(itemOf(generationKey(1, key), pages.encode(i)));
      bytes += size;
      writeUnits += writeUnitsOf(size);
    });
    return { bytes, writeUnits };
  };
  const before = sizes(withoutChecksum);
  const after = sizes(withChecksum);
  const perItem = (after.bytes - before.bytes) / pages.pages.length;
  return [
    { benchmark: 'page-checksum', input: `the eight table's ${pages.pages.length} items without the checksum (baseline)`, bytes: before.bytes, 'write units': before.writeUnits, 'vs baseline': '1.00' },
    { benchmark: 'page-checksum', input: `the same pages with it: ${perItem} bytes more an item (its name and 4 bytes)`, bytes: after.bytes, 'write units': after.writeUnits, 'vs baseline': (after.writeUnits / before.writeUnits).toFixed(4) },
  ];
}
