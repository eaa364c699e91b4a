/**
 * The API's memory, chosen by measurement (npm run rehearse -- --only api): the API's bundle at
 * several memory sizes, each with its share of a CPU (cpu-share.ts) and frozen between
 * invocations, asked the same questions one at a time: each puzzle's memory sets (the 15-puzzle's:
 * Korf's first 40 boards, the answers most questions are like, and two of the boards 80 moves
 * away, the hardest). For each, the handler's time and the GB-seconds an answer costs, the
 * request's own fee beside it.
 *
 * The 15-puzzle's search is single-threaded and CPU-bound: below one vCPU an answer takes longer by
 * as much for about the same GB-seconds; above one it buys a share of a second vCPU it cannot use.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Row } from '../core/benchmark';
import { FUNCTION_MEMORY_MB } from '../lib/function-defaults';
import type { Registry } from '../puzzles/registry';
import { buildFunctionBundle, startBundledFunction } from '../emulator/function-bundle';
import { functionUrlEvent } from '../emulator/function-url-event';
import { GB_SECOND_USD } from './solver';

/** Below one vCPU, at one (the API's), and at the most a 2-core machine can pin (1.7 vCPU). */
const MEMORIES = [1024, FUNCTION_MEMORY_MB, 3008];
/** Lambda's fee per request, beside its GB-seconds (us-east-1, arm64). */
const REQUEST_USD = 0.2 / 1e6;

export interface ApiRun {
  readonly memoryMb: number;
  readonly share: number;
  readonly set: string;
  readonly answers: number;
  readonly handlerMs: readonly number[];
  readonly statuses: readonly number[];
  readonly peakMemoryMb: number | undefined;
}

export async function apiAtMemories(registry: Registry, log: (line: string) => void = () => {}): Promise<ApiRun[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tablebase-rehearsal-api-'));
  const runs: ApiRun[] = [];
  try {
    const bundle = await buildFunctionBundle(registry, join(dir, 'api'));
    const puzzles = (await registry.withBenchmarks()).flatMap(({ benchmarks }) => (benchmarks.rehearsal?.memorySets ? [benchmarks.rehearsal] : []));
    for (const memoryMb of MEMORIES) {
      const fn = await startBundledFunction(bundle, { memoryMb, cpuShare: 'lambda', freezeBetween: true });
      const ask = (target: string) => fn.invoke(functionUrlEvent({ method: 'GET', target, headers: { host: 'x.lambda-url.us-east-1.on.aws' } }));
      try {
        for (const rehearsal of puzzles) {
          // the container's first question of the puzzle (it reads the package's estimates): untimed here, the cold rehearsal times it
          await ask(rehearsal.first().target);
          for (const { set, targets } of rehearsal.memorySets!()) {
            const asked = [];
            for (const target of targets) asked.push(await ask(target));
            runs.push({ memoryMb, share: fn.cpu.share, set, answers: targets.length, handlerMs: asked.map((one) => one.handlerMs ?? Number.NaN), statuses: asked.map((one) => one.result.statusCode ?? 0), peakMemoryMb: fn.peakMemoryMb() });
            log(`${memoryMb} MB, ${set}: ${asked.map((one) => Math.round(one.handlerMs ?? Number.NaN)).join(' ')} ms`);
          }
        }
      } finally {
        await fn.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return runs;
}

export function apiRows(runs: readonly ApiRun[]): Row[] {
  return runs.map((run) => {
    const total = run.handlerMs.reduce((a, b) => a + b, 0);
    const gbSeconds = ((run.memoryMb / 1024) * total) / 1000 / run.answers;
    return {
      memory: `${run.memoryMb} MB (${run.share.toFixed(2)} vCPU)${run.memoryMb === FUNCTION_MEMORY_MB ? ', the API\'s' : ''}`,
      questions: run.set,
      statuses: [...new Set(run.statuses)].join(', '),
      'handler ms (each, or total)': run.answers <= 2 ? run.handlerMs.map((ms) => ms.toFixed(0)).join(', ') : total.toFixed(0),
      'GB-s an answer': gbSeconds.toFixed(4),
      '$ a million answers (GB-s + request)': ((gbSeconds * GB_SECOND_USD + REQUEST_USD) * 1e6).toFixed(2),
      'peak MB': run.peakMemoryMb === undefined ? '?' : String(Math.round(run.peakMemoryMb)),
    };
  });
}
