/**
 * The 15-puzzle's pattern databases compared: for each partition, its bytes and build time, its
 * cold load (loaded into a local DynamoDB-compatible server in a process of its own, then read
 * whole by a fresh client and expanded, as the function reads it at init), then nodes and time per solve (IDA* to the lex-min shortest line, the reflected lookup on) over the
 * same seeded uniform random solvable boards, and what valuing every legal move costs on top
 * (each move off the line proved not optimal by a search bounded at one less).
 *
 *   npx tsx puzzles/fifteen/bench/partitions.ts [BOARDS=20|farthest] [555,663,...]
 *
 * `farthest` solves the SPEC's two boards 80 moves away instead of random ones.
 */
import { iterativeDeepening, UNLIMITED } from '../../../core/ida-star';
import { readArrayTable } from '../../../store/array-reads';
import { planArrayPages } from '../../../store/array-pages';
import { createDynamoClient } from '../../../store/client';
import { loadTable } from '../../../store/loader';
import { startLocalDynamo } from '../../../store/local-dynamodb';
import { DEFAULT_RETRY } from '../../../store/retry';
import { ensureTable } from '../../../store/table-admin';
import { FIFTEEN_TABLE, databaseArrays, databasesOf } from '../estimates';
import { fifteenSpec } from '../offline/loads';
import { samples } from '../../../core/seeded';
import { FifteenPatternDepthFirst } from '../rules/pattern-search';
import { fifteenMovesBySearch } from '../rules/move-values';
import { FIFTEEN_DIAMETER, lettersOf } from '../rules/query';
import { PARTITION_33333, PARTITION_555, PARTITION_663, type PatternDatabases, buildPatternDatabases } from '../rules/pattern-set';
import { fifteenBoardArbitrary } from '../seeded-inputs';

const PARTITIONS: Record<string, readonly number[][]> = { '33333': PARTITION_33333, '555': PARTITION_555, '663': PARTITION_663 };
const FARTHEST = ['0 12 9 13 15 11 10 14 3 7 5 6 4 8 2 1', '0 12 10 13 15 11 14 9 7 8 6 2 4 3 5 1'].map((text) => text.split(' ').map(Number));
const names = (process.argv[3] ?? '555,663').split(',');
const boards = process.argv[2] === 'farthest' ? FARTHEST : samples(fifteenBoardArbitrary, Number(process.argv[2] ?? 20));

const local = await startLocalDynamo({ port: 0, childProcess: true });

/** Loads the databases into their own table, then reads them back cold: seconds to read, and to expand. */
async function coldLoad(name: string, databases: PatternDatabases): Promise<{ read: number; expand: number }> {
  const tableName = `partition-${name}`;
  const loader = createDynamoClient({ endpoint: local.endpoint });
  await ensureTable(loader, tableName);
  await loadTable(loader, { ...fifteenSpec(databases.partition), build: async () => planArrayPages(FIFTEEN_TABLE, databaseArrays(databases)) }, { tableName });
  loader.destroy();
  const reader = createDynamoClient({ endpoint: local.endpoint });
  const started = performance.now();
  const { arrays } = await readArrayTable(reader, tableName, FIFTEEN_TABLE, { policy: DEFAULT_RETRY });
  const read = performance.now();
  databasesOf(arrays);
  reader.destroy();
  return { read: (read - started) / 1000, expand: (performance.now() - read) / 1000 };
}

for (const name of names) {
  const started = performance.now();
  const databases = buildPatternDatabases(PARTITIONS[name], (group, ms) => console.log(`  ${name} group ${group.join(',')}: ${(ms / 1000).toFixed(2)} s`));
  const build = (performance.now() - started) / 1000;
  const bytes = databases.tables.reduce((sum, table) => sum + table.length, 0);
  const stored = databaseArrays(databases).reduce((sum, { bytes }) => sum + bytes.length, 0);
  const cold = await coldLoad(name, databases);
  console.log(
    `${name}: ${(bytes / 1e6).toFixed(1)} MB in memory, ${(stored / 1e6).toFixed(1)} MB stored, built in ${build.toFixed(1)} s; cold load ${(cold.read + cold.expand).toFixed(2)} s (read ${cold.read.toFixed(2)} s, expand ${cold.expand.toFixed(2)} s)`,
  );
  let nodes = 0;
  let seconds = 0;
  let moves = 0;
  const lineMs: number[] = [];
  const valuesMs: number[] = [];
  for (const [i, board] of boards.entries()) {
    const t = performance.now();
    const pass = new FifteenPatternDepthFirst(board, databases, 80, UNLIMITED);
    const outcome = iterativeDeepening(pass, pass.estimate(), 80);
    const s = (performance.now() - t) / 1000;
    if (outcome.kind !== 'solved') throw new Error(`board ${i} not solved`);
    nodes += outcome.nodes;
    seconds += s;
    moves += outcome.moves.length;
    const v = performance.now();
    const answer = { steps: outcome.moves.length, path: lettersOf(outcome.moves) };
    fifteenMovesBySearch({ board, limit: FIFTEEN_DIAMETER, solvable: true }, answer, UNLIMITED, databases);
    lineMs.push(s * 1000);
    valuesMs.push(performance.now() - v);
    console.log(`  ${name} board ${i + 1} ${board.join(',')}: ${outcome.moves.length} moves, ${outcome.nodes} nodes, ${s.toFixed(2)} s; every move valued in ${(valuesMs.at(-1)! / 1000).toFixed(2)} s more`);
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const ratios = valuesMs.map((ms, i) => ms / lineMs[i]);
  console.log(
    `${name}: valuing the moves took ${(valuesMs.reduce((a, b) => a + b, 0) / 1000).toFixed(2)} s in all against ${seconds.toFixed(2)} s for the lines; per board, median ${median(valuesMs).toFixed(1)} ms (the line's ${median(lineMs).toFixed(1)} ms), ${median(ratios).toFixed(2)}x the line's time at the median, ${Math.max(...ratios).toFixed(2)}x at most`,
  );
  console.log(
    `${name}: ${boards.length} boards, ${(moves / boards.length).toFixed(1)} moves, ${Math.round(nodes / boards.length)} nodes and ${(seconds / boards.length).toFixed(2)} s a board, ${((nodes / seconds) / 1e6).toFixed(1)} M nodes/s`,
  );
}
await local.close();
