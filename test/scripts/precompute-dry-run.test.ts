/**
 * `npm run precompute -- --dry-run`: a load's estimate, with no table, no server and no
 * credentials: each table's, then the deploy's plan for the same load (what the synth's
 * annotation says), or why the deploy would refuse it.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type LoadOptionValues, loadCommand, loadSettingsFrom } from '../../load/load-tables';
import { dryRunText, parsePrecomputeOptions } from '../../scripts/precompute';
import { registry as threePuzzles } from '../support/three-puzzles';

const ROOT = join(import.meta.dirname, '..', '..');
const FEATURED = ['--knights-depth', '39', '--goal', 'mine=10110/01*11/10111/01001/00000'];
/** The loads of the three puzzles whose figures the docs give (whatever else is registered). */
const THREE = await loadCommand(threePuzzles);

/** The dry run of a load of the three puzzles' tables, its options read as the command reads them. */
function dryRun(args: string[]): string {
  const { values } = parseArgs({ args, options: THREE.options, strict: true, allowPositionals: false });
  return dryRunText(loadSettingsFrom(values as LoadOptionValues, THREE.choices));
}

describe('npm run precompute -- --dry-run', () => {
  it('prints each table\'s estimate and the deploy\'s plan for the featured load: two whole spaces in more than one run of the loader', () => {
    const text = dryRun(FEATURED);
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/^knights#standard: about 67,603,900 positions \(depth 39\), 99,272 pages, 400\.1 MB, 397,087 write units \(\$0\.248 to write on demand\); its build about \d+ s on one core/);
    expect(lines[1]).toMatch(/^knights#mine: about 67,603,900 positions \(depth 39\)/);
    expect(lines[4]).toMatch(/^The deploy's load \(npx cdk deploy -c load="--knights-depth 39 --goal mine=10110\/01\*11\/10111\/01001\/00000"\): 4 tables \(knights#standard, knights#mine, eight, fifteen\): .* in [2-4] runs of the loader at [\d,]+ MB/);
    expect(lines[5]).toBe('Dry run: nothing was built or written.');
  });

  it('says the deploy would refuse a load past its hour, and how to load it from a machine', () => {
    const text = dryRun(['--knights-depth', '39', '--goal', 'a=11111/01111/0*011/00001/00000', '--goal', 'b=11111/01111/*0011/00001/00000', '--goal', 'c=11111/01111/0011*/00001/00000']);
    expect(text).toMatch(/The deploy would refuse this load \(npx cdk deploy -c load="--knights-depth 39 --goal a=.*"\): it would take about \d+ minutes in \d+ runs of the loader, past the 48 minutes a deploy allows it .* Load it from a machine with npm run precompute -- --table NAME --region REGION --knights-depth 39 --goal a=/);
  });

  it('is what --dry-run asks for, of every registered table by default', () => {
    const options = parsePrecomputeOptions(['--dry-run']);
    if (options === 'help') throw new Error('not a dry run');
    expect(options.dryRun).toBe(true);
    // a line for each table, then the deploy's plan for them all
    const tables = options.specs.map((spec) => spec.table);
    expect(dryRunText(options).split('\n').map((line) => line.split(':')[0])).toEqual([...tables, "The deploy's load (npx cdk deploy)", 'Dry run', '']);
    expect(dryRunText(options)).toContain(`: ${tables.length} tables (${tables.join(', ')}): about `);
  });

  it('runs as a command with no credentials and no table', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/precompute.ts', '--dry-run', '--tables', 'eight'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '', AWS_PROFILE: 'no-such-profile' },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^eight: about 1,632,960 positions \(depth 31\), 1,485 pages/);
    expect(run.stdout).toMatch(/The deploy's load \(npx cdk deploy -c load="--tables eight"\): 1 table \(eight\)/);
  });
});

describe('docs/deploying.md\'s table of loads', () => {
  it('quotes each load\'s plan as the dry run prints it', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync(join(ROOT, 'docs', 'deploying.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| (empty \(the default\)|`([^`]+)`) \| [^|]* \| (.+ in \d+ runs? at [\d,]+ MB) \| (\$[\d.]+) \|$/gm)];
    expect(rows.length).toBe(4);
    for (const [, , words, estimate, dollars] of rows) {
      const text = dryRun(words === undefined ? [] : words.split(' '));
      const plan = /estimated (.+ in \d+ runs?) of the loader at ([\d,]+ MB) .*?, about (\$[\d.]+) /.exec(text);
      expect(plan, text).not.toBeNull();
      expect(`${plan![1]} at ${plan![2]}`, words).toBe(estimate);
      expect(plan![3], words).toBe(dollars);
    }
    expect(doc).toMatch(/\| four whole spaces or more \| \| past 48 minutes: refused \| \|/);
  });
});
