/**
 * Two loads of one table at once (store/loader.ts): the manifest is switched only over the one a
 * load read when it began, so a load that finishes second does not undo the first one's switch; it
 * stops with a sentence, its pages kept but not answering, and a run again loads over the winner.
 * A switch refused for another reason is that refusal.
 */
import { GetItemCommand, InternalServerError, PutItemCommand, type PutItemCommandInput } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { LoadRaceError } from '../../store/load-errors';
import { loadTable } from '../../store/loader';
import { type Manifest, SCHEMA_VERSION, manifestItem, readManifest } from '../../store/manifests';
import { manifestKey } from '../../store/table-keys';
import { PARTITION_KEY } from '../../store/table-schema';
import { freshTable, testClient } from '../support/dynamodb';

const client = testClient();
const TABLE = 'knights#standard';

async function depthLoaded(tableName: string): Promise<number | undefined> {
  const item = (await client.send(new GetItemCommand({ TableName: tableName, Key: { [PARTITION_KEY]: { S: manifestKey(TABLE) } }, ConsistentRead: true }))).Item;
  return item ? (readManifest(item) as Manifest).depth : undefined;
}

/** The real client, which runs `first` to its end just before this load switches the manifest. */
function overtakenBy(first: () => Promise<unknown>) {
  let overtaken = false;
  return {
    send: async (command: unknown, options?: unknown) => {
      const input = (command as { input: PutItemCommandInput }).input;
      if (!overtaken && command instanceof PutItemCommand && input.Item?.[PARTITION_KEY]?.S === manifestKey(TABLE) && input.ConditionExpression) {
        overtaken = true;
        await first();
      }
      return client.send(command as never, options as never);
    },
  } as never;
}

describe('a load overtaken by another', () => {
  it.each([
    ['an empty table', 'none'],
    ['a loaded one', 'current'],
    ['one loaded by another schema version', 'outdated'],
  ] as const)('of %s stops with a sentence and leaves the other\'s table answering', async (_name, before) => {
    const tableName = await freshTable(client, 'race');
    if (before !== 'none') {
      const { manifest } = await loadTable(client, knightsSpec('standard', 1), { tableName, concurrency: 4 });
      if (before === 'outdated') await client.send(new PutItemCommand({ TableName: tableName, Item: manifestItem({ ...manifest, schemaVersion: SCHEMA_VERSION - 1 }) }));
    }
    const late = loadTable(overtakenBy(() => loadTable(client, knightsSpec('standard', 3), { tableName, concurrency: 4, force: true })), knightsSpec('standard', 2), { tableName, concurrency: 4, force: true });
    await expect(late).rejects.toThrow(LoadRaceError);
    await expect(late).rejects.toMatchObject({
      name: 'LoadRaceError',
      message: "Another load switched knights#standard to its own pages while this one was loading; this load's pages were kept but do not answer. Run it again to load over that one.",
    });
    expect(await depthLoaded(tableName)).toBe(3);
    await loadTable(client, knightsSpec('standard', 2), { tableName, concurrency: 4, force: true });
    expect(await depthLoaded(tableName)).toBe(2);
  });
});

describe('a switch refused for another reason than its condition', () => {
  it('fails the load with that refusal, not as a race, and the table answers as before', async () => {
    const tableName = await freshTable(client, 'race');
    await loadTable(client, knightsSpec('standard', 1), { tableName, concurrency: 4 });
    const unavailable = new InternalServerError({ message: 'Internal server error', $metadata: { httpStatusCode: 500 } });
    const refusing = {
      send: (command: unknown, options?: unknown) => {
        const input = (command as { input: PutItemCommandInput }).input;
        if (command instanceof PutItemCommand && input.Item?.[PARTITION_KEY]?.S === manifestKey(TABLE) && input.ConditionExpression) return Promise.reject(unavailable);
        return client.send(command as never, options as never);
      },
    } as never;
    await expect(loadTable(refusing, knightsSpec('standard', 2), { tableName, concurrency: 4 })).rejects.toBe(unavailable);
    expect(await depthLoaded(tableName)).toBe(1);
  });
});
