/**
 * The 15-puzzle's pattern databases compared: for each partition, its bytes and build time, then
 * nodes and time per solve (IDA* to the lex-min shortest line, the reflected lookup on) over the
 * same seeded uniform random solvable boards, and what valuing every legal move costs on top
 * (each move off the line proved not optimal by a search bounded at one less).
 *
 *   npx tsx puzzles/fifteen/bench/partitions.ts [BOARDS=20|farthest] [555,663,...]
 *
 * `farthest` solves the SPEC's two boards 80 moves away instead of random ones.
 */
import { iterativeDeepening, UNLIMITED } from '../../../core/ida-star';
import { samples } from '../../../core/seeded';
import { FifteenPatternDepthFirst } from '../rules/pattern-search';
import { fifteenMovesBySearch } from '../rules/move-values';
import { MAX_MOVES, lettersOf } from '../rules/query';
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
    fifteenMovesBySearch({ board, limit: MAX_MOVES, solvable: true }, answer, UNLIMITED, databases);
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
