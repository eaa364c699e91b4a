/**
 * `npm run --silent lookup -- PUZZLE WORDS...` (a puzzle with tables, its command line words), with
 * `--endpoint URL` and `--table NAME`: shows what the table stores for one position, read the way the service reads
 * it: the page key, the page's size as DynamoDB counts it, and the decoded record.
 * Exit codes as ask's (EXIT): 1 when nothing could answer (no npm start, DynamoDB unreachable, the
 * table or page not there), 2 when the command line or the question as typed is wrong.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { parserSentence, unknownWord } from './command-options';
import { type DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { systemClock } from '../core/clock';
import { registry } from '../puzzles/registered';
import type { Registry } from '../puzzles/registry';
import { createDynamoClient } from '../store/client';
import { pageSlotOf } from '../packing/page-layout';
import { ArrayTableError } from '../store/array-reads';
import { PageStore } from '../store/page-store';
import type { TableId } from '../store/table-keys';
import type { Answer } from '../puzzles/roles/answer';
import type { EstimateTables } from '../puzzles/roles/estimate-tables';
import type { Location, StoredTables } from '../puzzles/roles/stored-tables';
import type { PositionRecord } from '../packing/page-codec';
import { DEFAULT_RETRY } from '../store/retry';
import { DEFAULT_TABLE_NAME, PARTITION_KEY } from '../store/table-schema';
import { pageKey } from '../store/table-keys';
import { generationKey } from '../store/generations';
import { itemBytes } from '../store/page-items';
import { InvalidInputError, UnreachableError } from '../core/errors';
import { DEFAULT_DATA_DIR, EXIT, findLocalService, noLocalServiceText } from './local-service';
import { ownOptions, questionOptions } from './question-options';
import { warnUnlessShippedRuntime } from '../emulator/runtime';

/** What the command knows of a registry's puzzles: those with stored tables, how their records read, their options and the usage. */
async function lookupCommand(registry: Registry) {
  const TABLED = (await registry.withOfflineRoles()).flatMap(({ puzzle, offline }) =>
    puzzle.tables || puzzle.estimates?.describeQuery ? [{ puzzle, tables: puzzle.tables, estimates: puzzle.estimates, commandLine: offline.commandLine }] : [],
  );
  /** The options some puzzle's questions take (each puzzle refuses those that are not its own). */
  const QUESTION_OPTIONS = questionOptions(TABLED.map(({ commandLine }) => commandLine));
  const USAGE = `usage: npm run --silent lookup -- ${TABLED.map(({ commandLine }) => commandLine.usage).join(' | ')}   [--endpoint URL | --region REGION | --data DIR] [--table NAME]
  (with none of --endpoint and --region, the npm start running on ${DEFAULT_DATA_DIR}, or on --data DIR)`;
  return { TABLED, QUESTION_OPTIONS, USAGE };
}

/** Thrown for a command line parseArgs refuses. */
class UsageError extends Error {}

/** The command, on its arguments: its exit code (what is stored on stdout, a refusal on stderr). */
export async function lookup(registry: Registry, argv: string[]): Promise<number> {
  try {
    return await main(await lookupCommand(registry), argv);
  } catch (error) {
    console.error((error as Error).message);
    // the question as typed refused by the puzzle's rules, as ask's 400 and 422; else nothing could answer
    return error instanceof UsageError || error instanceof InvalidInputError || error instanceof UnreachableError ? EXIT.usage : EXIT.unavailable;
  }
}

type LookupCommand = Awaited<ReturnType<typeof lookupCommand>>;

/** A puzzle with stored tables, as the command knows it. */
type Tabled = LookupCommand['TABLED'][number];

/** The command on the puzzles with tables: what is stored for the position the words name, read as the service reads it. */
async function main({ TABLED, QUESTION_OPTIONS, USAGE }: LookupCommand, argv: string[]): Promise<number> {
  const { values, positionals } = readCommandLine(argv, QUESTION_OPTIONS, USAGE);
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [name, ...args] = positionals;
  const named = TABLED.find(({ puzzle }) => puzzle.name === name);
  if (!named) {
    const names = TABLED.map(({ puzzle }) => puzzle.name);
    console.error(name === undefined ? USAGE : `${unknownWord('puzzle', name, names)}\n${USAGE}`);
    return EXIT.usage;
  }
  const { puzzle, tables, estimates, commandLine } = named;
  const fields = commandLine.query(args, ownOptions(puzzle.name, commandLine.options, values, QUESTION_OPTIONS));
  const where = dynamoWhere(values.endpoint, values.region, values.data);
  if (!where) return EXIT.unavailable;
  const client = createDynamoClient(where);
  try {
    // the manifest read afresh (kept for no time): what is stored now, read as the service reads it
    const store = new PageStore(client, values.table, { timeoutMs: 10_000, manifestTtlMs: 0, cacheBytes: 1 << 20, retry: DEFAULT_RETRY, clock: systemClock });
    const query = await puzzle.http.queryOf(fields, async () => ({ catalog: await store.catalog(), known: true }));
    if (!tables) return await lookupEstimates(store, estimates!, query);
    return await lookupRecord(client, store, values.table, { tables, commandLine }, query);
  } finally {
    client.destroy();
  }
}

