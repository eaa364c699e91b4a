/**
 * precompute: BFS, lines and pages of the default tables (knights standard to depth 15, the 9
 * eight goals), and the whole knights space's BFS.
 */
import { buildEightTable } from '../puzzles/eight/rules/table';
import { resolveKnightsGoal } from '../puzzles/knights/rules/goals';
import { buildKnightsTable } from '../puzzles/knights/rules/table';
import { eightSpec } from '../puzzles/eight/offline/loads';
import { knightsSpec } from '../puzzles/knights/offline/loads';
import { type Row, peakMiB, timed } from './harness';

export function precompute(): Row[] {
  const standard = resolveKnightsGoal('standard');
  const knights = timed(() => buildKnightsTable(standard, 15));
  const eight = timed(() => Array.from({ length: 9 }, (_, goal) => buildEightTable(goal)));
  const knightsPages = timed(() => knightsSpec('standard', 15).build());
  const eightPages = timed(() => eightSpec().build());
  const defaults = knightsPages.value.positions + eightPages.value.positions;
  const rows: Row[] = [
    { benchmark: 'precompute', input: 'knights standard, depth 15: BFS', positions: knights.value.bfs.order.length, seconds: knights.seconds },
    { benchmark: 'precompute', input: 'eight, 9 goals: BFS', positions: 9 * eight.value[0].order.length, seconds: eight.seconds },
    { benchmark: 'precompute', input: `knights standard, depth 15: BFS, lines, ${knightsPages.value.pages.length} pages`, positions: knightsPages.value.positions, seconds: knightsPages.seconds },
    { benchmark: 'precompute', input: `eight, 9 goals: BFS, lines, ${eightPages.value.pages.length} pages`, positions: eightPages.value.positions, seconds: eightPages.seconds },
    { benchmark: 'precompute', input: 'default tables as pages, total', positions: defaults, seconds: knightsPages.seconds + eightPages.seconds, 'peak MiB': peakMiB() },
  ];
  const whole = timed(() => buildKnightsTable(standard, 39));
  rows.push({ benchmark: 'precompute', input: `knights whole space (depth ${whole.value.bfs.depth}): BFS`, positions: whole.value.bfs.order.length, seconds: whole.seconds, 'peak MiB': peakMiB() });
  return rows.map((row) => ({ ...row, 'positions/s': Math.round(Number(row.positions) / Number(row.seconds)), seconds: Number(row.seconds).toFixed(2) }));
}
