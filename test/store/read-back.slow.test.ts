/**
 * The loader reads back what it wrote before it writes a manifest (store/generation-checks.ts):
 * a server that lost a write, or gives back a page other than the one written, fails the load with
 * a sentence, and no manifest is written. A page removed meanwhile is done on the real server; a
 * page changed on its way back, which a real server does not do, by a wrapper around the real client.
 */
import { BatchGetItemCommand, type BatchGetItemCommandOutput, DeleteItemCommand, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../core/seeded';
import { type ArrayPages, planArrayPages } from '../../store/array-pages';
import { spotChecksFor } from '../../store/generation-checks';
import { VerificationError } from '../../store/load-errors';
import { loadTable } from '../../store/loader';
import { PAGE_ATTRIBUTE, pageBytesOf, pageItem } from '../../store/page-items';
import type { TableSpec } from '../../store/table-pages';
import { type DynamoItem, PARTITION_KEY } from '../../store/table-schema';
import { manifestKey } from '../../store/table-keys';
import { freshTable, scanAll, testClient } from '../support/dynamodb';

const client = testClient();
const TABLE = 'sums';

/** About 40 pages of small values in two arrays. */
function spec(): TableSpec<ArrayPages> {
  const random = seededRandom(11);
  const made = [100_000, 60_000].map((length, i) => ({ name: `a${i}`, bytes: Uint8Array.from({ length }, () => Math.floor(random() * 30)) }));
  return { table: TABLE, goal: 'test arrays', depth: 0, spacePositions: 160_000, build: async () => planArrayPages(TABLE, made) };
}

async function manifestIn(tableName: string) {
  return (await client.send(new GetItemCommand({ TableName: tableName, Key: { [PARTITION_KEY]: { S: manifestKey(TABLE) } }, ConsistentRead: true }))).Item;
}

/** The real client, with `after` run on each answer of the commands named. */
function watched(names: string[], after: (name: string, output: Record<string, unknown>) => Promise<void> | void, before?: (name: string) => Promise<void>) {
  return {
    send: async (command: { constructor: { name: string } }, options?: unknown) => {
      const name = command.constructor.name;
      if (names.includes(name)) await before?.(name);
      const output = await client.send(command as never, options as never);
      if (names.includes(name)) await after(name, output as unknown as Record<string, unknown>);
      return output;
    },
  } as never;
}

describe('a load read back', () => {
  it('fails when the table holds fewer pages than were written: one removed before the count', async () => {
    const tableName = await freshTable(client, 'lost-page');
    let verifying = false;
    let removed: string | undefined;
    // the count scans in parallel segments: the first to start removes the page, the others wait for it
    let removal: Promise<void> | undefined;
    const removing = watched(['ScanCommand'], () => undefined, async () => {
      if (!verifying) return;
      removal ??= (async () => {
        const [page] = (await scanAll(client, tableName, 'g')).map((item) => item[PARTITION_KEY].S!);
        removed = page;
        await client.send(new DeleteItemCommand({ TableName: tableName, Key: { [PARTITION_KEY]: { S: page } } }));
      })();
      await removal;
    });
    const error = await loadTable(removing, spec(), { tableName, concurrency: 4, onProgress: ({ phase }) => void (verifying ||= phase === 'verifying') }).catch((thrown: unknown) => thrown);
    expect(removed).toBeDefined();
    expect(error).toBeInstanceOf(VerificationError);
    const pages = (await spec().build()).pages.length;
    expect((error as Error).message).toBe(`The table holds ${pages - 1} items for sums after the load, but ${pages} pages were written; no manifest was written. Run the load again to repair it.`);
    expect(await manifestIn(tableName)).toBeUndefined();
  });

  it.each([
    ['positions', () => knightsSpec('standard', 6)],
    ['arrays', spec],
  ] as const)('of %s reads strongly consistently: an eventually consistent read may miss a page just written', async (_kind, made) => {
    const tableName = await freshTable(client, 'consistent');
    // DynamoDB may answer an eventually consistent read from a replica the write has not reached; the local server never does
    const stale = {
      send: (command: { input?: { RequestItems?: Record<string, { ConsistentRead?: boolean }> } }, options?: unknown) => {
        const request = command instanceof BatchGetItemCommand ? command.input.RequestItems?.[tableName] : undefined;
        if (request && !request.ConsistentRead) return Promise.resolve({ $metadata: {}, Responses: { [tableName]: [] }, UnprocessedKeys: {} });
        return client.send(command as never, options as never);
      },
    } as never;
    await expect(loadTable(stale, made(), { tableName, concurrency: 4 })).resolves.toMatchObject({ status: 'loaded' });
  });

  it.each([
    ['no page', () => undefined, /found no page\)/],
    ['a page that does not decode', (item: DynamoItem) => pageItem(item[PARTITION_KEY].S!, Uint8Array.of(255, 255, 255, 255)), /found a page that does not decode \(.+\)\)/],
    ["another page's bytes", (item: DynamoItem, other: DynamoItem) => pageItem(item[PARTITION_KEY].S!, pageBytesOf(other)), /found a page that does not decode \(.+\)\)/],
  ] as const)('of positions fails when a page read back is not the one written: %s', async (_name, change, found) => {
    const tableName = await freshTable(client, 'changed-positions');
    let changed = false;
    const changing = watched(['BatchGetItemCommand'], (_command, output) => {
      const items = (output as unknown as BatchGetItemCommandOutput).Responses?.[tableName] ?? [];
      if (changed || items.length < 2) return;
      changed = true;
      const replacement = change(items[0], items[1]);
      if (replacement) items[0] = replacement;
      else items.shift();
    });
    const error = await loadTable(changing, knightsSpec('standard', 6), { tableName, concurrency: 4 }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(VerificationError);
    expect((error as Error).message).toMatch(/^\d+ of \d+ positions read back differ from the computed tables \(first: slot \d+ of knights#standard#p\d+ should be \{.+\}, /);
    expect((error as Error).message, (error as Error).message).toMatch(found);
    expect((error as Error).message).toMatch(/; no manifest was written\.$/);
    expect(await client.send(new GetItemCommand({ TableName: tableName, Key: { [PARTITION_KEY]: { S: manifestKey('knights#standard') } }, ConsistentRead: true }))).not.toHaveProperty('Item');
  });

  it('of positions reads back the random positions asked for, by default one in a thousand and at least 1,000, besides the farthest', async () => {
    // every answer loses its first page, so that the load fails and says how many positions it read back
    const sampled = async (spotChecks: number | undefined) => {
      const tableName = await freshTable(client, 'spot-checks');
      const losing = watched(['BatchGetItemCommand'], (_command, output) => void (output as unknown as BatchGetItemCommandOutput).Responses?.[tableName]?.shift());
      const error = await loadTable(losing, knightsSpec('standard', 6), { tableName, concurrency: 4, spotChecks }).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(VerificationError);
      return Number(/^\d+ of (\d+) positions read back differ/.exec((error as Error).message)![1]);
    };
    const positions = (await knightsSpec('standard', 6).build()).positions;
    const [few, byDefault] = [await sampled(7), await sampled(undefined)];
    expect(spotChecksFor(positions)).toBe(Math.min(positions, 1000));
    expect(byDefault - few).toBe(spotChecksFor(positions) - 7);
  });

  it.each([
    ['damaged on the way (its checksum fails)', (item: DynamoItem) => void (item[PAGE_ATTRIBUTE].B![0] ^= 1)],
    ["another page's bytes under its key, checksum and all", (item: DynamoItem) => Object.assign(item, pageItem(item[PARTITION_KEY].S!, Uint8Array.of(1, 2, 3)))],
  ])('fails when a page read back is not the one written: %s', async (_name, change) => {
    const tableName = await freshTable(client, 'changed-page');
    let changed: string | undefined;
    const changing = watched(['BatchGetItemCommand'], (_command, output) => {
      const item = ((output as unknown as BatchGetItemCommandOutput).Responses?.[tableName] ?? []).find((one) => one[PAGE_ATTRIBUTE] !== undefined);
      if (item && changed === undefined) {
        changed = item[PARTITION_KEY].S;
        change(item);
      }
    });
    const error = await loadTable(changing, spec(), { tableName, concurrency: 4 }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(VerificationError);
    const key = changed!.replace(/^g\d+\//, '');
    expect((error as Error).message).toBe(`1 of ${(await spec().build()).pages.length} pages of sums read back differ from the arrays built (first: ${key}); no manifest was written.`);
    expect(await manifestIn(tableName)).toBeUndefined();
  });
});
