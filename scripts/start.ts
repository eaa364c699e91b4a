/**
 * `npm start [-- --tables LIST, the puzzles' load options, --data DIR]`: the whole service on this machine,
 * no AWS account needed. Starts the embedded DynamoDB-compatible server (data under .data/),
 * serves the function on http://127.0.0.1:$PORT (default 3000; 0 picks a free port) the way a
 * Function URL does, answering by search at first, and loads the tables behind it if their
 * manifests say they are not there yet; each table answers as soon as its manifest is written.
 * The load runs in a process of its own (npm run precompute), so that building the pages never
 * holds up a request.
 * Tables written by an older schema version in its own data folder are rebuilt from scratch.
 * Ctrl-C stops everything.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { copyFileSync, linkSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type AppState, createAppState } from '../lambda/app-state';
import { readConfig } from '../lambda/config';
import { createDynamoClient } from '../store/client';
import { type ChildDynamo, LocalDynamoError, startLocalDynamo } from '../store/local-dynamodb';
import { ensureTable } from '../store/table-admin';
import type { AnyTableSpec } from '../store/table-pages';
import { DEFAULT_TABLE_NAME } from '../store/table-schema';
import { type FunctionUrlServer, serveFunctionUrl } from '../emulator/function-url-server';
import { registry } from '../puzzles/registered';
import { UsageError, loadArguments, loadCommand, loadSettingsFrom } from '../load/load-tables';
import { DEFAULT_DATA_DIR, recordLocalService } from './local-service';
import type { LoadedMessage } from './precompute';
import { withReadinessProbe } from '../emulator/readiness-probe';
import { warnUnlessShippedRuntime } from '../emulator/runtime';
import { parserSentence } from './command-options';
import { type Supervised, type SupervisionEvents, supervise } from '../emulator/supervised-dynamo';
import { terminalLog } from './terminal-log';
import { solveOnWorkers } from '../emulator/solve-on-worker';
import { searchOnThreads } from '../emulator/search-threads';
import type { EstimateBuildMessage } from './build-estimates';
import { packagedArrayFile } from '../store/array-file';

/** A build of the 7-8 databases on this machine's 2 cores took 270 to 305 s: the guess before a build has gone far enough to tell. */
const BUILD_SECONDS_ON_TWO_CORES = 300;

/** Background solves at once under npm start: one (a 2-core machine keeps a core for the service). */
const LOCAL_SOLVER_SLOTS = 1;
/** Search threads per puzzle with estimate tables: two questions searched at once, each thread with a copy of the tables (the 15-puzzle's 7-8: 144 MB, and as much again in its pass's memory). */
const SEARCH_THREADS = 2;

const LOAD = await loadCommand(registry);
const OFFLINE = await registry.withOfflineRoles();

const USAGE = `usage: [PORT=3000] npm start -- [--tables LIST] [load options] [--force] [--data DIR | --endpoint URL]
  --tables LIST          tables to load and serve from: ${LOAD.choices.names.join(', ')} (default: all of them); --goals LIST is the same
${LOAD.puzzleUsage}
  --workers N            threads that build the tables, 1..64 (default: the machine's cores)
  --force                reload the tables even when their manifests say they are loaded
  --data DIR             where the embedded DynamoDB keeps its data (default ${DEFAULT_DATA_DIR})
  --endpoint URL         use this DynamoDB-compatible server instead of starting the embedded one
  --help                 this text`;

function settings() {
  const { tables, goals, endpoint, force, workers } = LOAD.options;
  let values;
  try {
    ({ values } = parseArgs({ options: { tables, goals, endpoint, force, workers, ...LOAD.puzzleOptions, data: { type: 'string', default: DEFAULT_DATA_DIR }, help: { type: 'boolean', short: 'h' } }, strict: true }));
  } catch (error) {
    throw new UsageError(parserSentence(error));
  }
  if (values.help) return 'help' as const;
  const { data, help: _help, ...loadValues } = values;
  const load = loadSettingsFrom({ ...loadValues, table: DEFAULT_TABLE_NAME }, LOAD.choices);
  const portText = process.env.PORT ?? '3000';
  if (!/^\d+$/.test(portText) || Number(portText) > 65535) throw new UsageError(`PORT must be a port number up to 65535 (0 picks a free one); got "${portText}".`);
  // The load's own options, checked above, as the precompute command takes them.
  const { endpoint: _endpoint, ...passed } = loadValues;
  return { port: Number(portText), load, loadArgs: loadArguments(passed), dataRoot: resolve(data as string), dataDir: join(resolve(data as string), 'dynamodb') };
}

