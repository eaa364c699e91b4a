/**
 * `npm run --silent lookup -- knights BOARD [--goal NAME]` and `-- eight A B`, with `--endpoint URL`
 * and `--table NAME`: shows what the table stores for one position, read the way the service reads
 * it: the page key, the page's size as DynamoDB counts it, and the decoded record.
 */
import { systemClock } from '../core/clock';
import { parseArgs } from 'node:util';
import { parseEightBoard } from '../core/eight/board';
import { canonicalize } from '../core/eight/canonical';
import { assertReachable } from '../core/eight/query';
import { encodeEight } from '../core/eight/space';
import { formatKnightsBoard, parseKnightsBoard } from '../core/knights/board';
import { isGoalName, KNIGHTS_GOALS } from '../core/knights/goals';
import { encodeKnights, knightsRank } from '../core/knights/space';
import { createDynamoClient } from '../store/client';
import { pageSlotOf } from '../store/page-layout';
import { PageStore } from '../store/page-store';
import { eightLetters, EIGHT_FORMAT, KNIGHTS_FORMAT } from '../store/puzzle-formats';
import { DEFAULT_RETRY } from '../store/retry';
import { DEFAULT_TABLE_NAME, EIGHT_TABLE_ID, type TableId, eightSection, itemBytes, knightsSection, knightsTableId, pageItem, pageKey } from '../store/table-schema';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { warnUnlessShippedRuntime } from './runtime';

const USAGE = `usage: npm run --silent lookup -- knights BOARD [--goal NAME] | eight A B   [--endpoint URL] [--table NAME] [--region REGION]`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { endpoint: { type: 'string' }, table: { type: 'string', default: DEFAULT_TABLE_NAME }, region: { type: 'string' }, goal: { type: 'string', default: 'standard' } },
    allowPositionals: true,
    strict: true,
  });
  const [puzzle, ...boards] = positionals;
  let table: TableId;
  let section: string;
  let rank: number;
  let hole: number;
  let show: (line: readonly number[]) => string;
  if (puzzle === 'knights' && boards.length === 1) {
    if (!isGoalName(values.goal)) throw new Error(`There is no goal named "${values.goal}"; use ${[...KNIGHTS_GOALS.keys()].join(', ')}.`);
    const board = parseKnightsBoard(boards[0]);
    table = knightsTableId(values.goal);
    section = knightsSection(values.goal);
    rank = knightsRank(encodeKnights(board));
    hole = KNIGHTS_FORMAT.holeOfRank(rank);
    show = (line) => `[${line.join(', ')}]`;
    console.log(`position   ${formatKnightsBoard(board)} (rank ${rank})`);
  } else if (puzzle === 'eight' && boards.length === 2) {
    const query = { from: parseEightBoard(boards[0], '"A"'), to: parseEightBoard(boards[1], '"B"') };
    assertReachable(query);
    const { goalIndex, from } = canonicalize(query.from, query.to);
    table = EIGHT_TABLE_ID;
    section = eightSection(goalIndex);
    rank = encodeEight(from);
    hole = EIGHT_FORMAT.holeOfRank(rank);
    show = (line) => `"${eightLetters(hole, line)}"`;
    console.log(`position   ${from.map((v) => (v === 0 ? 'X' : v)).join('')} (A relabelled for goal ${section.split('#')[1]}; Cantor rank ${rank})`);
  } else {
    console.error(USAGE);
    return 2;
  }
  const client = createDynamoClient({ endpoint: values.endpoint, region: values.region });
  try {
    const store = new PageStore(client, values.table, { timeoutMs: 10_000, manifestTtlMs: 0, cacheBytes: 1 << 20, retry: DEFAULT_RETRY, clock: systemClock });
    const state = await store.table(table);
    if (state.state !== 'loaded') {
      console.log(`table      ${table}: ${state.state === 'missing' ? 'not loaded' : `loaded by schema version ${state.found.schemaVersion}, which this version cannot read; reload it`}`);
      return 1;
    }
    const { manifest } = state;
    const { page, slot } = pageSlotOf(manifest.layout, rank);
    const key = pageKey(section, page);
    const { Item } = await client.send(new GetItemCommand({ TableName: values.table, Key: { pk: { S: key } } }));
    console.log(`table      ${table}: depth ${manifest.depth}, ${manifest.positions} positions in ${manifest.pages} pages of ${manifest.layout.ranksPerPage} ranks`);
    if (!Item) {
      console.log(`page       ${key}: missing`);
      return 1;
    }
    const decoded = await store.page(manifest, key, page);
    console.log(`page       ${key}: ${itemBytes(pageItem(key, Item.page.B!))} bytes as DynamoDB counts them, ${decoded.count} positions; this one in slot ${slot}`);
    const record = decoded.find(slot);
    if (!record) {
      console.log(`record     none: the position is more than ${manifest.depth} moves from the goal`);
      return 0;
    }
    const moves = (puzzle === 'knights' ? KNIGHTS_FORMAT : EIGHT_FORMAT).holeMoves[hole];
    const optimal = moves.map((cell, i) => `${puzzle === 'knights' ? cell : eightLetters(hole, [cell])}${(record.optimal >> i) & 1 ? ' optimal' : ''}`);
    console.log(`distance   ${record.distance}`);
    console.log(`moves      ${optimal.join(', ')}`);
    console.log(`line       ${show(record.line)}`);
    return 0;
  } finally {
    client.destroy();
  }
}

warnUnlessShippedRuntime();
try {
  process.exitCode = await main();
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 2;
}
