import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePrecomputeOptions } from '../../scripts/precompute';

describe('precompute options', () => {
  it('defaults to every table, depth 15, AWS', () => {
    const options = parsePrecomputeOptions([]);
    expect(options).toMatchObject({ table: 'tablebase', endpoint: undefined, concurrency: 16, force: false });
    expect(options !== 'help' && options.specs.map((spec) => [spec.table, spec.depth])).toEqual([
      ['knights#standard', 15],
      ['eight', 31],
    ]);
  });

  it('reads every option', () => {
    const options = parsePrecomputeOptions([
      '--endpoint', 'http://127.0.0.1:8000', '--table', 'my-table', '--region', 'eu-west-1',
      '--goals', 'eight', '--knights-depth', '39', '--concurrency', '64', '--force',
    ]);
    expect(options).toMatchObject({ endpoint: 'http://127.0.0.1:8000', table: 'my-table', region: 'eu-west-1', concurrency: 64, force: true });
    expect(options !== 'help' && options.specs.map((spec) => spec.table)).toEqual(['eight']);
    expect(parsePrecomputeOptions(['--help'])).toBe('help');
  });

  it('takes any region name with a local server, which only names its data', () => {
    expect(parsePrecomputeOptions(['--endpoint', 'http://127.0.0.1:8000', '--region', 'local'])).toMatchObject({ region: 'local' });
  });

  it.each([
    [['--knights-depth', '40'], /--knights-depth must be a whole number from 0 to 39; got "40"/],
    [['--knights-depth=-1'], /--knights-depth must be a whole number/],
    [['--knights-depth', 'deep'], /--knights-depth must be a whole number/],
    [['--concurrency', '0'], /--concurrency must be a whole number from 1 to 256/],
    [['--concurrency', '1.5'], /--concurrency must be a whole number/],
    [['--goals', 'standard,chess'], /--goals: there is no table "chess"; use standard, eight/],
    [['--endpoint', 'localhost:8000'], /--endpoint must be an http\(s\) URL/],
    [['--table', 'x'], /--table must be a DynamoDB table name \(3 to 255/],
    [['--region', 'moon'], /--region must be an AWS region/],
    [['--endpoint', 'http://127.0.0.1:8000', '--region', 'moon base'], /--region must be a region name/],
    [['--bogus'], /Unknown option '--bogus'/],
    [['--table'], /argument missing/],
    [['stray'], /Unexpected argument 'stray'/],
  ])('refuses %j', (argv, message) => {
    expect(() => parsePrecomputeOptions(argv)).toThrow(message);
  });
});

describe('precompute against AWS without credentials', () => {
  it('says which credential sources were tried and how to load locally instead, before any BFS', () => {
    const home = mkdtempSync(join(tmpdir(), 'tablebase-home-'));
    const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_')));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/precompute.ts', '--region', 'eu-west-1'], {
      encoding: 'utf8',
      env: { ...environment, HOME: home, AWS_EC2_METADATA_DISABLED: 'true', AWS_CONFIG_FILE: join(home, 'none'), AWS_SHARED_CREDENTIALS_FILE: join(home, 'none') },
      timeout: 60_000,
    });
    rmSync(home, { recursive: true, force: true });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^precompute failed: No AWS credentials were found\. The AWS SDK looked, in order, at: the environment/);
    expect(run.stderr).toMatch(/--endpoint URL \(npm start runs one itself\)/);
    expect(run.stderr).not.toMatch(/computing/);
  });
});