type Settings = Exclude<ReturnType<typeof settings>, 'help'>;

/**
 * What to try once the service answers, from the puzzles' own examples: a question to each, the
 * shortest judge sample posted, /health and /stats, and ask and lookup on a puzzle with tables.
 */
function tryLines(url: string, elsewhere: string): string[] {
  // Each puzzle's example question, as its command line words name it (what ask and lookup take too).
  const asked = OFFLINE.map(({ puzzle, offline }) => {
    const fields = offline.commandLine.query(offline.commandLine.example.split(' '), {});
    return `curl '${url}/${puzzle.name}?${Object.entries(fields).map(([field, value]) => `${field}=${value}`).join('&')}'`;
  });
  const judged = registry.PUZZLES.flatMap((puzzle) => (puzzle.judge ? [{ name: puzzle.name, input: puzzle.judge.sample.input }] : [])).sort((a, b) => a.input.length - b.input.length)[0];
  const tabled = OFFLINE.find(({ puzzle }) => puzzle.tables);
  return [
    ...asked,
    ...(judged ? [`printf '${judged.input.replaceAll('\n', '\\n')}' | curl -s -H 'content-type: text/plain' --data-binary @- ${url}/${judged.name}`] : []),
    `curl ${url}/health`,
    `curl ${url}/stats`,
    ...(tabled
      ? [
          `npm run --silent ask -- ${tabled.puzzle.name} ${tabled.offline.commandLine.example}${elsewhere}   (the answer as a person reads it)`,
          `npm run --silent lookup -- ${tabled.puzzle.name} ${tabled.offline.commandLine.example}${elsewhere}   (what the table stores)`,
        ]
      : []),
  ];
}

/** Whether any of the tables in the local data was written by another schema version. */
async function hasOutdatedTables(app: AppState, specs: readonly AnyTableSpec[]): Promise<boolean> {
  const states = await Promise.all(specs.map((spec) => app.store!.table(spec.table)));
  return states.some((state) => state.state === 'outdated');
}

/** The service's state on a DynamoDB endpoint: the table created if missing, the config checked as on AWS; `tables`: where the files-only estimate tables are put once built. */
async function serviceOn(endpoint: string, tables: string): Promise<AppState> {
  const admin = createDynamoClient({ endpoint });
  try {
    await ensureTable(admin, DEFAULT_TABLE_NAME);
  } finally {
    admin.destroy();
  }
  // As the Lambda runtime does, so that the first request's log line says it met a cold start.
  process.env.AWS_LAMBDA_INITIALIZATION_TYPE ??= 'on-demand';
  // One background solve at a time unless told otherwise: a second would take the core the service answers on.
  const config = readConfig({ SOLVER_SLOTS: String(LOCAL_SOLVER_SLOTS), ...process.env, TABLE_NAME: DEFAULT_TABLE_NAME, DYNAMODB_ENDPOINT: endpoint });
  // A person reads the terminal: short lines; anywhere else the JSON lines AWS would collect.
  return createAppState(registry, config, {
    ...(process.stdout.isTTY ? { log: terminalLog() } : {}),
    solveStarter: solveOnWorkers(config),
    packagedTables: tables,
    // searches of seconds on threads of their own, as Lambda gives each request a container: table lookups go on meanwhile
    searchWith: searchOnThreads(SEARCH_THREADS),
  });
}

