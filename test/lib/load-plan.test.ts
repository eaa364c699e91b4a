/**
 * The deploy's load planned before anything is created (lib/load-plan.ts): the loader's runs as
 * it makes them, its memory, the cost, and the refusals, on made-up tables whose every figure is
 * known, so that each rule shows on its own.
 */
import { describe, expect, it } from 'vitest';
import { LAMBDA_CORE_SLOWDOWN, LOADER_QUERY_INTERVAL_SECONDS, RUN_WORK_SECONDS, TABLE_WRITE_UNITS_PER_SECOND, describePlan, planDeployLoad } from '../../lib/load-plan';
import type { TableEstimate } from '../../store/load-estimate';

const OPTIONS = { baseMemoryMb: 1769, readUnitsPerSecond: 500 };

/** A table of positions whose build takes `build` seconds on the estimates' machine, `writeSeconds` of writes at the table's rate alone, and `bytes`. */
function table(name: string, { build = 10, writeSeconds = 10, bytes = 1_000_000, peakMb = 500 } = {}): TableEstimate {
  return { table: name, positions: 1000, pages: 250, bytes, writeUnits: writeSeconds * TABLE_WRITE_UNITS_PER_SECOND, buildSeconds: build, peakMb };
}

describe('the deploy\'s load plan', () => {
  it('takes one run for a small load, and says its tables, size, time and cost', () => {
    const plan = planDeployLoad([table('a'), table('b')], OPTIONS);
    expect(plan).toMatchObject({ invocations: 1, lanes: 1, memoryMb: 1769, refusal: undefined });
    expect(plan.tables.map((one) => one.buildSeconds)).toEqual([10 * LAMBDA_CORE_SLOWDOWN, 10 * LAMBDA_CORE_SLOWDOWN]);
    expect(describePlan(plan)).toMatch(/^2 tables \(a, b\): about 500 pages, 2 MB, 80,000 write units; estimated \d+ s in 1 run of the loader at 1,769 MB \(1 table at once\), about \$0\.\d+ \(writes \$0\.05, the loader/);
  });

  it('goes on in more runs when the writes outlast one, each run building its table again', () => {
    const oneRun = RUN_WORK_SECONDS;
    // writes of two and a half runs: three runs, and each continuation builds the table afresh
    const plan = planDeployLoad([table('big', { build: 20, writeSeconds: 2.5 * oneRun })], OPTIONS);
    expect(plan.invocations).toBe(3);
    expect(plan.seconds).toBeGreaterThan(2.5 * oneRun + 3 * 20 * LAMBDA_CORE_SLOWDOWN + 2 * LOADER_QUERY_INTERVAL_SECONDS);
    expect(plan.refusal).toBeUndefined();
  });

  it('starts a table in a run only when its build ends in time, else leaves it to the next run', () => {
    // the first table leaves less of the run than the second's build takes
    const first = table('first', { build: 1, writeSeconds: RUN_WORK_SECONDS - 100 });
    const second = table('second', { build: 100 });
    expect(planDeployLoad([first, second], OPTIONS).invocations).toBe(2);
    expect(planDeployLoad([first, table('small', { build: 1 })], OPTIONS).invocations).toBe(1);
  });

  it('chooses the memory the tables built at once need, and as many at once as its vCPUs', () => {
    const big = table('big', { peakMb: 1900 });
    expect(planDeployLoad([big], OPTIONS).memoryMb).toBe(Math.ceil((1900 * 1.15) / 64) * 64);
    // several tables: each built on a thread of its own, beside the main thread's 500 MB
    expect(planDeployLoad([big, table('small', { peakMb: 100 })], OPTIONS).memoryMb).toBe(Math.ceil(((1900 + 500) * 1.15) / 64) * 64);
    // asked for two vCPUs' memory, two tables at once; their peaks must fit together
    const two = planDeployLoad([big, table('other', { peakMb: 1900 })], { ...OPTIONS, memoryMb: 4992 });
    expect(two.lanes).toBe(2);
    expect(two.refusal).toBeUndefined();
  });

  it('refuses a memory too small for the tables built at once, with what would do', () => {
    const plan = planDeployLoad([table('big', { peakMb: 1900 })], { ...OPTIONS, memoryMb: 2048 });
    expect(plan.refusal).toBe("the loader's memory of 2,048 MB is too small for these tables: the 1 it builds at once peak at about 1,900 MB; give loaderMemory=2240 or more, or leave it out (2240 MB is chosen then).");
    // enough for one table, but its two vCPUs build two at once, which do not fit
    const twoAtOnce = planDeployLoad([table('big', { peakMb: 1900 }), table('other', { peakMb: 1900 })], { ...OPTIONS, memoryMb: 3600 });
    expect(twoAtOnce.lanes).toBe(2);
    expect(twoAtOnce.refusal).toBe("the loader's memory of 3,600 MB is too small for these tables: the 2 it builds at once peak at about 3,800 MB; give loaderMemory=4992 or more, or leave it out (2816 MB is chosen then).");
  });

  it('refuses a table whose build and checks do not fit one run: it would never finish', () => {
    const plan = planDeployLoad([table('huge', { build: RUN_WORK_SECONDS / LAMBDA_CORE_SLOWDOWN + 1 })], OPTIONS);
    expect(plan.refusal).toMatch(/^huge cannot be built and checked within one run of the loader \(about [\d.]+ minutes of its [\d.]+ minutes\), so it would never finish\.$/);
  });

  it('refuses a load past the share of the hour it is planned in, and a table with no estimate', () => {
    const many = Array.from({ length: 6 }, (_, index) => table(`t${index}`, { writeSeconds: RUN_WORK_SECONDS * 0.9 }));
    expect(planDeployLoad(many, OPTIONS).refusal).toMatch(/^it would take about \d+ minutes in \d+ runs of the loader, past the 48 minutes a deploy allows it/);
    expect(planDeployLoad([table('a'), undefined], OPTIONS).refusal).toBe("table 2 of the load has no estimate (its puzzle's table spec gives none), so the deploy cannot tell whether it would finish.");
  });

  it('counts each table\'s checks as a scan of every table the load put there, at the checks\' pace', () => {
    const plan = planDeployLoad([table('a', { bytes: 4096 * 1000 }), table('b', { bytes: 4096 * 1000 })], OPTIONS);
    // a scan of 8,000 KB, eventually consistent: 1,000 units; then 1,100 spot checks, strongly consistent
    expect(plan.tables.map((one) => one.checkReadUnits)).toEqual([2100, 2100]);
    expect(plan.tables[0].checkSeconds).toBeCloseTo(2100 / 500);
  });
});
