/**
 * precompute: each puzzle's BFS and pages (its own rows), then the default tables of every puzzle
 * as pages, together.
 */
import { type Row, peakMiB, timedAsync } from '../core/benchmark';
import { type Registry, tableSpecs } from '../puzzles/registry';

export async function defaultTables(registry: Registry): Promise<Row[]> {
  const specs = tableSpecs(await registry.loadChoices(), undefined, {});
  const pages = await timedAsync(() => Promise.all(specs.map((spec) => spec.build())));
  const positions = pages.value.reduce((sum, table) => sum + table.positions, 0);
  const count = pages.value.reduce((sum, table) => sum + table.pages.length, 0);
  return [
    {
      benchmark: 'precompute',
      input: `default tables (${specs.map((spec) => spec.table).join(', ')}): BFS, lines, ${count} pages, total`,
      positions,
      seconds: pages.seconds.toFixed(2),
      'peak MiB': peakMiB(),
      'positions/s': Math.round(positions / pages.seconds),
    },
  ];
}
