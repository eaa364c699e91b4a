/**
 * `npm run precompute -- [options]`: BFS every table and load it into DynamoDB as pages of
 * positions, resumable and verified. AWS by default (standard credential chain); `--endpoint` for a
 * local server. Progress on stderr; one summary line per table on stdout. Started by `npm start`
 * (with an IPC channel), it also tells its parent of each table as soon as it is loaded, and ends
 * when its parent does.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type LoadSettings, UsageError, loadCommand, loadSettingsFrom, loadTables } from './load-tables';
import { warnUnlessShippedRuntime } from './runtime';
import { parserSentence } from './command-options';
import { registry } from '../puzzles/registered';

/** What a precompute started with an IPC channel tells its parent when a table is loaded. */
export interface LoadedMessage {
  readonly loaded: string;
}

const LOAD = await loadCommand(registry);

export const USAGE = `usage: npm run precompute -- [options]\n${LOAD.usage}`;

export function parsePrecomputeOptions(argv: string[]): LoadSettings | 'help' {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { ...LOAD.options, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(parserSentence(error));
  }
  return values.help ? 'help' : loadSettingsFrom(values, LOAD.choices);
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
