/**
 * The deploy's load, planned before anything is created: how long each table takes in the loader
 * function, in how many invocations the whole load is done, the memory the tables built at once
 * need, and what it costs. The synth shows it (an annotation), refuses a load the deploy could not
 * finish, and `npm run precompute -- --dry-run` prints it.
 *
 * The loader works until shortly before its timeout and is invoked again by the deploy until
 * every table is loaded (lib/tablebase-loader.ts): each run builds the tables it works on afresh
 * (a build cannot be kept between invocations), writes on from where the last one stopped, and
 * checks a table in one go. So a table whose build and checks do not fit one run never finishes,
 * and a load whose runs do not fit the hour a deploy's custom resource may take fails late: both
 * are refused here, with the estimate.
 */
import type { TableEstimate } from '../store/load-estimate';
import { spotChecksFor } from '../store/generation-checks';
import { MB_PER_VCPU } from './function-defaults';
import { TABLE_MAX_READ_UNITS } from './tablebase-table';

/**
 * Read units a second the deploy's load may take for its checks: half the table's cap, so that a
 * reload of a table the API answers from leaves it the other half.
 */
export const LOADER_READ_UNITS = TABLE_MAX_READ_UNITS / 2;

/**
 * A Lambda vCPU (arm64) taken as this much slower than a core of the machine the puzzles' load
 * figures were measured on: an assumption on the safe side until a deploy measures it.
 */
export const LAMBDA_CORE_SLOWDOWN = 1.5;
/** Write units a second a new on-demand table takes without throttling (DynamoDB developer guide, "initial throughput for on-demand"). */
export const TABLE_WRITE_UNITS_PER_SECOND = 4000;
/** The loader's longest run (Lambda's limit is 15 minutes; the provider framework's own function waits for it inside its 15). */
export const LOADER_TIMEOUT_SECONDS = 14 * 60;
/** The loader stops this long before its timeout: time for the batches in flight, its place saved, and its answer. */
export const LOADER_STOP_BEFORE_SECONDS = 90;
/** How long the deploy's custom resource may take in all: the provider framework's most (aws-cdk-lib custom-resources, `totalTimeout`). */
export const DEPLOY_LOAD_MAX_SECONDS = 60 * 60;
/** The share of that hour a load may be planned to take: the rest is the estimate's margin. */
const PLANNED_SHARE = 0.8;
/** Between the loader's runs the provider waits this long (its `queryInterval`). */
export const LOADER_QUERY_INTERVAL_SECONDS = 10;
/** Seconds of each run spent on what the table estimates leave out: the bundle's start, manifests, the catalogue. */
const RUN_OVERHEAD_SECONDS = 10;
/** The tables built at once must leave this share of the loader's memory free (the heap's own headroom). */
const MEMORY_HEADROOM = 1.15;
/** Lambda's most memory. */
export const LAMBDA_MAX_MEMORY_MB = 10_240;

/** Prices (us-east-1, on demand, arm64). */
const LAMBDA_GB_SECOND = 0.0000133334;
const WRITE_UNIT = 0.625 / 1e6;
const READ_UNIT = 0.125 / 1e6;
/** A Step Functions standard transition: the provider's waiter takes a few a run. */
const STATE_TRANSITION = 0.025 / 1000;
/** The provider framework's own functions (128 MB) wait while the loader runs. */
const FRAMEWORK_GB = 128 / 1024;

export interface PlanOptions {
  /** The loader's memory in MB; undefined: what the tables need, at least `baseMemoryMb`. */
  readonly memoryMb?: number;
  readonly baseMemoryMb: number;
  /** Read units a second the checks may take, all tables together (the loader's READ_UNITS_PER_SECOND). */
  readonly readUnitsPerSecond: number;
}

export interface PlannedTable {
  readonly estimate: TableEstimate;
  /** Seconds in the loader, on its share of the table's write and read rates. */
  readonly buildSeconds: number;
  readonly writeSeconds: number;
  readonly checkSeconds: number;
  readonly checkReadUnits: number;
}

export interface LoadPlan {
  readonly tables: readonly PlannedTable[];
  readonly memoryMb: number;
  /** Tables loaded at once (the loader's vCPUs, at most the tables). */
  readonly lanes: number;
  readonly invocations: number;
  /** From the first run's start to the last one's end. */
  readonly seconds: number;
  readonly cost: { readonly loader: number; readonly writes: number; readonly reads: number; readonly provider: number; readonly total: number };
  /** Why the deploy cannot run this load, in a sentence; undefined when it can. */
  readonly refusal: string | undefined;
}

/** The seconds of one run that go to the tables. */
export const RUN_WORK_SECONDS = LOADER_TIMEOUT_SECONDS - LOADER_STOP_BEFORE_SECONDS - RUN_OVERHEAD_SECONDS;

/** The whole vCPUs a function of `memoryMb` is given time on: the loader's threads (functions/loader.ts). */
export const wholeVcpusAt = (memoryMb: number) => Math.max(1, Math.floor(memoryMb / MB_PER_VCPU));