/** How far a build of estimates has come, and when it will be ready, in a sentence. */
function buildProgress(table: string, share: number, seconds: number): string {
  const left = share >= 0.2 ? (seconds * (1 - share)) / share : Math.max(30, (BUILD_SECONDS_ON_TWO_CORES * 2) / availableParallelism() - seconds);
  const minutes = (value: number) => (value < 90 ? `${Math.round(value)} s` : `${Math.round(value / 60)} min`);
  return `${table} is being built on this machine (${Math.round(share * 100)}% of its entries after ${minutes(seconds)}; ready in about ${minutes(left)}), and is used from then on`;
}

/**
 * Builds the files-only estimate tables (the 15-puzzle's 7-8 databases) of the puzzles whose tables
 * this start serves, in a process of its own (every core for minutes, once; later starts find them
 * kept), and puts each file where the service reads it (`folder`, a link to the kept file).
 */
function buildEstimates(app: AppState, specs: readonly AnyTableSpec[], folder: string, seconds: () => string): ChildProcess | undefined {
  const served = new Set(specs.map((spec) => spec.table));
  const puzzles = registry.PUZZLES.filter((puzzle) => (puzzle.estimates?.filesOnly?.length ?? 0) > 0 && puzzle.estimates!.tables.some((table) => served.has(table)));
  if (puzzles.length === 0) return undefined;
  const builder = fork(fileURLToPath(new URL('./build-estimates.ts', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const told = new Set<string>();
  builder.on('message', (message: EstimateBuildMessage) => {
    if ('share' in message) {
      app.answers.estimatesUnderWay(message.puzzle, buildProgress(message.table, message.share, message.seconds));
      if (!told.has(message.table)) console.log(`${message.table}: building it behind the service, once (about ${Math.round((BUILD_SECONDS_ON_TWO_CORES * 2) / availableParallelism() / 60)} min on ${availableParallelism()} cores); ${message.puzzle} searches with the estimates it has until then (/health says which)`);
      told.add(message.table);
      return;
    }
    // a link to the kept file (a copy where links cannot be made), put in place whole
    const target = packagedArrayFile(folder, message.table);
    const partial = `${target}.${process.pid}.partial`;
    try {
      rmSync(partial, { force: true });
      try {
        linkSync(message.file, partial);
      } catch {
        copyFileSync(message.file, partial);
      }
      renameSync(partial, target);
    } catch (error) {
      console.error(`${message.table}: could not be put in ${folder} (${(error as Error).message}); ${message.puzzle} goes on with the estimates it has.`);
      app.answers.estimatesUnderWay(message.puzzle, undefined);
      return;
    }
    app.answers.estimatesUnderWay(message.puzzle, undefined);
    // read now, between requests, rather than at the puzzle's next question
    const puzzle = registry.puzzleNamed(message.puzzle);
    if (puzzle) app.answers.estimates.searchOf(puzzle);
    console.log(`${message.table}: ${message.built ? `built in ${message.seconds} s` : 'found kept'}; ${message.puzzle} searches with it from its next question (${seconds()} s after start)`);
  });
  builder.on('exit', (code, signal) => {
    for (const puzzle of puzzles) app.answers.estimatesUnderWay(puzzle.name, undefined);
    if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGINT') console.error(`Building the stronger estimates stopped (${signal ?? `exit code ${code}`}); the service goes on with the estimates it has. Restart to try again.`);
  });
  return builder;
}

/** What this start has under way, each part set as it starts, so that a stop ends whatever has started. */
interface Running {
  /** The embedded DynamoDB as this start started it (absent with --endpoint); `supervised` once it is watched and started again when it dies. */
  first?: ChildDynamo;
  supervised?: Supervised;
  server?: FunctionUrlServer;
  loader?: ChildProcess;
  builder?: ChildProcess;
  /** Takes back the record of this service that lookup and ask read. */
  forget?: () => void;
  stopping: boolean;
}

/** Where the load behind the service stands, between the load's process and the database's supervision. */
interface LoadState {
  loaded: boolean;
  databaseDown: boolean;
  /** The database's deaths while the current load ran: its exit is then a resume's cue, not a failure. */
  deathsDuringLoad: number;
}

async function main(): Promise<void> {
  warnUnlessShippedRuntime();
  const options = settingsOrExit();
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  const running: Running = { stopping: false };
  const stop = (code: number) => stopService(running, options, code);
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  // Where the files-only estimate tables are put once built: emptied at each start, so that only
  // files this code built are read (a link to each is put back in moments when it is kept).
  const estimateFolder = join(options.dataRoot, 'tables');
  let app: AppState;
  let endpoint: string;
  let url: string;
  try {
    ({ app, endpoint } = await openService(running, options, estimateFolder));
    url = await serveLocally(running, app, options.port);
  } catch (error) {
    console.error(`npm start failed: ${startFailure(error, options.port)}`);
    await stop(1);
    return;
  }

  // Recorded for lookup and ask when the database is this process's own (in its folder).
  if (running.first) running.forget = recordLocalService(options.dataRoot, { url, endpoint, pid: process.pid });
  console.log(`tablebase is answering on ${url} (ready in ${seconds()} s; Ctrl-C stops it)`);
  console.log(`  open ${url}/ in a browser for the page, or try:`);
  for (const line of tryLines(url, options.dataRoot === resolve(DEFAULT_DATA_DIR) ? '' : ` --data ${options.dataRoot}`)) console.log(`  ${line}`);
  loadBehindService(running, app, endpoint, options, estimateFolder, seconds);
}

/** The command's settings, or its usage on the error stream and exit code 2 when they are wrong. */
function settingsOrExit(): ReturnType<typeof settings> {
  try {
    return settings();
  } catch (error) {
    console.error(`${(error as Error).message.split('\n')[0]}\n${USAGE}`);
    process.exit(2);
  }
}

/** Ends whatever has started (once, whichever signal or failure asks first) and exits with `code`. */
async function stopService(running: Running, { load, dataDir }: Settings, code: number): Promise<void> {
  if (running.stopping) return;
  running.stopping = true;
  running.supervised?.stopWatching(); // the server goes down with us, not to be started again
  await stopLoader(running.loader); // a load cut short resumes at the next start
  await stopLoader(running.builder); // a build cut short starts again at the next start
  await running.server?.close();
  await (running.supervised ?? running.first)?.close();
  running.forget?.();
  if (code === 0) console.log(load.endpoint ? 'Stopped.' : `Stopped: the local URL and the embedded DynamoDB (its data stays in ${dataDir}).`);
  process.exit(code);
}

/**
 * The service's state on its database: the --endpoint, or the embedded DynamoDB started on the
 * data folder, started again on an empty one when its tables were written by another schema
 * version (they are rebuilt from scratch). The estimate folder is emptied on the way.
 */
async function openService(running: Running, { load, dataDir }: Settings, estimateFolder: string): Promise<{ app: AppState; endpoint: string }> {
  const embedded = () => startLocalDynamo({ path: dataDir, childProcess: true });
  if (!load.endpoint) running.first = await embedded();
  let endpoint = load.endpoint ?? running.first!.endpoint;
  rmSync(estimateFolder, { recursive: true, force: true });
  mkdirSync(estimateFolder, { recursive: true });
  let app = await serviceOn(endpoint, estimateFolder);
  if (running.first && (await hasOutdatedTables(app, load.specs))) {
    console.log(`The tables in ${dataDir} were written by an older version of tablebase; rebuilding them from scratch.`);
    await running.first.close();
    rmSync(dataDir, { recursive: true, force: true });
    running.first = await embedded();
    endpoint = running.first.endpoint;
    app = await serviceOn(endpoint, estimateFolder);
  }
  return { app, endpoint };
}

/** Serves the function on the local URL, and its URL once /health answers there as it should. */
async function serveLocally(running: Running, app: AppState, port: number): Promise<string> {
  const { handler, probe } = withReadinessProbe(app);
  const server = (running.server = await serveFunctionUrl(handler, { port, onFailure: (error) => app.log.error('the function failed; the local URL answered 502', { error: String(error), stack: (error as Error)?.stack }) }));
  const health = await probe(server.url); // not logged: no client asked
  // 503 until the tables are loaded: the service answers, by search
  if (health !== 200 && health !== 503) throw new Error(`the local URL answered /health with ${health}`);
  return server.url;
}

/** Why the start failed, in a clause: the port's owner and the database's own sentence named as a person fixes them. */
function startFailure(error: unknown, port: number): string {
  return (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
    ? `port ${port} is in use; set PORT to another one`
    : error instanceof LocalDynamoError
      ? error.message.replace(/\.$/, '')
      : (error as Error).message;
}

/**
 * The tables load behind the running service, in a process of its own (its progress and
 * summary lines come straight through); until a table's manifest is written its questions are
 * answered by search. A load the database's death cut short starts again once it is back, and
 * resumes where it was.
 */
function loadBehindService(running: Running, app: AppState, endpoint: string, options: Settings, estimateFolder: string, seconds: () => string): void {
  const state: LoadState = { loaded: false, databaseDown: false, deathsDuringLoad: 0 };
  const startLoad = () => {
    state.deathsDuringLoad = 0;
    const loader = (running.loader = forkLoad(app, endpoint, options, seconds));
    loader.on('exit', (code, signal) => {
      app.answers.loadsUnderWay([]);
      // the stronger estimates are built once the tables are loaded: the load has every core till then
      if (!running.builder && !running.stopping) running.builder = buildEstimates(app, options.load.specs, estimateFolder, seconds);
      if (code === 0) state.loaded = true;
      else if (running.stopping || state.databaseDown) return; // the load starts again when the database is back
      else if (state.deathsDuringLoad > 0) startLoad(); // the database died under it and is back: resume
      else console.error(`Loading the tables stopped (${signal ?? `exit code ${code}`}). The service goes on answering by search; restart to try the load again.`);
    });
  };
  if (running.first) running.supervised = supervise(running.first, databaseEvents(running, app, options.dataDir, state, startLoad));
  startLoad();
}

/** The load's process (npm run precompute), with /health saying which tables it has still to load. */
function forkLoad(app: AppState, endpoint: string, { load, loadArgs }: Settings, seconds: () => string): ChildProcess {
  const precompute = fileURLToPath(new URL('./precompute.ts', import.meta.url));
  // /health says these are being loaded, rather than advising a load, until each is (or the load stops)
  const underWay = new Set(load.specs.map((spec) => spec.table));
  app.answers.loadsUnderWay([...underWay]);
  const loader = fork(precompute, ['--endpoint', endpoint, '--table', DEFAULT_TABLE_NAME, ...loadArgs], { stdio: 'inherit' });
  loader.on('message', (message: LoadedMessage) => {
    underWay.delete(message.loaded);
    app.answers.loadsUnderWay([...underWay]);
    app.answers.tablesChanged();
    console.log(`${message.loaded}: answering from the table (${seconds()} s after start)`);
  });
  return loader;
}

/** What the service does as the embedded DynamoDB dies and comes back: says so, and starts again a load it cut short. */
function databaseEvents(running: Running, app: AppState, dataDir: string, state: LoadState, startLoad: () => void): SupervisionEvents {
  const loadRunning = () => running.loader !== undefined && running.loader.exitCode === null && running.loader.signalCode === null;
  return {
    died: (cause) => {
      state.databaseDown = true;
      if (loadRunning()) state.deathsDuringLoad++;
      console.error(`The embedded DynamoDB stopped: ${cause}. Answering by search while it starts again on ${dataDir}.`);
    },
    back: (after) => {
      state.databaseDown = false;
      app.answers.guard.storeBack();
      console.log(`The embedded DynamoDB is back after ${after.toFixed(1)} s, its data intact: the tables answer again.`);
      if (!state.loaded && !loadRunning() && !running.stopping) startLoad();
    },
    gaveUp: (cause, deaths) => {
      state.databaseDown = false;
      console.error(`The embedded DynamoDB stopped ${deaths} times within a minute (last: ${cause}); it is not started again. The service goes on answering by search; fix the cause and restart npm start.`);
    },
  };
}

/** Ends a load still running, and waits (briefly) until it has. */
async function stopLoader(loader: ChildProcess | undefined): Promise<void> {
  if (!loader || loader.exitCode !== null || loader.signalCode !== null) return;
  const exited = new Promise((resolve) => loader.once('exit', resolve));
  loader.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
}

await main();
