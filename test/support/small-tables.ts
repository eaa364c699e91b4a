/**
 * Small but real tables for tests of the data path: the knights table to a shallow depth, and
 * the eight positions near each of the 9 goals (the real table's items, fewer of them).
 */
import { CANONICAL_GOALS } from '../../core/eight/canonical';
import { buildEightTable } from '../../core/eight/table';
import { type TableSpec, eightSpec } from '../../store/positions';

/** The eight records within `maxSteps` of their goal; the table's manifest is written as usual. */
export function nearEightSpec(maxSteps: number): TableSpec {
  const spec = eightSpec();
  return {
    ...spec,
    build() {
      const full = spec.build();
      const perGoal = full.items / CANONICAL_GOALS.length;
      const indexes: number[] = [];
      CANONICAL_GOALS.forEach((_, goal) => {
        const near = buildEightTable(goal).levels.slice(0, maxSteps + 1).reduce((a, b) => a + b, 0);
        for (let i = 0; i < near; i++) indexes.push(goal * perGoal + i);
      });
      return {
        items: indexes.length,
        recordAt: (i) => full.recordAt(indexes[i]),
        records: function* () {
          for (const index of indexes) yield full.recordAt(index);
        },
      };
    },
  };
}
