import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadArguments } from '../../load/load-tables';
import { parsePrecomputeOptions } from '../../scripts/precompute';
import { registry } from '../../puzzles/registered';
import { registry as threePuzzles } from '../support/three-puzzles';

const OWN = '10110/01*11/10111/01001/00000';
const FAR = '01000/10100/11000/0111*/11011';
/** The default tables of every other registered puzzle, which a load of every table adds after these three's. */
const OTHERS = (await registry.withOfflineRoles())
  .filter(({ puzzle }) => !threePuzzles.PUZZLES.includes(puzzle))
  .flatMap(({ offline }) => offline.loads?.specs(offline.loads.names, {}) ?? []);

describe('precompute options', () => {
  it('defaults to every table, depth 15, AWS', () => {
    const options = parsePrecomputeOptions([]);
    expect(options).toMatchObject({ table: 'tablebase', endpoint: undefined, concurrency: 16, workers: availableParallelism(), force: false });
    expect(options !== 'help' && options.specs.map((spec) => [spec.table, spec.depth])).toEqual([
      ['knights#standard', 15],
      ['eight', 31],
      ['fifteen', 0],
      ...OTHERS.map((spec) => [spec.table, spec.depth]),
    ]);
  });

  it('reads every option', () => {
    const options = parsePrecomputeOptions([
      '--endpoint', 'http://127.0.0.1:8000', '--table', 'my-table', '--region', 'eu-west-1',
      '--tables', 'eight', '--knights-depth', '39', '--concurrency', '64', '--workers', '3', '--force',
    ]);
    expect(options).toMatchObject({ endpoint: 'http://127.0.0.1:8000', table: 'my-table', region: 'eu-west-1', concurrency: 64, workers: 3, force: true });
    expect(options !== 'help' && options.specs.map((spec) => spec.table)).toEqual(['eight']);
    expect(parsePrecomputeOptions(['--help'])).toBe('help');
  });

  it('takes --goals, the contract\'s name of --tables, as the same option, and refuses the two with different values', () => {
    const byGoals = parsePrecomputeOptions(['--goals', 'eight,fifteen']);
    expect(byGoals !== 'help' && byGoals.specs.map((spec) => spec.table)).toEqual(['eight', 'fifteen']);
    const both = parsePrecomputeOptions(['--goals', 'eight', '--tables', 'eight']);
    expect(both !== 'help' && both.specs.map((spec) => spec.table)).toEqual(['eight']);
    expect(() => parsePrecomputeOptions(['--goals', 'eight', '--tables', 'fifteen'])).toThrow('--tables fifteen and --goals eight are one option under two names, given two values; give one.');
    const sameSet = parsePrecomputeOptions(['--goals', 'fifteen,eight', '--tables', 'eight,fifteen']);
    expect(sameSet !== 'help' && sameSet.specs.map((spec) => spec.table).sort()).toEqual(['eight', 'fifteen']);
  });

  it('refuses --table given a table of the service, one letter from --tables', () => {
    expect(() => parsePrecomputeOptions(['--table', 'eight'])).toThrow('--table eight would load into a DynamoDB table named eight; to load the eight table, give --tables eight.');
  });

  it('adds a knights table for each goal of one\'s own, at the knights depth, alongside what --tables selects', () => {
    const options = parsePrecomputeOptions(['--goal', `mine=${OWN}`, '--goal', `far-1=${FAR}`, '--knights-depth', '46']);
    expect(options !== 'help' && options.specs.map((spec) => [spec.table, spec.goal, spec.depth])).toEqual([
      ['knights#standard', '11111/01111/00*11/00001/00000', 46],
      ['knights#mine', OWN, 46],
      ['knights#far-1', FAR, 46],
      ['eight', expect.any(String), 31],
      ['fifteen', expect.any(String), 0],
      ...OTHERS.map((spec) => [spec.table, spec.goal, spec.depth]),
    ]);
    const only = parsePrecomputeOptions(['--tables', 'eight', '--goal', `mine=${OWN.replaceAll('/', '')}`, '--goal', `mine=${OWN}`]);
    expect(only !== 'help' && only.specs.map((spec) => spec.table)).toEqual(['knights#mine', 'eight']);
    // the built-in goal by its own name and board is that goal
    const standard = parsePrecomputeOptions(['--tables', 'eight', '--goal', 'standard=11111/01111/00*11/00001/00000']);
    expect(standard !== 'help' && standard.specs.map((spec) => spec.table)).toEqual(['knights#standard', 'eight']);
  });

  it('gives npm start\'s options back as the command line its precompute takes', () => {
    expect(loadArguments({ tables: 'standard', goal: [`mine=${OWN}`, `far=${FAR}`], 'knights-depth': '6', force: true, region: undefined })).toEqual([
      '--tables', 'standard', '--goal', `mine=${OWN}`, '--goal', `far=${FAR}`, '--knights-depth', '6', '--force',
    ]);
  });

  it('takes any region name with a local server, which only names its data', () => {
    expect(parsePrecomputeOptions(['--endpoint', 'http://127.0.0.1:8000', '--region', 'local'])).toMatchObject({ region: 'local' });
  });

  it.each([
    [['--knights-depth', '64'], /--knights-depth must be a whole number from 0 to 63; got "64"/],
    [['--knights-depth=-1'], /--knights-depth must be a whole number/],
    [['--knights-depth', 'deep'], /--knights-depth must be a whole number/],
    [['--concurrency', '0'], /--concurrency must be a whole number from 1 to 256/],
    [['--concurrency', '1.5'], /--concurrency must be a whole number/],
    [['--workers', '0'], /--workers must be a whole number from 1 to 64; got "0"/],
    [['--workers', '65'], /--workers must be a whole number from 1 to 64/],
    [['--workers', 'all'], /--workers must be a whole number/],
    [['--tables', 'standard,chess'], /--tables: there is no table "chess"; use standard, eight/],
    [['--endpoint', 'localhost:8000'], /--endpoint must be an http\(s\) URL/],
    [['--table', 'x'], /--table must be a DynamoDB table name \(3 to 255/],
    [['--region', 'moon'], /--region must be an AWS region/],
    [['--endpoint', 'http://127.0.0.1:8000', '--region', 'moon base'], /--region must be a region name/],
    [['--goal', 'mine'], /--goal takes NAME=BOARD, such as mine=11111\/01111\/00\*11\/00001\/00000; got "mine"/],
    [['--goal', `Mine=${OWN}`], /--goal Mine=.*: the name is wrong: a goal's name is lower-case letters, digits and dashes, at most 32 characters; got "Mine"/],
    [['--goal', `${'a'.repeat(33)}=${OWN}`], /the name is wrong/],
    [['--goal', '=10110/01*11/10111/01001/00000'], /the name is wrong/],
    [['--goal', 'mine=10110/01*11'], /--goal mine: the board is wrong: A board has 5 rows of 5 cells; this one has 2 rows/],
    [['--goal', 'mine=10110/01*11/10111/01001/0000*'], /--goal mine: the board is wrong: .*empty/],
    [['--goal', `standard=${OWN}`], /--goal standard: "standard" is the built-in goal 11111\/01111\/00\*11\/00001\/00000, not 10110\/01\*11\/10111\/01001\/00000; give this goal another name/],
    [['--goal', `mine=${OWN}`, '--goal', `mine=${FAR}`], /--goal mine is given twice, for 10110\/01\*11\/10111\/01001\/00000 and for /],
    [Array.from({ length: 64 }, (_, i) => [`--goal`, `g${i}=${OWN}`]).flat(), /64 goals were given with --goal; with the built-in ones that is more than the 64 goals the service serves/],
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
