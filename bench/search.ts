/**
 * search and search-runs: IDA* per query over fixed seeded sets, the hardest cases, and the eight
 * IDA* against its C reference (bench/eight-ida.c, same estimate and move order), in this process
 * or in five fresh ones.
 */
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { type EightBoard, formatEightBoard, isReachable } from '../puzzles/eight/rules/board';
import { CANONICAL_GOALS } from '../puzzles/eight/rules/canonical';
import { searchEight } from '../puzzles/eight/rules/search';
import { decodeEight } from '../puzzles/eight/rules/space';
import { EightTables } from '../puzzles/eight/rules/table';
import { resolveKnightsGoal } from '../puzzles/knights/rules/goals';
import { searchKnights } from '../puzzles/knights/rules/search';
import { decodeKnights } from '../puzzles/knights/rules/space';
import { buildKnightsTable } from '../puzzles/knights/rules/table';
import { eightBoardArbitrary } from '../puzzles/eight/seeded-inputs';
import { knightsBoardArbitrary, knightsWalkArbitrary } from '../puzzles/knights/seeded-inputs';
import { samples } from '../core/seeded';
import { PROCESSES, type Row, TRIALS, benchInFreshProcess, compileReference, medianOf, spreadOf, timed } from './harness';

/** Per-query times over `inputs`, after one untimed pass so that the JIT has compiled the search (as in a warm function). */
function latencies<T>(inputs: readonly T[], solve: (input: T) => unknown): Row {
  for (const input of inputs) solve(input);
  const times = inputs.map((input) => timed(() => solve(input)).seconds * 1000).sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(3);
  return { queries: times.length, 'total ms': total.toFixed(1), 'mean ms': (total / times.length).toFixed(3), 'p50 ms': at(0.5), 'p99 ms': at(0.99), 'max ms': times.at(-1)!.toFixed(3) };
}

/**
 * The same eight pairs by the C reference IDA* and by the TypeScript one, both warm (one untimed
 * round first), in rounds enough to last a while, TRIALS times each, interleaved: the fastest
 * total of each and their ratio.
 */
function eightAgainstReference(label: string, pairs: readonly { from: EightBoard; to: EightBoard }[], rounds: number): Row[] {
  const reference = compileReference('eight-ida');
  if (!reference) return [];
  try {
    const input = pairs.map((pair) => `${formatEightBoard(pair.from)} ${formatEightBoard(pair.to)}`).join('\n');
    for (const pair of pairs) searchEight(pair);
    const c: { seconds: number; moves: number }[] = [];
    const ts: { seconds: number; moves: number }[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      c.push(JSON.parse(spawnSync(reference.binary, [String(rounds)], { input, encoding: 'utf8' }).stdout));
      const run = timed(() => {
        let moves = 0;
        for (let round = 0; round < rounds; round++) for (const pair of pairs) moves += searchEight(pair).steps;
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

export function search(): Row[] {
  const goal = resolveKnightsGoal('standard');
  const knightsInputs = [...samples(knightsWalkArbitrary(goal.board, 100), 500), ...samples(knightsBoardArbitrary, 500)];
  // Boards exactly 15 moves away (the last level within the limit) and 16 away (just beyond it).
  const depth16 = buildKnightsTable(goal, 16).bfs;
  const levelOf = (k: number) => {
    const start = depth16.levels.slice(0, k).reduce((a, b) => a + b, 0);
    const level = depth16.order.subarray(start, start + depth16.levels[k]);
    const step = Math.floor(level.length / 500);
    return Array.from({ length: 500 }, (_, i) => decodeKnights(level[i * step]));
  };
  const fifteen = levelOf(15);
  const sixteen = levelOf(16);
  const eightPairs = samples(fc.tuple(eightBoardArbitrary, eightBoardArbitrary), 2100).filter(([a, b]) => isReachable(a, b)).slice(0, 1000);
  const eightTable = new EightTables().table(8);
  const hardest = Array.from(eightTable.order.slice(-2)).map((code) => ({ from: decodeEight(code), to: CANONICAL_GOALS[8] }));
  // The comparisons with C first, while this process has run nothing but them: the rows below
  // then measure a process that has searched both puzzles, as a function serving both does.
  const againstC = [
    ...eightAgainstReference('the two 31-move pairs', hardest, 200),
    ...eightAgainstReference('1,000 random reachable pairs', eightPairs.map(([from, to]) => ({ from, to })), 5),
  ];
  return [
    { benchmark: 'search', input: 'knights: 500 random walks + 500 uniform boards, limit 15', ...latencies(knightsInputs, (board) => searchKnights({ board, goal, limit: 15 })) },
    { benchmark: 'search', input: `knights: ${fifteen.length} boards exactly 15 moves away`, ...latencies(fifteen, (board) => searchKnights({ board, goal, limit: 15 })) },
    { benchmark: 'search', input: `knights: ${sixteen.length} boards 16 moves away (beyond the limit: -1)`, ...latencies(sixteen, (board) => searchKnights({ board, goal, limit: 15 })) },
    { benchmark: 'search', input: 'eight: 1,000 random reachable pairs', ...latencies(eightPairs, ([from, to]) => searchEight({ from, to })) },
    { benchmark: 'search', input: `eight: the 31-move pairs (${hardest.map((q) => formatEightBoard(q.from)).join(', ')} -> 12345678X)`, ...latencies(hardest, (q) => searchEight(q)) },
    ...againstC,
  ];
}

export function searchRuns(): Row[] {
  const runs = Array.from({ length: PROCESSES }, () => benchInFreshProcess('search').filter((row) => row['vs reference']));
  const comparisons = runs[0].filter((row) => String(row.input).startsWith('eight IDA* in TypeScript: '));
  const labelOf = (row: Row) => String(row.input).replace(/^eight IDA\* in (TypeScript|C \(reference\)): /, '').replace(/, fastest of .*$/, '');
  /** In one run's rows, the TypeScript row and the C row of the comparison `label`. */
  const sidesOf = (rows: Row[], label: string) => ({
    ts: rows.find((row) => String(row.input).startsWith('eight IDA* in TypeScript') && labelOf(row) === label)!,
    c: rows.find((row) => String(row.input).startsWith('eight IDA* in C') && labelOf(row) === label)!,
  });
  return comparisons.map((row) => {
    const label = labelOf(row);
    const sides = runs.map((rows) => sidesOf(rows, label));
    const ratios = sides.map(({ ts }) => Number(ts['vs reference']));
    return {
      benchmark: 'search-runs',
      input: `eight IDA* vs C: ${label}, ${PROCESSES} processes`,
      'TypeScript / C ms, each run': sides.map(({ ts, c }) => `${Number(ts['total ms']).toFixed(0)}/${Number(c['total ms']).toFixed(0)}`).join(', '),
      'vs reference, each run': ratios.map((r) => r.toFixed(2)).join(', '),
      spread: spreadOf(ratios, 2),
      median: medianOf(ratios).toFixed(2),
    };
  });
}

