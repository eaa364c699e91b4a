/**
 * `npm run rehearse [-- --only NAME]`: the bundles `cdk synth` builds, run under Lambda's rules (the
 * runtime's turn before the first event, freezes between invocations, the function's memory and
 * timeout, CPU in proportion to memory) against dynalite behind DynamoDB's read cap; each
 * scenario's figures as a table. docs/deploying.md ("Rehearsing Lambda's rules") tells what each
 * rule is and how it is rehearsed.
 *
 *   cold     a cold container's first question on each puzzle (then 20 random boards of a puzzle
 *            answered by search)
 *   crowd    20 cold containers at once, each asked a mix, under the table's read cap
 *   reload   warm containers answering lookups while their table is reloaded (--force)
 *   loader   the loader's whole-space load at the loader's memory and vCPUs (minutes; only by --only)
 *   solver   the background solver on each puzzle's questions past one request's search, at
 *            several memory sizes (minutes; only by --only)
 */
import { cpus, loadavg } from 'node:os';
import { type Row, printTable } from '../core/benchmark';
import { coldStartRows, coldStarts, crowd, crowdRows, loaderRows, loaderWholeSpace, reloadRows, reloadUnderTraffic } from './rehearsal/scenarios';
import { type Stage, startStage } from './rehearsal/stage';
import { solverAtMemories, solverRows } from './rehearsal/solver';
import { apiAtMemories, apiRows } from './rehearsal/api-memory';
import { commandOptions } from './command-options';
import { registry } from '../puzzles/registered';
import { warnUnlessShippedRuntime } from './runtime';
import { FUNCTION_MEMORY_MB } from '../lib/function-defaults';
import { vcpuShare } from './rehearsal/cpu-share';

const SCENARIOS: Record<string, { title: string; run: (stage: Stage) => Promise<Row[]> }> = {
  cold: { title: `a. A cold container's first question on each puzzle (${FUNCTION_MEMORY_MB.toLocaleString('en-US')} MB: ${vcpuShare(FUNCTION_MEMORY_MB).toFixed(2)} vCPU; frozen between invocations)`, run: async (stage) => coldStartRows(await coldStarts(stage)) },
  crowd: { title: 'b. 20 cold containers at once under the read cap', run: async (stage) => crowdRows(await crowd(stage)) },
  reload: { title: 'c. A reload under traffic', run: async (stage) => reloadRows(await reloadUnderTraffic(stage)) },
};
const DEFAULT = Object.keys(SCENARIOS);
const NAMES = [...DEFAULT, 'loader', 'solver', 'api'];
const USAGE = `usage: npm run rehearse [-- --only NAME]
  NAME: ${NAMES.join(', ')} (default: ${DEFAULT.join(', ')}; loader, solver and api, minutes long, only when named)`;

const values = commandOptions({ only: { type: 'string' } }, USAGE);
if (values.only !== undefined && !NAMES.includes(values.only)) {
  console.error(`There is no scenario "${values.only}".\n${USAGE}`);
  process.exit(2);
}
warnUnlessShippedRuntime();
const log = (line: string) => process.stderr.write(`${line}\n`);
log(`machine: ${cpus().length} cores, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);

if (values.only === 'loader') {
  console.log("\nd. The loader's whole-space load at the loader's memory");
  printTable(loaderRows(await loaderWholeSpace(registry, log)));
} else if (values.only === 'api') {
  console.log("\nf. The API at several memory sizes: the 15-puzzle's questions one at a time (frozen between invocations)");
  printTable(apiRows(await apiAtMemories(registry, log)));
} else if (values.only === 'solver') {
  console.log('\ne. The background solver at several memory sizes (started by the API\'s bundle, frozen between invocations)');
  printTable(solverRows(await solverAtMemories(registry, log)));
} else {
  const names = values.only === undefined ? DEFAULT : [values.only];
  const stage = await startStage(registry, log);
  try {
    for (const name of names) {
      console.log(`\n${SCENARIOS[name].title}`);
      printTable(await SCENARIOS[name].run(stage));
    }
  } finally {
    await stage.close();
  }
}
log(`load average at the end ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
