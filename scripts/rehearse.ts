/**
 * `npm run rehearse [-- --only NAME] [--loader-memory MB]`: the bundles `cdk synth` builds, run
 * under Lambda's rules (the runtime's turn before the first event, freezes between invocations, the
 * function's memory and timeout, CPU in proportion to memory) against dynalite behind DynamoDB's
 * read cap; each scenario's figures as a table. docs/deploying.md ("Rehearsing Lambda's rules")
 * tells what each rule is and how it is rehearsed.
 *
 *   cold     a cold container's first question on each puzzle (then 20 random boards of a puzzle
 *            answered by search)
 *   crowd    20 cold containers at once, each asked a mix, under the table's read cap
 *   reload   warm containers answering lookups while their table is reloaded (--force)
 *   loader   the deploy's load of the featured example (two whole spaces of the largest table,
 *            the other puzzles' default tables) as the provider framework runs it, at the memory its plan
 *            gives, its timeout cut short so that it takes several runs; the API's answers from
 *            its tables, a redeploy, and a run killed mid-write then resumed (half an hour; only
 *            by --only)
 *   solver   the background solver on each puzzle's questions past one request's search, at
 *            several memory sizes (minutes; only by --only)
 */
import { cpus, loadavg } from 'node:os';
import { type Row, printTable } from '../core/benchmark';
import { coldStartRows, coldStarts, crowd, crowdRows, reloadRows, reloadUnderTraffic } from '../rehearsal/scenarios';
import { featuredLoad, REHEARSED_STOP_BEFORE_SECONDS, REHEARSED_TIMEOUT_SECONDS, featuredLoadRehearsal, loaderCheckRows, loaderDeployRows, loaderPlanRows, loaderRunRows } from '../rehearsal/loader-deploys';
import { type Stage, startStage } from '../rehearsal/stage';
import { solverAtMemories, solverRows } from '../rehearsal/solver';
import { apiAtMemories, apiRows } from '../rehearsal/api-memory';
import { commandOptions, unknownWord } from './command-options';
import { registry } from '../puzzles/registered';
import { warnUnlessShippedRuntime } from '../emulator/runtime';
import { FUNCTION_MEMORY_MB } from '../lib/function-defaults';
import { LAMBDA_MAX_MEMORY_MB } from '../lib/load-plan';
import { vcpuShare } from '../emulator/cpu-share';

const SCENARIOS: Record<string, { title: string; run: (stage: Stage) => Promise<Row[]> }> = {
  cold: { title: `a. A cold container's first question on each puzzle (${FUNCTION_MEMORY_MB.toLocaleString('en-US')} MB: ${vcpuShare(FUNCTION_MEMORY_MB).toFixed(2)} vCPU; frozen between invocations)`, run: async (stage) => coldStartRows(await coldStarts(stage)) },
  crowd: { title: 'b. 20 cold containers at once under the read cap', run: async (stage) => crowdRows(await crowd(stage)) },
  reload: { title: 'c. A reload under traffic', run: async (stage) => reloadRows(await reloadUnderTraffic(stage)) },
};
const DEFAULT = Object.keys(SCENARIOS);
const NAMES = [...DEFAULT, 'loader', 'solver', 'api'];
/** Lambda's least memory, as the stack's loaderMemory setting takes it. */
const LAMBDA_MIN_MEMORY_MB = 128;
const USAGE = `usage: npm run rehearse [-- --only NAME] [--loader-memory MB]
  NAME: ${NAMES.join(', ')} (default: ${DEFAULT.join(', ')}; loader, solver and api, minutes long, only when named)
  --loader-memory MB  the loader's memory in the loader scenario, as the stack's loaderMemory setting
                      gives it, ${LAMBDA_MIN_MEMORY_MB} to ${LAMBDA_MAX_MEMORY_MB} (default: what the load's plan gives)`;

const values = commandOptions({ only: { type: 'string' }, 'loader-memory': { type: 'string' } }, USAGE);
if (values.only !== undefined && !NAMES.includes(values.only)) {
  console.error(`${unknownWord('scenario', values.only, NAMES)}\n${USAGE}`);
  process.exit(2);
}
const loaderMemory = values['loader-memory'] === undefined ? undefined : Number(values['loader-memory']);
if (loaderMemory !== undefined && !(Number.isInteger(loaderMemory) && loaderMemory >= LAMBDA_MIN_MEMORY_MB && loaderMemory <= LAMBDA_MAX_MEMORY_MB && values.only === 'loader')) {
  console.error(`--loader-memory is the loader scenario's memory (with --only loader), a whole number of MB from ${LAMBDA_MIN_MEMORY_MB} to ${LAMBDA_MAX_MEMORY_MB}; got "${values['loader-memory']}".\n${USAGE}`);
  process.exit(2);
}
warnUnlessShippedRuntime();
const log = (line: string) => process.stderr.write(`${line}\n`);
log(`machine: ${cpus().length} cores, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);

if (values.only === 'loader') {
  const result = await featuredLoadRehearsal(registry, log, loaderMemory);
  console.log(`\nd. The deploy's load (${await featuredLoad(registry)}) as the provider framework runs it at ${result.memoryMb.toLocaleString('en-US')} MB, each run's timeout cut to ${REHEARSED_TIMEOUT_SECONDS} s (stopping ${REHEARSED_STOP_BEFORE_SECONDS} s before): every run`);
  printTable(loaderRunRows(result));
  console.log('\nEach deploy');
  printTable(loaderDeployRows(result));
  console.log("\nThe load beside the plan's estimate (made for the stack's own timeout)");
  printTable(loaderPlanRows(result));
  console.log('\nThe checks');
  printTable(loaderCheckRows(result));
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
