/** Small but real tables for tests of the data path: the eight positions near each of the 9 goals. */
import type { ArrayPages } from '../../store/array-pages';
import type { TablePages, TableSpec } from '../../store/table-pages';
import { eightSpec } from '../../puzzles/eight/offline/loads';

/** The eight positions within `maxSteps` of their goal, as pages; positions farther away are searched. */
export function nearEightSpec(maxSteps: number): TableSpec {
  return eightSpec(maxSteps);
}

/** The same table, its BFS and pages built on the first load only: a test that loads it again reuses them. */
export function builtOnce<Pages extends TablePages | ArrayPages>(spec: TableSpec<Pages>): TableSpec<Pages> {
  let built: Promise<Pages> | undefined;
  return { ...spec, build: (options) => (built ??= spec.build(options)) };
}
