/**
 * What a load asks of DynamoDB and tells its caller, recorded on a client of the local server:
 * its batches in flight bounded by the concurrency asked for, a checkpoint as often as asked, its
 * reads of what it has just written strongly consistent (DynamoDB's eventually consistent reads
 * may not see the last writes yet; the local server always does, so the requests are what shows
 * it), its reads kept to the read pace asked for, its phases in order and the time it took; and
 * over a table of this version, no Scan for the pages of older versions.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { createDynamoClient } from '../../store/client';
import { type LoadProgress, type LoadResult, loadTable } from '../../store/loader';
import { keyPrefix, progressKey } from '../../store/table-keys';
import { freshTable, testEndpoint } from '../support/dynamodb';
import { builtOnce } from '../support/small-tables';

const TABLE = 'knights#standard';
/** 69 pages: three batches. */
const depth10 = builtOnce(knightsSpec('standard', 10));

interface Sent {
  readonly command: string;
  readonly input: Record<string, unknown>;
  readonly units: number;
}

/** A client of the local server that records every command it sends, what it cost, and the most batch writes in flight at once. */
function recordingClient() {
  const client: DynamoDBClient = createDynamoClient({ endpoint: testEndpoint() });
  const sent: Sent[] = [];
  let writing = 0;
  let mostWriting = 0;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const writes = context.commandName === 'BatchWriteItemCommand';
      if (writes) mostWriting = Math.max(mostWriting, ++writing);
      try {
        const result = await next(args);
        const consumed = (result.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
        const units = [consumed ?? []].flat().reduce((sum, { CapacityUnits }) => sum + (CapacityUnits ?? 0), 0);
        sent.push({ command: context.commandName ?? '', input: args.input as Record<string, unknown>, units });
        return result;
      } finally {
        if (writes) writing--;
      }
    },
    { step: 'initialize', name: 'recordCommands' },
  );
  return { client, sent, mostWriting: () => mostWriting, clear: () => void sent.splice(0) };
}

describe('a load of 69 pages (knights to depth 10), one batch in flight, a checkpoint every millisecond, 50 read units a second', () => {
  const recorded = recordingClient();
  const progress: (LoadProgress & { at: number })[] = [];
  const READ_UNITS_PER_SECOND = 50;
  let tableName: string;
  let result: LoadResult;
  let wall: number;

  beforeAll(async () => {
    tableName = await freshTable(recorded.client, 'load-requests');
    const started = performance.now();
    result = await loadTable(recorded.client, depth10, {
      tableName,
      concurrency: 1,
      checkpointEveryMs: 1,
      readUnitsPerSecond: READ_UNITS_PER_SECOND,
      onProgress: (report) => void progress.push({ ...report, at: performance.now() }),
    });
    wall = (performance.now() - started) / 1000;
    expect(result.manifest.pages).toBe(69);
  });

  it('tells its phases in order, the pages of each, and the seconds it took', () => {
    const phases = progress.map(({ phase }) => phase).filter((phase, i, all) => phase !== all[i - 1]);
    expect(phases).toEqual(['computing', 'writing', 'verifying', 'done']);
    expect(progress.at(-1)).toMatchObject({ table: TABLE, phase: 'done', total: 69, generated: 69, written: 69, resumedFrom: 0 });
    expect(progress.filter(({ phase }) => phase === 'writing').at(-1)).toMatchObject({ total: 69, generated: 69, written: 69 });
    expect(result.seconds).toBeGreaterThan(0);
    expect(result.seconds).toBeLessThanOrEqual(wall);
  });

  it('keeps one batch write in flight, as asked', () => {
    expect(recorded.sent.filter(({ command }) => command === 'BatchWriteItemCommand').length).toBeGreaterThanOrEqual(3);
    expect(recorded.mostWriting()).toBe(1);
  });

  it('keeps as many batch writes in flight as asked, one or several, between checkpoints', async () => {
    // checkpoints at their default interval: a checkpoint after every batch would wait for the batch before
    const mostWriting = async (concurrency: number) => {
      const own = recordingClient();
      await loadTable(own.client, depth10, { tableName: await freshTable(own.client, 'load-requests'), concurrency });
      own.client.destroy();
      return own.mostWriting();
    };
    expect(await mostWriting(1)).toBe(1);
    expect(await mostWriting(3)).toBeGreaterThan(1);
  });

  it('checkpoints as often as asked: after the first batch, not only at its end', () => {
    const checkpoints = recorded.sent.filter(({ command, input }) => command === 'PutItemCommand' && (input.Item as { pk: { S: string } }).pk.S === progressKey(TABLE));
    expect(checkpoints.length).toBeGreaterThan(1);
  });

  it('reads what it has written strongly consistent: every item read, every page read back, every count', () => {
    const reads = recorded.sent.filter(({ command }) => ['GetItemCommand', 'BatchGetItemCommand', 'ScanCommand'].includes(command));
    expect(new Set(reads.map(({ command }) => command))).toEqual(new Set(['GetItemCommand', 'BatchGetItemCommand', 'ScanCommand']));
    for (const { command, input } of reads) {
      const consistent = command === 'BatchGetItemCommand' ? Object.values(input.RequestItems as Record<string, { ConsistentRead?: boolean }>)[0].ConsistentRead : input.ConsistentRead;
      expect(consistent, command).toBe(true);
    }
  });

  it('keeps its reads to the pace asked for, past a second of burst, asking each Scan what it cost', () => {
    const scans = recorded.sent.filter(({ command }) => command === 'ScanCommand');
    expect(scans.every(({ input }) => input.ReturnConsumedCapacity === 'TOTAL')).toBe(true);
    // what the verification read: its Scans' reported cost and the pages read back, a unit each (strongly consistent)
    const pagesReadBack = recorded.sent.filter(({ command }) => command === 'BatchGetItemCommand').reduce((sum, { input }) => sum + Object.values(input.RequestItems as Record<string, { Keys: unknown[] }>)[0].Keys.length, 0);
    const units = pagesReadBack + scans.reduce((sum, { units }) => sum + units, 0);
    expect(pagesReadBack).toBeGreaterThanOrEqual(69);
    const verifying = progress.find(({ phase }) => phase === 'verifying')!.at;
    const done = progress.find(({ phase }) => phase === 'done')!.at;
    // the pace lets a second's worth through at once and the rest at its rate (store/read-pace.ts)
    expect((done - verifying) / 1000).toBeGreaterThanOrEqual((units - READ_UNITS_PER_SECOND) / READ_UNITS_PER_SECOND - 0.05);
  });

  it('over a table of this version, scans for no pages stored before generations', async () => {
    recorded.clear();
    const again = await loadTable(recorded.client, knightsSpec('standard', 9), { tableName });
    expect(again.status).toBe('loaded');
    const prefixes = recorded.sent.filter(({ command }) => command === 'ScanCommand').map(({ input }) => (input.ExpressionAttributeValues as { ':prefix': { S: string } })[':prefix'].S);
    expect(prefixes.length).toBeGreaterThan(0);
    expect(prefixes).not.toContain(keyPrefix(TABLE));
  });
});