/** The command line parsed; a UsageError when parseArgs refuses it. */
function readCommandLine(argv: string[], QUESTION_OPTIONS: LookupCommand['QUESTION_OPTIONS'], USAGE: string) {
  try {
    return parseArgs({
      args: argv,
      options: {
        endpoint: { type: 'string' },
        table: { type: 'string', default: DEFAULT_TABLE_NAME },
        region: { type: 'string' },
        data: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        ...QUESTION_OPTIONS,
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(`${parserSentence(error)}\n${USAGE}`);
  }
}

/**
 * Where DynamoDB answers, as the client takes it: the --endpoint given; AWS when a region is given;
 * else the local service npm start recorded. Undefined, once said on stderr, when there is none.
 */
function dynamoWhere(endpoint: string | undefined, region: string | undefined, data: string | undefined): { endpoint: string | undefined; region: string | undefined } | undefined {
  if (endpoint === undefined && region === undefined) {
    endpoint = findLocalService(data)?.endpoint;
    if (endpoint === undefined) {
      console.error(noLocalServiceText(data, '--endpoint URL (a DynamoDB-compatible server) or --region REGION (AWS)'));
      return undefined;
    }
  }
  return { endpoint, region };
}

/** A puzzle whose tables hold answers: the position's table, its page as stored, and its record decoded. */
async function lookupRecord<Q>(client: DynamoDBClient, store: PageStore, tableName: string, { tables, commandLine }: Pick<Tabled, 'commandLine'> & { tables: StoredTables<Q, Answer> }, query: Q): Promise<number> {
  const location = tables.locate(query);
  if (!location) {
    console.log('table      none: no table holds this question (it is answered by search); npm run precompute -- --help lists what can be loaded');
    return EXIT.unavailable;
  }
  console.log(`position   ${commandLine.positionText?.(query, location) ?? `rank ${location.rank}`}`);
  const state = await store.table(location.table);
  if (state.state !== 'loaded') {
    console.log(`table      ${location.table}: ${state.state === 'missing' ? 'not loaded' : `loaded by schema version ${state.found.schemaVersion}, which this version cannot read; reload it`}`);
    return EXIT.unavailable;
  }
  const { manifest } = state;
  const { page, slot } = pageSlotOf(manifest.layout, location.rank);
  const key = pageKey(location.section, page, tables.format.pageDigits);
  // the item itself, read apart from the store, for its size as DynamoDB counts it
  const stored = generationKey(manifest.generation, key);
  const { Item } = await client.send(new GetItemCommand({ TableName: tableName, Key: { [PARTITION_KEY]: { S: stored } } }));
  console.log(`table      ${location.table}: depth ${manifest.depth}, ${manifest.positions} positions in ${manifest.pages} pages of ${manifest.layout.ranksPerPage} ranks, generation ${manifest.generation}`);
  if (!Item) {
    console.log(`page       ${stored}: missing`);
    return EXIT.unavailable;
  }
  const decoded = await store.page(tables.format, manifest, key, page);
  console.log(`page       ${stored}: ${itemBytes(Item)} bytes as DynamoDB counts them, ${decoded.count} positions; this one in slot ${slot}`);
  printRecord(commandLine, location, decoded.find(slot), manifest.depth);
  return 0;
}

/** The position's record as the puzzle reads it; none stored is an answer too: the position is farther than the table goes. */
function printRecord(commandLine: Tabled['commandLine'], location: Location, record: PositionRecord | undefined, depth: number): void {
  if (!record) {
    console.log(`record     none: the position is more than ${depth} moves from the goal`);
    return;
  }
  const { moves, line } = commandLine.recordText?.(location, record) ?? { moves: `mask ${record.optimal}`, line: `[${record.line.join(', ')}]` };
  console.log(`distance   ${record.distance}`);
  console.log(`moves      ${moves}`);
  console.log(`line       ${line}`);
}

/** A puzzle whose tables hold its search's estimates, not answers: what they say of the question. */
async function lookupEstimates<Q>(store: PageStore, estimates: EstimateTables<Q, Answer>, query: Q): Promise<number> {
  const read = new Map<TableId, ReadonlyMap<string, Uint8Array>>();
  for (const table of estimates.tables) {
    try {
      const { manifest, arrays } = await store.readArrays(table);
      console.log(`table      ${table}: ${manifest.positions} entries in ${arrays.size} arrays (${manifest.pages} pages), checksum ${manifest.checksum.slice(0, 19)}…`);
      read.set(table, arrays);
    } catch (error) {
      if (!(error instanceof ArrayTableError)) throw error;
      console.log(`table      ${table}: ${error.message}`);
      return EXIT.unavailable;
    }
  }
  for (const line of estimates.describeQuery!(query, read)) console.log(`estimate   ${line}`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  warnUnlessShippedRuntime();
  process.exitCode = await lookup(registry, process.argv.slice(2));
}
