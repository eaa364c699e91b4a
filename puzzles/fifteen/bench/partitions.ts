/**
 * The 15-puzzle's pattern databases compared: for each partition, its bytes and build time, then
 * nodes and time per solve (IDA* to the lex-min shortest line, the reflected lookup on) over the
 * same seeded uniform random solvable boards.
 *
 *   npx tsx puzzles/fifteen/bench/partitions.ts [BOARDS=20|farthest] [555,663,...]
 *
 * `farthest` solves the SPEC's two boards 80 moves away instead of random ones.
 */
import { iterativeDeepening, UNLIMITED } from '../../../core/ida-star';
import { samples } from '../../../core/seeded';
import { FifteenPatternDepthFirst } from '../rules/pattern-search';
import { PARTITION_33333, PARTITION_555, PARTITION_663, buildPatternDatabases } from '../rules/pattern-set';
import { solvableBoardArbitrary } from '../seeded-inputs';

const PARTITIONS: Record<string, readonly number[][]> = { '33333': PARTITION_33333, '555': PARTITION_555, '663': PARTITION_663 };
const FARTHEST = ['0 12 9 13 15 11 10 14 3 7 5 6 4 8 2 1', '0 12 10 13 15 11 14 9 7 8 6 2 4 3 5 1'].map((text) => text.split(' ').map(Number));
const names = (process.argv[3] ?? '555,663').split(',');
const boards = process.argv[2] === 'farthest' ? FARTHEST : samples(solvableBoardArbitrary, Number(process.argv[2] ?? 20));

for (const name of names) {
  const started = performance.now();
  const databases = buildPatternDatabases(PARTITIONS[name], (group, ms) => console.log(`  ${name} group ${group.join(',')}: ${(ms / 1000).toFixed(2)} s`));
  const build = (performance.now() - started) / 1000;
  const bytes = databases.tables.reduce((sum, table) => sum + table.length, 0);
  console.log(`${name}: ${(bytes / 1e6).toFixed(1)} MB, built in ${build.toFixed(1)} s`);
  let nodes = 0;
  let seconds = 0;
  let moves = 0;
  for (const [i, board] of boards.entries()) {
    const t = performance.now();
    const pass = new FifteenPatternDepthFirst(board, databases, 80, UNLIMITED);
    const outcome = iterativeDeepening(pass, pass.estimate(), 80);
    const s = (performance.now() - t) / 1000;
    if (outcome.kind !== 'solved') throw new Error(`board ${i} not solved`);
    nodes += outcome.nodes;
    seconds += s;
    moves += outcome.moves.length;
    console.log(`  ${name} board ${i + 1} ${board.join(',')}: ${outcome.moves.length} moves, ${outcome.nodes} nodes, ${s.toFixed(2)} s`);
  }
  console.log(
    `${name}: ${boards.length} boards, ${(moves / boards.length).toFixed(1)} moves, ${Math.round(nodes / boards.length)} nodes and ${(seconds / boards.length).toFixed(2)} s a board, ${((nodes / seconds) / 1e6).toFixed(1)} M nodes/s`,
  );
}
