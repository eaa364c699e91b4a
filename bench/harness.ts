/** What the runner of `npm run bench` adds to core/benchmark.ts: a benchmark run again in a fresh process. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Row } from '../core/benchmark';

/** This benchmark script again, in a fresh process: one benchmark's rows. */
export function benchInFreshProcess(name: string): Row[] {
  const script = fileURLToPath(new URL('./run.ts', import.meta.url));
  const run = spawnSync(process.execPath, [...process.execArgv, script, '--only', name, '--json'], { encoding: 'utf8', maxBuffer: 1 << 24, stdio: ['ignore', 'pipe', 'inherit'] });
  if (run.status !== 0) throw new Error(`npm run bench -- --only ${name} failed (exit ${run.status}); its stderr is above`);
  return JSON.parse(run.stdout).results[name];
}
