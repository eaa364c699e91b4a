/**
 * What /health and /stats say: every table's state (each puzzle's built-in tables and those the
 * catalogue lists), and whether the tables can answer now, in a sentence when they cannot.
 */
import type { Registry } from '../puzzles/registry';
import type { TableFacts } from '../puzzles/roles/stored-tables';
import type { TableState } from '../store/page-store';
import type { Catalog } from '../store/catalog';
import { type Manifest, SCHEMA_VERSION } from '../store/manifests';
import type { TableId } from '../store/table-keys';
import type { EstimateReadings } from './estimate-readings';
import { type StoreGuard, describeFailure } from './store-guard';

/** A table as /health reports it, with what its puzzle says of it. */
export type TableHealth = { readonly facts: TableFacts } & (
  | { readonly state: 'loaded'; readonly manifest: Manifest }
  | { readonly state: 'missing' }
  | { readonly state: 'outdated'; readonly schemaVersion: number; readonly message: string }
  | { readonly state: 'unknown' }
);

export interface Health {
  /** Whether DynamoDB answered the manifest reads. */
  readonly dynamodb: 'reachable' | 'unreachable' | 'not configured';
  readonly tables: Record<string, TableHealth>;
  /** Why the tables cannot answer now, in a sentence; undefined when they can. */
  readonly degraded: string | undefined;
  /** Per puzzle whose search reads estimates: the estimate in use, and a stronger one on its way (npm start's build). */
  readonly estimates: Record<string, EstimateHealth>;
}

export interface EstimateHealth {
  readonly inUse: string;
  readonly coming?: string;
}

export interface HealthSources {
  readonly registry: Registry;
  readonly guard: StoreGuard;
  readonly estimates: EstimateReadings;
  /** Tables a load is writing now (npm start's): said to be being loaded, rather than advised a load. */
  readonly beingLoaded: ReadonlySet<TableId>;
  /** Stronger estimates being built now (npm start's), per puzzle: how far along, in a sentence. */
  readonly beingBuilt: ReadonlyMap<string, string>;
}

/** The estimate each puzzle with estimate tables searches with now (its solver's own until they are read), and what is coming. */
function estimatesHealth(registry: Registry, estimates: EstimateReadings, beingBuilt: ReadonlyMap<string, string>): Record<string, EstimateHealth> {
  const inUse = estimates.inUse();
  return Object.fromEntries(
    registry.PUZZLES.filter((puzzle) => puzzle.estimates).map((puzzle) => {
      const coming = beingBuilt.get(puzzle.name);
      return [puzzle.name, { inUse: inUse[puzzle.name] ?? puzzle.estimates!.withoutTables ?? 'its own search, without tables', ...(coming ? { coming } : {}) }];
    }),
  );
}

/**
 * How the tables stand. With `fresh`, DynamoDB is asked afresh (the catalogue, bypassing its
 * cache), so that no cached manifest hides a store that is failing; and while requests hold off a
 * store that just failed, the tables cannot answer either.
 */
export async function healthReport({ registry, guard, estimates, beingLoaded, beingBuilt }: HealthSources, fresh: boolean): Promise<Health> {
  const { store } = guard;
  const searches = () => estimatesHealth(registry, estimates, beingBuilt);
  if (!store) {
    const tables = registry.tablesOf(new Map()).map(({ table, facts }) => [table, { facts, state: 'missing' }] as const);
    return { dynamodb: 'not configured', tables: Object.fromEntries(tables), degraded: 'No table is configured (TABLE_NAME is not set), so every answer is found by search.', estimates: searches() };
  }
  let catalog: Catalog | undefined;
  try {
    catalog = await store.catalog({ fresh });
    const tables = registry.tablesOf(catalog);
    const states = await Promise.all(tables.map(({ table }) => store.table(table)));
    // Estimate tables being read (a cold start's first seconds) are waited for, so that /health says whether they are usable.
    await estimates.settled();
    const health = Object.fromEntries(tables.map(({ table, facts }, i) => [table, healthOf(table, facts, states[i])]));
    // A table of estimates that cannot be used is told of by the estimates' own sentence, which says why.
    const answering = Object.fromEntries(tables.flatMap(({ table, estimates }) => (estimates ? [] : [[table, health[table]]])));
    const degraded = [degradedBy(answering, guard, beingLoaded), estimates.problem(beingLoaded)].filter((problem) => problem !== undefined);
    return { dynamodb: 'reachable', tables: health, degraded: degraded.length === 0 ? undefined : degraded.join(' '), estimates: searches() };
  } catch (error) {
    guard.report(error);
    const tables = registry.tablesOf(catalog ?? new Map()).map(({ table, facts }) => [table, { facts, state: 'unknown' }] as const);
    return {
      dynamodb: 'unreachable',
      tables: Object.fromEntries(tables),
      degraded: `DynamoDB cannot be read now (${describeFailure(error)}), so answers are found by search.`,
      estimates: searches(),
    };
  }
}

/** Why tables that DynamoDB just answered for still cannot answer, if they cannot. */
function degradedBy(tables: Record<string, TableHealth>, guard: StoreGuard, beingLoaded: ReadonlySet<TableId>): string | undefined {
  const left = guard.holdOffLeft();
  if (left > 0) {
    return `Table reads failed a moment ago (${guard.lastFailure ?? 'DynamoDB did not answer'}); answers are found by search for ${Math.ceil(left / 1000)} s more before the tables are tried again.`;
  }
  const absent = Object.entries(tables).filter(([, table]) => table.state === 'missing').map(([id]) => id);
  const loading = absent.filter((id) => beingLoaded.has(id));
  const missing = absent.filter((id) => !beingLoaded.has(id));
  const outdated = Object.entries(tables).filter(([, table]) => table.state === 'outdated').map(([id]) => id);
  const problems = [
    ...(missing.length > 0 ? [`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not loaded`] : []),
    ...(outdated.length > 0 ? [`${outdated.join(', ')} ${outdated.length === 1 ? 'was' : 'were'} loaded by an older version`] : []),
  ];
  const underWay = loading.length > 0 ? `${loading.join(', ')} ${loading.length === 1 ? 'is' : 'are'} being loaded now, so ${loading.length === 1 ? 'its' : 'their'} questions are found by search until ${loading.length === 1 ? 'it is' : 'they are'}.` : undefined;
  if (problems.length === 0) return underWay;
  const advice = `${problems.join(', and ')}, so ${missing.length + outdated.length === 1 ? 'its' : 'their'} questions are found by search; load with npm run precompute (locally, npm start loads them).`;
  return underWay ? `${underWay} ${advice}` : advice;
}

function healthOf(table: TableId, facts: TableFacts, state: TableState): TableHealth {
  if (state.state !== 'outdated') return { facts, ...state };
  return {
    facts,
    state: 'outdated',
    schemaVersion: state.found.schemaVersion,
    message: `${table} was loaded by schema version ${state.found.schemaVersion}; this function reads version ${SCHEMA_VERSION} only, so it answers by search until the table is reloaded (npm run precompute -- --force).`,
  };
}
