/**
 * The fifteen benchmark (`npm run bench -- --only fifteen`): the 15-puzzle's IDA* (Manhattan
 * distance plus linear conflicts) against a reference IDA* in C with the same estimate, move order
 * and pruning (fifteen-ida.c beside this file), over the same boards, each side in fresh
 * processes (search-process.ts for the TypeScript one), interleaved: the fastest run of each,
 * their ratio, the nodes per second, and each board's time in the fastest TypeScript run.
 *
 * Uniform random boards (about 52 moves from the goal) take seconds to minutes each on this
 * estimate, so the sets are boards that finish: seeded random walks from the goal, and the SPEC's
 * samples (9 to 58 moves). The search over the pattern databases adds its rows on uniform random
 * boards (pattern-reference.ts), the search over the 7-8 set on Korf's 100 boards
 * (packed-reference.ts), and what splitting it across vCPUs would buy (split-search.ts).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fifteenWalkArbitrary } from '../seeded-inputs';
import { PROCESSES, type Row, compileReference } from '../../../core/benchmark';
import { samples } from '../../../core/seeded';
import type { PuzzleBenchmarks } from '../../roles/benchmarks';
import { fifteenColdStart } from './cold-start';
import { againstPatternReference } from './pattern-reference';
import { againstPackedReference } from './packed-reference';
import { splitSearchRows } from './split-search';
import { fifteenThroughUrl } from './through-url';
import { fifteenRehearsal } from './rehearsal';

const WALKS = 200;
const WALK_MOVES = 60;

/** The SPEC's boards, 9 to 58 moves from the goal (the 58-move one is most of the set's time). */
const SPEC_BOARDS = [
  '2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15',
  '1 2 7 3 5 6 15 11 9 10 0 4 13 14 12 8',
  '6 1 4 8 2 7 10 3 5 13 0 12 14 9 11 15',
  '9 1 7 2 10 4 6 3 0 5 12 8 13 14 11 15',
  '1 2 7 3 6 13 4 8 14 9 0 15 10 12 5 11',
  '6 10 8 11 13 1 2 4 5 12 3 15 9 0 14 7',
  '15 5 13 12 6 4 1 0 7 10 3 9 11 8 2 14',
].map((text) => text.split(' ').map(Number));

interface Run {
  seconds: number;
  boards: number;
  moves: number;
  nodes: number;
  /** TypeScript only: each board's milliseconds and moves. */
  times?: number[];
  lengths?: number[];
}

function runProcess(command: string, args: readonly string[], input: string): Run {
  const run = spawnSync(command, args, { input, encoding: 'utf8', maxBuffer: 16 << 20 });
  if (run.status !== 0) throw new Error(`${command} failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

const percentile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** One set, C and TypeScript alternating, each run in a fresh process of its own. */
function againstReference(binary: string, label: string, boards: readonly (readonly number[])[]): Row[] {
  const input = boards.map((board) => board.join(' ')).join('\n');
  const script = fileURLToPath(new URL('./search-process.ts', import.meta.url));
  const c: Run[] = [];
  const ts: Run[] = [];
  for (let trial = 0; trial < PROCESSES; trial++) {
    c.push(runProcess(binary, ['1'], input));
    ts.push(runProcess(process.execPath, [...process.execArgv, script, '1'], input));
  }
  const fastest = (runs: Run[]) => runs.reduce((best, run) => (run.seconds < best.seconds ? run : best));
  const spread = (runs: Run[]) => runs.map((run) => (run.seconds * 1000).toFixed(0)).join(', ');
  const best = { c: fastest(c), ts: fastest(ts) };
  const same = [...c, ...ts].every((run) => run.moves === best.c.moves && run.nodes === best.c.nodes);
  const times = [...best.ts.times!].sort((a, b) => a - b);
  const lengths = best.ts.lengths!;
  const row = (run: Run) => ({
    boards: run.boards,
    moves: `${Math.min(...lengths)}–${Math.max(...lengths)}, mean ${(run.moves / run.boards).toFixed(1)}`,
    nodes: run.nodes,
    'total ms': (run.seconds * 1000).toFixed(0),
    'Mnodes/s': (run.nodes / run.seconds / 1e6).toFixed(1),
  });
  return [
    { benchmark: 'fifteen', input: `fifteen IDA* in C (reference): ${label}, fastest of ${spread(c)} ms`, ...row(best.c), 'vs reference': '1.00' },
    {
      benchmark: 'fifteen',
      input: `fifteen IDA* in TypeScript: ${label}, fastest of ${spread(ts)} ms${same ? ' (same lengths and nodes)' : ' (LENGTHS OR NODES DIFFER)'}`,
      ...row(best.ts),
      'vs reference': (best.ts.seconds / best.c.seconds).toFixed(2),
      'p50 ms': percentile(times, 0.5).toFixed(2),
      'p90 ms': percentile(times, 0.9).toFixed(2),
      'p99 ms': percentile(times, 0.99).toFixed(2),
      'max ms': times.at(-1)!.toFixed(2),
    },
  ];
}

async function fifteen(): Promise<Row[]> {
  const reference = compileReference(new URL('./fifteen-ida.c', import.meta.url));
  if (!reference) return [];
  try {
    return [
      ...againstReference(reference.binary, `${WALKS} seeded random walks of ${WALK_MOVES} moves from the goal, never straight back`, samples(fifteenWalkArbitrary(WALK_MOVES, WALK_MOVES), WALKS)),
      ...againstReference(reference.binary, 'the 7 SPEC samples', SPEC_BOARDS),
      ...againstPatternReference(),
      ...(await againstPackedReference()),
      ...(await splitSearchRows()),
    ];
  } finally {
    reference.cleanup();
  }
}

export const benchmarks: PuzzleBenchmarks = { rows: { fifteen }, rehearsal: fifteenRehearsal, throughUrl: fifteenThroughUrl, estimatesColdStart: fifteenColdStart };
