/**
 * What /health says when the tables cannot answer (health-report.ts), word for word: one table or
 * several not loaded, loaded by an older version (its manifest of another schema version, written
 * as an older load wrote it), both at once, and loads under way beside them; "its" for one table,
 * "their" for more.
 */
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../core/clock';
import { AnswerService } from '../../lambda/answer-service';
import { knightsSpec } from '../../puzzles/knights/offline/loads';
import { loadTable } from '../../store/loader';
import { manifestKey } from '../../store/table-keys';
import { PageStore } from '../../store/page-store';
import { DEFAULT_RETRY } from '../../store/retry';
import { freshTable, testClient } from '../support/dynamodb';
// the sentences of these three puzzles' tables, whatever else is registered
import { registry } from '../support/three-puzzles';

const client = testClient();
const LOAD = 'load with npm run precompute (locally, npm start loads them).';

/** The service's health on `tableName`: its first sentence (the one about the tables that answer), and the whole. */
async function healthOn(tableName: string, beingLoaded: string[] = []): Promise<string> {
  const answers = new AnswerService(registry, new PageStore(client, tableName, { timeoutMs: 2000, manifestTtlMs: 60_000, cacheBytes: 1 << 20, retry: DEFAULT_RETRY, clock: systemClock }));
  answers.loadsUnderWay(beingLoaded);
  const { degraded } = await answers.health();
  expect(degraded).toBeDefined();
  // the estimates' own sentence (fifteen's, never loaded here) comes last; it is estimate-readings.ts's
  return degraded!.replace(/ ?The estimates of fifteen .*$/, '');
}

/** Writes the manifest an older version's load left for `table`. */
async function loadedByAnOlderVersion(tableName: string, table: string, goal: string): Promise<void> {
  await client.send(new PutItemCommand({ TableName: tableName, Item: { pk: { S: manifestKey(table) }, table: { S: table }, schemaVersion: { N: '1' }, goal: { S: goal }, depth: { N: '15' }, items: { N: '1671855' } } }));
}
const KNIGHTS_GOAL = '11111/01111/00*11/00001/00000';
const EIGHT_GOAL = '1,2,3,4,5,6,7,8,0';

describe('/health, word for word', () => {
  it('names the tables not loaded', async () => {
    expect(await healthOn(await freshTable(client, 'health-none'))).toBe(`knights#standard, eight are not loaded, so their questions are found by search; ${LOAD}`);
  });

  it('names the tables loaded by an older version, one or several', async () => {
    const both = await freshTable(client, 'health-old');
    await loadedByAnOlderVersion(both, 'knights#standard', KNIGHTS_GOAL);
    await loadedByAnOlderVersion(both, 'eight', EIGHT_GOAL);
    expect(await healthOn(both)).toBe(`knights#standard, eight were loaded by an older version, so their questions are found by search; ${LOAD}`);
    const one = await freshTable(client, 'health-old-one');
    await loadTable(client, knightsSpec('standard', 2), { tableName: one, concurrency: 8 });
    await loadedByAnOlderVersion(one, 'eight', EIGHT_GOAL);
    expect(await healthOn(one)).toBe(`eight was loaded by an older version, so its questions are found by search; ${LOAD}`);
  });

  it('names both kinds at once', async () => {
    const tableName = await freshTable(client, 'health-mixed');
    await loadedByAnOlderVersion(tableName, 'knights#standard', KNIGHTS_GOAL);
    expect(await healthOn(tableName)).toBe(`eight is not loaded, and knights#standard was loaded by an older version, so their questions are found by search; ${LOAD}`);
  });

  it('says which loads are under way, one or several, and advises a load only for the others', async () => {
    const tableName = await freshTable(client, 'health-loading');
    expect(await healthOn(tableName, ['knights#standard', 'eight'])).toBe('knights#standard, eight are being loaded now, so their questions are found by search until they are.');
    expect(await healthOn(tableName, ['eight'])).toBe(`eight is being loaded now, so its questions are found by search until it is. knights#standard is not loaded, so its questions are found by search; ${LOAD}`);
  });
});
