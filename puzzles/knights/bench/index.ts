/**
 * The knights benchmarks: its BFS and pages (precompute), its IDA* per query (search), the whole
 * space against a C reference (full), the judge command as a whole process against a typical
 * accepted C solution of the judge problem (judge), and what the service's own benchmarks load
 * and ask of it.
 */
import { formatKnightsBoard } from '../rules/board';
import { resolveKnightsGoal } from '../rules/goals';
import { MAX_LIMIT } from '../rules/query';
import { searchKnights } from '../rules/search';
import { decodeKnights } from '../rules/space';
import { buildKnightsBfsTable } from '../rules/bfs-table';
import { knightsSpec } from '../offline/loads';
import { knightsBoardArbitrary, knightsWalkArbitrary } from '../seeded-inputs';
import { type Row, latencies, peakMiB, timed, timedAsync } from '../../../core/benchmark';
import { samples } from '../../../core/seeded';
import { UNLIMITED } from '../../../core/ida-star';
import type { PuzzleBenchmarks } from '../../roles/benchmarks';
import { full } from './full';
import { judge } from './judge';
import { knightsRehearsal } from './rehearsal';

/** The depth the query and init benchmarks load: hundreds of pages, loaded in a second or two. */
const SERVED_DEPTH = 10;

async function precompute(): Promise<Row[]> {
  const standard = resolveKnightsGoal('standard');
  const bfs = timed(() => buildKnightsBfsTable(standard, 15));
  const pages = await timedAsync(() => knightsSpec('standard', 15).build());
  const whole = timed(() => buildKnightsBfsTable(standard, MAX_LIMIT));
  const rows: Row[] = [
    { benchmark: 'precompute', input: 'knights standard, depth 15: BFS', positions: bfs.value.bfs.order.length, seconds: bfs.seconds },
    { benchmark: 'precompute', input: `knights standard, depth 15: BFS, lines, ${pages.value.pages.length} pages`, positions: pages.value.positions, seconds: pages.seconds },
    { benchmark: 'precompute', input: `knights whole space (depth ${whole.value.bfs.depth}): BFS`, positions: whole.value.bfs.order.length, seconds: whole.seconds, 'peak MiB': peakMiB() },
  ];
  return rows.map((row) => ({ ...row, 'positions/s': Math.round(Number(row.positions) / Number(row.seconds)), seconds: Number(row.seconds).toFixed(2) }));
}

function search(): Row[] {
  const goal = resolveKnightsGoal('standard');
  const inputs = [...samples(knightsWalkArbitrary(goal.board, 100), 500), ...samples(knightsBoardArbitrary, 500)];
  // Boards exactly 15 moves away (the last level within the limit) and 16 away (just beyond it).
  const depth16 = buildKnightsBfsTable(goal, 16).bfs;
  const levelOf = (k: number) => {
    const start = depth16.levels.slice(0, k).reduce((a, b) => a + b, 0);
    const level = depth16.order.subarray(start, start + depth16.levels[k]);
    const step = Math.floor(level.length / 500);
    return Array.from({ length: 500 }, (_, i) => decodeKnights(level[i * step]));
  };
  const fifteen = levelOf(15);
  const sixteen = levelOf(16);
  return [
    { benchmark: 'search', input: 'knights: 500 random walks + 500 uniform boards, limit 15', ...latencies(inputs, (board) => searchKnights({ board, goal, limit: 15 }, UNLIMITED)) },
    { benchmark: 'search', input: `knights: ${fifteen.length} boards exactly 15 moves away`, ...latencies(fifteen, (board) => searchKnights({ board, goal, limit: 15 }, UNLIMITED)) },
    { benchmark: 'search', input: `knights: ${sixteen.length} boards 16 moves away (beyond the limit: -1)`, ...latencies(sixteen, (board) => searchKnights({ board, goal, limit: 15 }, UNLIMITED)) },
  ];
}

export const benchmarks: PuzzleBenchmarks = {
  rehearsal: knightsRehearsal,
  rows: { precompute, search, full, judge },
  served: {
    spec: () => knightsSpec('standard', SERVED_DEPTH),
    startOptions: ['--tables', 'standard', '--knights-depth', String(SERVED_DEPTH)],
    paths: () => Array.from(buildKnightsBfsTable(resolveKnightsGoal('standard'), SERVED_DEPTH).bfs.order, (code) => `/knights?board=${formatKnightsBoard(decodeKnights(code))}`),
  },
  // Uniform boards are mostly far past the served table's depth: with limit 15 the search answers them.
  searchedPaths: () => samples(knightsBoardArbitrary, 2000).map((board) => `/knights?board=${formatKnightsBoard(board)}&limit=15`),
  largestLoad: () => [knightsSpec('standard', MAX_LIMIT)],
  // the standard goal at the depths its estimates are read between (offline/load-estimate.ts)
  estimatedLoads: [15, 20, 25, 30, MAX_LIMIT].map((depth) => `--tables standard --knights-depth ${depth}`),
};