/** Tables the loader builds at once: a thread each, as many as its whole vCPUs. */
const lanesAt = (memoryMb: number, tables: number) => Math.max(1, Math.min(tables, wholeVcpusAt(memoryMb)));

/** The peak memory of the `lanes` largest tables built at once. */
function peakAtOnce(estimates: readonly TableEstimate[], lanes: number): number {
  return estimates.map((one) => one.peakMb).sort((a, b) => b - a).slice(0, lanes).reduce((sum, mb) => sum + mb, 0);
}

/**
 * The loader's own memory besides its tables' (a table's peak is measured in a process of its
 * own): with several tables each is built on a thread of its own (load/load-tables.ts), which
 * loads the 39 MB bundle again beside the main thread's. Measured: the largest table (a whole
 * space of 67.6 million positions) on a thread of the loader's bundle peaked at 2,375 MB, against
 * 1,892 MB in a process of its own.
 */
const MAIN_THREAD_MB = 500;

/** The memory the `lanes` largest tables built at once need, with the heap's headroom, in Lambda's steps of 64 MB. */
function memoryFor(estimates: readonly TableEstimate[], lanes: number): number {
  const threads = estimates.length > 1 ? MAIN_THREAD_MB : 0;
  return Math.ceil(((peakAtOnce(estimates, lanes) + threads) * MEMORY_HEADROOM) / 64) * 64;
}

/** The least memory at which the tables built at once fit (more memory is more vCPUs, so more tables at once). */
function memoryNeeded(estimates: readonly TableEstimate[], base: number): number {
  let memory = Math.max(base, memoryFor(estimates, 1));
  for (let round = 0; round < 8; round++) {
    const needed = Math.max(base, memoryFor(estimates, lanesAt(memory, estimates.length)));
    if (needed <= memory) return memory;
    memory = needed;
  }
  return memory;
}

/** Reads of a table's checks: a Scan of the whole table (every table of the load in it), and its spot checks or read-back, strongly consistent. */
function checkReadUnits(estimate: TableEstimate, loadBytes: number): number {
  const scan = Math.ceil(loadBytes / 4096) * 0.5;
  return Math.ceil(scan + (estimate.kind === 'arrays' ? estimate.pages : spotChecksFor(estimate.positions) + 100));
}

interface Lane {
  current: { readonly table: PlannedTable; writesLeft: number } | undefined;
}

/**
 * The load's runs, simulated as the loader makes them: each lane takes the next table when its
 * build would be done within the run (or it is the lane's first), builds it, writes what the run
 * leaves time for, and checks it if the checks fit; a table not done is built afresh by the next run.
 */
function simulateRuns(tables: readonly PlannedTable[], lanes: number): { invocations: number; seconds: number; billed: number } {
  const queue = [...tables];
  const state: Lane[] = Array.from({ length: lanes }, () => ({ current: undefined }));
  let invocations = 0;
  let seconds = 0;
  let billed = 0;
  while (queue.length > 0 || state.some((lane) => lane.current)) {
    invocations++;
    let stopped = false;
    let longest = 0;
    for (const lane of state) {
      let t = 0;
      for (let first = true; ; first = false) {
        if (!lane.current) {
          const next = queue[0];
          if (!next || stopped) break;
          if (!first && t + next.buildSeconds > RUN_WORK_SECONDS) {
            stopped = true;
            break;
          }
          lane.current = { table: queue.shift()!, writesLeft: next.writeSeconds };
        }
        const { table } = lane.current;
        t += table.buildSeconds;
        const writes = Math.min(lane.current.writesLeft, Math.max(0, RUN_WORK_SECONDS - t));
        lane.current.writesLeft -= writes;
        t += writes;
        if (lane.current.writesLeft > 0 || t + table.checkSeconds > RUN_WORK_SECONDS) {
          stopped = true;
          t = Math.min(Math.max(t, RUN_WORK_SECONDS), RUN_WORK_SECONDS);
          break;
        }
        t += table.checkSeconds;
        lane.current = undefined;
      }
      longest = Math.max(longest, t);
    }
    const run = longest + RUN_OVERHEAD_SECONDS;
    billed += run;
    seconds += run;
    if (queue.length > 0 || state.some((lane) => lane.current)) seconds += LOADER_QUERY_INTERVAL_SECONDS;
    if (invocations > 100) break;
  }
  return { invocations, seconds, billed };
}

