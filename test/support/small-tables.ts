/** Small but real tables for tests of the data path: the eight positions near each of the 9 goals. */
import { type TableSpec } from '../../store/table-pages';
import { eightSpec } from '../../puzzles/eight/offline/loads';

/** The eight positions within `maxSteps` of their goal, as pages; positions farther away are searched. */
export function nearEightSpec(maxSteps: number): TableSpec {
  return eightSpec(maxSteps);
}
