/**
 * The eight benchmarks: its 9 goals' BFS and pages (precompute), its IDA* per query and against a
 * reference IDA* in C with the same estimate and move order (search), the judge command as a whole
 * process against accepted C solutions of the judge problem (judge), and the pairs the local URL's
 * search fallbacks ask (query); and what the checksum in every page item costs, on its pages (page-checksum).
 */
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { type EightBoard, formatEightBoard, isReachable } from '../rules/board';
import { CANONICAL_GOALS } from '../rules/canonical';
import { searchEight } from '../rules/search';
import { decodeEight } from '../rules/space';
import { EightBfsTables, buildEightBfsTable } from '../rules/bfs-table';
import { eightSpec } from '../offline/loads';
import { eightBoardArbitrary } from '../seeded-inputs';
import { judge } from './judge';
import { type Row, TRIALS, compileReference, latencies, timed, timedAsync } from '../../../core/benchmark';
import { samples } from '../../../core/seeded';
import { UNLIMITED } from '../../../core/ida-star';
import type { PuzzleBenchmarks } from '../../roles/benchmarks';
import { eightRehearsal } from './rehearsal';
import { pageChecksum } from './page-checksum';

async function precompute(): Promise<Row[]> {
  const bfs = timed(() => Array.from({ length: 9 }, (_, goal) => buildEightBfsTable(goal)));
  const pages = await timedAsync(() => eightSpec().build());
  const rows: Row[] = [
    { benchmark: 'precompute', input: 'eight, 9 goals: BFS', positions: 9 * bfs.value[0].order.length, seconds: bfs.seconds },
    { benchmark: 'precompute', input: `eight, 9 goals: BFS, lines, ${pages.value.pages.length} pages`, positions: pages.value.positions, seconds: pages.seconds },
  ];
  return rows.map((row) => ({ ...row, 'positions/s': Math.round(Number(row.positions) / Number(row.seconds)), seconds: Number(row.seconds).toFixed(2) }));
}

/**
 * The same eight pairs by the C reference IDA* and by the TypeScript one, both warm (one untimed
 * round first), in rounds enough to last a while, TRIALS times each, interleaved: the fastest
 * total of each and their ratio.
 */
function againstReference(label: string, pairs: readonly { from: EightBoard; to: EightBoard }[], rounds: number): Row[] {
  const reference = compileReference(new URL('./eight-ida.c', import.meta.url));
  if (!reference) return [];
  try {
    const input = pairs.map((pair) => `${formatEightBoard(pair.from)} ${formatEightBoard(pair.to)}`).join('\n');
    for (const pair of pairs) searchEight(pair, UNLIMITED);
    const c: { seconds: number; moves: number }[] = [];
    const ts: { seconds: number; moves: number }[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      c.push(JSON.parse(spawnSync(reference.binary, [String(rounds)], { input, encoding: 'utf8' }).stdout));
      const run = timed(() => {
        let moves = 0;
        for (let round = 0; round < rounds; round++) for (const pair of pairs) moves += searchEight(pair, UNLIMITED).steps;
        return moves / rounds;
      });
      ts.push({ seconds: run.seconds, moves: run.value });
    }
    const fastest = (runs: { seconds: number }[]) => Math.min(...runs.map((run) => run.seconds));
    const spread = (runs: { seconds: number }[]) => runs.map((run) => (run.seconds * 1000).toFixed(0)).join(', ');
    const same = ts.every((run, i) => run.moves === c[i].moves);
    return [
      { benchmark: 'search', input: `eight IDA* in C (reference): ${label} x ${rounds}, fastest of ${spread(c)} ms`, queries: pairs.length * rounds, 'total ms': (fastest(c) * 1000).toFixed(1), 'vs reference': '1.00' },
      {
        benchmark: 'search',
        input: `eight IDA* in TypeScript: ${label} x ${rounds}, fastest of ${spread(ts)} ms${same ? ' (same lengths)' : ' (LENGTHS DIFFER)'}`,
        queries: pairs.length * rounds,
        'total ms': (fastest(ts) * 1000).toFixed(1),
        'vs reference': (fastest(ts) / fastest(c)).toFixed(2),
      },
    ];
  } finally {
    reference.cleanup();
  }
}

const randomPairs = (count: number, draws: number) =>
  samples(fc.tuple(eightBoardArbitrary, eightBoardArbitrary), draws)
    .filter(([a, b]) => isReachable(a, b))
    .slice(0, count);

function search(): Row[] {
  const pairs = randomPairs(1000, 2100);
  const hardest = Array.from(new EightBfsTables().table(8).order.slice(-2)).map((code) => ({ from: decodeEight(code), to: CANONICAL_GOALS[8] }));
  // The comparisons with C first: the latency rows below then measure a process that has searched
  // as a function serving every puzzle does.
  const againstC = [...againstReference('the two 31-move pairs', hardest, 200), ...againstReference('1,000 random reachable pairs', pairs.map(([from, to]) => ({ from, to })), 5)];
  return [
    { benchmark: 'search', input: 'eight: 1,000 random reachable pairs', ...latencies(pairs, ([from, to]) => searchEight({ from, to }, UNLIMITED)) },
    { benchmark: 'search', input: `eight: the 31-move pairs (${hardest.map((q) => formatEightBoard(q.from)).join(', ')} -> 12345678X)`, ...latencies(hardest, (q) => searchEight(q, UNLIMITED)) },
    ...againstC,
  ];
}

export const benchmarks: PuzzleBenchmarks = {
  rehearsal: eightRehearsal,
  rows: { precompute, search, judge, 'page-checksum': pageChecksum },
  searchedPaths: () => randomPairs(Number.POSITIVE_INFINITY, 40_000).map(([a, b]) => `/eight?from=${formatEightBoard(a)}&to=${formatEightBoard(b)}`),
};