/** What the deploy's load will take, or why it cannot run: `estimates` in the load's order, undefined where a table has none. */
export function planDeployLoad(estimates: readonly (TableEstimate | undefined)[], options: PlanOptions): LoadPlan {
  const known = estimates.filter((one): one is TableEstimate => one !== undefined);
  const needed = memoryNeeded(known, options.baseMemoryMb);
  const memoryMb = options.memoryMb ?? Math.min(needed, LAMBDA_MAX_MEMORY_MB);
  const lanes = lanesAt(memoryMb, Math.max(1, known.length));
  const loadBytes = known.reduce((sum, one) => sum + one.bytes, 0);
  const tables = known.map((estimate): PlannedTable => {
    const units = checkReadUnits(estimate, loadBytes);
    return {
      estimate,
      buildSeconds: estimate.buildSeconds * LAMBDA_CORE_SLOWDOWN,
      // the table's rates are shared by the tables loading at once
      writeSeconds: (estimate.writeUnits * lanes) / TABLE_WRITE_UNITS_PER_SECOND,
      checkSeconds: (units * lanes) / options.readUnitsPerSecond,
      checkReadUnits: units,
    };
  });
  const runs = simulateRuns(tables, lanes);
  const writes = known.reduce((sum, one) => sum + one.writeUnits, 0) * WRITE_UNIT;
  const reads = tables.reduce((sum, one) => sum + one.checkReadUnits, 0) * READ_UNIT;
  const loader = (memoryMb / 1024) * runs.billed * LAMBDA_GB_SECOND;
  const provider = FRAMEWORK_GB * runs.seconds * LAMBDA_GB_SECOND + 4 * runs.invocations * STATE_TRANSITION;
  const plan = { tables, memoryMb, lanes, invocations: runs.invocations, seconds: runs.seconds, cost: { loader, writes, reads, provider, total: loader + writes + reads + provider } };
  return { ...plan, refusal: refusalOf(plan, estimates, needed, options) };
}

function refusalOf(plan: Omit<LoadPlan, 'refusal'>, estimates: readonly (TableEstimate | undefined)[], needed: number, options: PlanOptions): string | undefined {
  const missing = estimates.findIndex((one) => one === undefined);
  if (missing >= 0) return `table ${missing + 1} of the load has no estimate (its puzzle's table spec gives none), so the deploy cannot tell whether it would finish.`;
  if (needed > LAMBDA_MAX_MEMORY_MB) return `its tables built at once need about ${needed.toLocaleString('en-US')} MB, past Lambda's ${LAMBDA_MAX_MEMORY_MB.toLocaleString('en-US')} MB.`;
  // the tables the asked memory's vCPUs build at once must fit in it
  const known = plan.tables.map((one) => one.estimate);
  if (options.memoryMb !== undefined && options.memoryMb < memoryFor(known, plan.lanes)) {
    const peak = peakAtOnce(known, plan.lanes);
    return (
      `the loader's memory of ${options.memoryMb.toLocaleString('en-US')} MB is too small for these tables: the ${plan.lanes} it builds at once peak at about ${peak.toLocaleString('en-US')} MB; ` +
      `give loaderMemory=${memoryFor(known, plan.lanes)} or more, or leave it out (${needed} MB is chosen then).`
    );
  }
  const tooBig = plan.tables.find((one) => one.buildSeconds + one.checkSeconds > RUN_WORK_SECONDS);
  if (tooBig) {
    return `${tooBig.estimate.table} cannot be built and checked within one run of the loader (about ${minutes(tooBig.buildSeconds + tooBig.checkSeconds)} of its ${minutes(RUN_WORK_SECONDS)}), so it would never finish.`;
  }
  if (plan.seconds > DEPLOY_LOAD_MAX_SECONDS * PLANNED_SHARE) {
    return `it would take about ${minutes(plan.seconds)} in ${plan.invocations} runs of the loader, past the ${minutes(DEPLOY_LOAD_MAX_SECONDS * PLANNED_SHARE)} a deploy allows it (the custom resource's hour, less a margin for the estimate).`;
  }
  return undefined;
}

export const minutes = (seconds: number) => (seconds < 90 ? `${Math.ceil(seconds)} s` : `${(seconds / 60).toFixed(seconds < 600 ? 1 : 0)} minutes`);
const dollars = (amount: number) => `$${amount < 0.01 ? amount.toFixed(4) : amount.toFixed(2)}`;

/** The plan in a sentence or two: what the synth's annotation and the dry run say. */
export function describePlan(plan: LoadPlan): string {
  const sum = (pick: (one: TableEstimate) => number) => plan.tables.reduce((total, one) => total + pick(one.estimate), 0);
  const tables = plan.tables.map(({ estimate }) => estimate.table).join(', ');
  const { cost } = plan;
  return (
    `${plan.tables.length} table${plan.tables.length === 1 ? '' : 's'} (${tables}): about ${sum((one) => one.pages).toLocaleString('en-US')} pages, ` +
    `${(sum((one) => one.bytes) / 1e6).toFixed(0)} MB, ${sum((one) => one.writeUnits).toLocaleString('en-US')} write units; ` +
    `estimated ${minutes(plan.seconds)} in ${plan.invocations} run${plan.invocations === 1 ? '' : 's'} of the loader at ${plan.memoryMb.toLocaleString('en-US')} MB ` +
    `(${plan.lanes} table${plan.lanes === 1 ? '' : 's'} at once), about ${dollars(cost.total)} ` +
    `(writes ${dollars(cost.writes)}, the loader ${dollars(cost.loader)}, the checks' reads ${dollars(cost.reads)}, the provider ${dollars(cost.provider)}). ` +
    `A Lambda vCPU is taken as ${LAMBDA_CORE_SLOWDOWN}x slower than the machine the estimates were measured on.`
  );
}
