/**
 * Removing every item under a prefix (store/verify.ts `removeItemsUnder`), on the local server: what
 * a load does to the pages no manifest names any more. A Scan's page holds many more items than a
 * BatchWriteItem takes (25), so they go in batches; items under other prefixes stay.
 */
import { describe, expect, it } from 'vitest';
import { BATCH_SIZE, newWriteStats, writeBatch } from '../../store/batch-writer';
import { DEFAULT_RETRY } from '../../store/retry';
import { PARTITION_KEY } from '../../store/table-schema';
import { countItems, removeItemsUnder } from '../../store/verify';
import { freshTable, testClient } from '../support/dynamodb';

const client = testClient();

describe('removing the items under a prefix', () => {
  it(`removes them all, ${BATCH_SIZE} at a time, counts them, and leaves the others`, async () => {
    const tableName = await freshTable(client, 'remove-items');
    const items = [
      ...Array.from({ length: 2 * BATCH_SIZE + 10 }, (_, i) => ({ [PARTITION_KEY]: { S: `gone#${i}` } })),
      ...Array.from({ length: 5 }, (_, i) => ({ [PARTITION_KEY]: { S: `kept#${i}` } })),
    ];
    for (let i = 0; i < items.length; i += BATCH_SIZE) await writeBatch(client, tableName, items.slice(i, i + BATCH_SIZE), DEFAULT_RETRY, newWriteStats());
    const stats = newWriteStats();
    expect(await removeItemsUnder(client, tableName, 'gone#', DEFAULT_RETRY, stats)).toBe(2 * BATCH_SIZE + 10);
    expect(await countItems(client, tableName, 'gone#')).toBe(0);
    expect(await countItems(client, tableName, 'kept#')).toBe(5);
    expect(await removeItemsUnder(client, tableName, 'gone#', DEFAULT_RETRY, stats)).toBe(0);
  });
});
