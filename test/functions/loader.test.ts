import { describe, expect, it } from 'vitest';
import { MB_PER_VCPU } from '../../lib/function-defaults';
import { loaderSettings, workersOf } from '../../functions/loader';

describe("the deploy's loader", () => {
  it("loads on as many threads as its memory gives it whole vCPUs: one up to 3,537 MB, two from 3,538 MB, five at the most memory", () => {
    expect(workersOf(String(MB_PER_VCPU))).toBe('1');
    expect(workersOf('1024')).toBe('1');
    expect(workersOf('2600')).toBe('1');
    // whole vCPUs: 3,008 MB is 1.7 of them, one thread (the plan sized its memory for one table at a time)
    expect(workersOf('3008')).toBe('1');
    expect(workersOf(String(2 * MB_PER_VCPU))).toBe('2');
    expect(workersOf('10240')).toBe('5');
    expect(workersOf(undefined)).toBeUndefined();
    expect(workersOf('lots')).toBeUndefined();
  });

  it('takes its threads from the memory Lambda sets, and its load from the stack', async () => {
    const settings = await loaderSettings({ TABLE_NAME: 'tablebase', LOAD_OPTIONS: '--tables standard --knights-depth 39', AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '3538' });
    expect(settings).toMatchObject({ table: 'tablebase', workers: 2 });
    expect(settings.specs.map((spec) => [spec.table, spec.depth])).toEqual([['knights#standard', 39]]);
  });
});
