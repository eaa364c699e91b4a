/**
 * What a table's load will take, known before it is built: a deploy plans its loader by it
 * (lib/load-plan.ts) and refuses at synth what would not finish, and `npm run precompute --
 * --dry-run` prints it. Each puzzle gives its tables' estimates from loads it measured (the
 * points below), read between them by the table's positions.
 */

export interface TableEstimate {
  readonly table: string;
  /** A table of byte arrays, read back whole by its checks (array-pages.ts); else a table of positions, spot-checked. */
  readonly kind?: 'arrays';
  readonly positions: number;
  readonly pages: number;
  readonly bytes: number;
  /** DynamoDB write units of its pages (a unit per started kilobyte of each item). */
  readonly writeUnits: number;
  /** Seconds its build (BFS, records, pages) takes on one core of the machine the points were measured on. */
  readonly buildSeconds: number;
  /** The loading process's peak memory in MB while it loads this table alone. */
  readonly peakMb: number;
}

/** One load measured: a table of `positions`, its pages, and its build's time and peak memory on one thread. */
export type MeasuredLoad = Omit<TableEstimate, 'table' | 'kind'>;

/**
 * A table of `positions` estimated from measured loads of the same kind (sorted by positions):
 * each figure read on the straight line between the two measured loads around it (the nearest two
 * past either end).
 */
export function estimateBetween(table: string, positions: number, measured: readonly MeasuredLoad[]): TableEstimate {
  if (measured.length === 0) throw new RangeError(`no measured load to estimate ${table} from`);
  if (measured.length === 1) {
    const [only] = measured;
    const scale = positions / only.positions;
    return { table, positions, pages: Math.ceil(only.pages * scale), bytes: Math.ceil(only.bytes * scale), writeUnits: Math.ceil(only.writeUnits * scale), buildSeconds: only.buildSeconds * scale, peakMb: only.peakMb };
  }
  let right = measured.findIndex((load) => load.positions >= positions);
  if (right <= 0) right = right === 0 ? 1 : measured.length - 1;
  const low = measured[right - 1];
  const high = measured[right];
  const at = (pick: (load: MeasuredLoad) => number) => pick(low) + ((pick(high) - pick(low)) * (positions - low.positions)) / (high.positions - low.positions);
  const up = (pick: (load: MeasuredLoad) => number) => Math.max(0, Math.ceil(at(pick)));
  return { table, positions, pages: up((l) => l.pages), bytes: up((l) => l.bytes), writeUnits: up((l) => l.writeUnits), buildSeconds: Math.max(0, at((l) => l.buildSeconds)), peakMb: up((l) => l.peakMb) };
}
