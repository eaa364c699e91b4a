/**
 * `npm run precompute -- [options]`: BFS every table and load it into DynamoDB as pages of
 * positions, resumable and verified. AWS by default (standard credential chain); `--endpoint` for a
 * local server. Progress on stderr; one summary line per table on stdout. Started by `npm start`
 * (with an IPC channel), it also tells its parent of each table as soon as it is loaded, and ends
 * when its parent does. `--dry-run` builds and writes nothing: it prints what each table's load
 * will take, and the deploy's plan for the same load (lib/load-plan.ts), as the synth shows it.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type LoadSettings, UsageError, loadArguments, loadCommand, loadSettingsFrom, loadTables } from '../load/load-tables';
import { LOADER_READ_UNITS, describePlan, minutes, planDeployLoad } from '../lib/load-plan';
import { LOADER_MEMORY_MB } from '../lib/stack-settings';
import { warnUnlessShippedRuntime } from '../emulator/runtime';
import { parserSentence } from './command-options';
import { registry } from '../puzzles/registered';

/** What a precompute started with an IPC channel tells its parent when a table is loaded. */
export interface LoadedMessage {
  readonly loaded: string;
}

const LOAD = await loadCommand(registry);

export const USAGE = `usage: npm run precompute -- [options]\n${LOAD.usage}
  --dry-run              build and write nothing, need no credentials: print what each table's load will
                         take, and the deploy's plan for the same load (npx cdk deploy -c load="...")`;

export interface PrecomputeOptions extends LoadSettings {
  readonly dryRun: boolean;
}

export function parsePrecomputeOptions(argv: string[]): PrecomputeOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { ...LOAD.options, help: { type: 'boolean', short: 'h' }, 'dry-run': { type: 'boolean' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(parserSentence(error));
  }
  if (values.help) return 'help';
  const { 'dry-run': dryRun, help: _help, ...load } = values;
  return { ...loadSettingsFrom(load, LOAD.choices), dryRun: dryRun ?? false };
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');

/** What `--dry-run` prints: each table's estimate, then the deploy's plan for the same load, or why the deploy would refuse it. */
export function dryRunText(settings: LoadSettings): string {
  const estimates = settings.specs.map((spec) => spec.estimate?.());
  const lines = settings.specs.map((spec, index) => {
    const estimate = estimates[index];
    if (!estimate) return `${spec.table}: no estimate (its table spec gives none).`;
    const held = estimate.kind === 'arrays' ? `${count(estimate.positions)} entries` : `${count(estimate.positions)} positions (depth ${spec.depth})`;
    return (
      `${spec.table}: about ${held}, ${count(estimate.pages)} pages, ${(estimate.bytes / 1e6).toFixed(1)} MB, ${count(estimate.writeUnits)} write units ` +
      `($${((estimate.writeUnits * 0.625) / 1e6).toFixed(3)} to write on demand); its build about ${minutes(estimate.buildSeconds)} on one core of the machine the estimates were measured on, ${count(estimate.peakMb)} MB at its peak.`
    );
  });
  // the load's own words, as the deploy's `load` setting takes them
  const loadWords = loadArguments(Object.fromEntries(Object.entries(settings.values).filter(([name]) => name === 'tables' || name === 'goals' || name in LOAD.puzzleOptions)));
  const plan = planDeployLoad(estimates, { baseMemoryMb: LOADER_MEMORY_MB, readUnitsPerSecond: LOADER_READ_UNITS });
  const deploy = `npx cdk deploy${loadWords.length > 0 ? ` -c load="${loadWords.join(' ')}"` : ''}`;
  lines.push(plan.refusal === undefined ? `The deploy's load (${deploy}): ${describePlan(plan)}` : `The deploy would refuse this load (${deploy}): ${plan.refusal} Load it from a machine with npm run precompute -- --table NAME --region REGION${loadWords.length > 0 ? ` ${loadWords.join(' ')}` : ''}.`);
  lines.push('Dry run: nothing was built or written.');
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  warnUnlessShippedRuntime();
  let options;
  try {
    options = parsePrecomputeOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
  } else if (options.dryRun) {
    process.stdout.write(dryRunText(options));
  } else {
    // npm start's loader: its service stops using a load that nobody will serve
    let done = false;
    process.on('disconnect', () => process.exit(done ? 0 : 1));
    try {
      await loadTables(options, (result) => process.send?.({ loaded: result.table } satisfies LoadedMessage));
    } catch (error) {
      process.stderr.write(`precompute failed: ${(error as Error).message}\n`);
      process.exit(1);
    }
    // Done: let go of npm start (the channel alone would keep this process, and its memory, alive).
    done = true;
    process.disconnect?.();
  }
}
