/**
 * The background solver's memory, chosen by measurement (npm run rehearse -- --only solver): the
 * solver's bundle at several memory sizes, each with its share of a CPU (rehearsal/
 * cpu-share.ts), started by the API's bundle through a stand-in of Lambda's Invoke endpoint, on
 * each puzzle's questions past one request's search; its time, peak memory and GB-seconds, and
 * whether the kept answer is the puzzle's own search's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SOLVER_MEMORY_MB, SOLVER_TIMEOUT_SECONDS } from '../lib/function-defaults';
import type { Row } from '../core/benchmark';
import type { RehearsalQuestion } from '../puzzles/roles/benchmarks';
import type { Registry } from '../puzzles/registry';
import { createDynamoClient } from '../store/client';
import { startLocalDynamo } from '../store/local-dynamodb';
import { ensureTable } from '../store/table-admin';
import { buildFunctionBundle, startBundledFunction } from '../emulator/function-bundle';
import { functionUrlEvent } from '../emulator/function-url-event';
import { startInvokeEndpoint } from './invoke-endpoint';

/** Lambda's price per GB-second on arm64 (us-east-1), for the cost of one solve. */
export const GB_SECOND_USD = 0.0000133334;
/** The API's timeout in this rehearsal: short enough that its question goes to the background solver. */
const API_SECONDS_FOR_THE_SOLVER = 1;
/** Below one vCPU, at one, and at the most a 2-core machine can pin (1.7 vCPU). */
export const SOLVER_MEMORIES = [1024, SOLVER_MEMORY_MB, 3008];

export interface SolverRun {
  readonly question: string;
  readonly memoryMb: number;
  readonly share: number;
  readonly cpu: string;
  /** The solver's invocation, from the API's 202 to the solver's end. */
  readonly seconds: number;
  readonly peakMemoryMb: number | undefined;
  readonly outcome: string;
}

async function questionsPastOneRequest(registry: Registry): Promise<RehearsalQuestion[]> {
  return (await registry.withBenchmarks()).flatMap(({ benchmarks }) => benchmarks.rehearsal?.pastOneRequest?.() ?? []);
}

export async function solverAtMemories(registry: Registry, log: (line: string) => void = () => {}): Promise<SolverRun[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tablebase-rehearsal-solver-'));
  const dynamo = await startLocalDynamo({ port: 0, childProcess: true });
  const client = createDynamoClient({ endpoint: dynamo.endpoint });
  const runs: SolverRun[] = [];
  try {
    const solverBundle = await buildFunctionBundle(registry, join(dir, 'solver'), (stack) => stack.solver.function);
    const apiBundle = await buildFunctionBundle(registry, join(dir, 'api'));
    for (const question of await questionsPastOneRequest(registry)) {
      for (const memoryMb of SOLVER_MEMORIES) {
        const tableName = `tablebase-rehearsal-solver-${memoryMb}-${runs.length}`;
        await ensureTable(client, tableName);
        const solver = await startBundledFunction(solverBundle, { environment: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: dynamo.endpoint }, memoryMb, cpuShare: 'lambda', timeoutSeconds: SOLVER_TIMEOUT_SECONDS, freezeBetween: true });
        const endpoint = await startInvokeEndpoint(async (event) => (await solver.invokeWith(event, SOLVER_TIMEOUT_SECONDS * 1000)).result);
        // The API is given a second: with the 7-8 databases every board fits its own 10 s, so the
        // background path is rehearsed on a board past a shorter request's search.
        const api = await startBundledFunction(apiBundle, {
          environment: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: dynamo.endpoint, SOLVER_FUNCTION_NAME: 'tablebase-solver', AWS_ENDPOINT_URL_LAMBDA: endpoint.url, AWS_REGION: 'us-east-1' },
          timeoutSeconds: API_SECONDS_FOR_THE_SOLVER,
        });
        const ask = async () => (await api.invoke(functionUrlEvent({ method: 'GET', target: question.target, headers: { host: 'x.lambda-url.us-east-1.on.aws' } }))).result;
        try {
          const started = performance.now();
          const first = await ask();
          let outcome: string;
          if (first.statusCode !== 202) outcome = `the first ask answered ${first.statusCode}, not 202`;
          else {
            const result = await endpoint.results[0].catch((error: unknown) => ({ state: `failed: ${(error as Error).message.split('\n')[0]}` }));
            const seconds = (performance.now() - started) / 1000;
            const kept = await ask();
            const answer = JSON.parse(kept.body ?? '{}') as { steps?: number; path?: unknown; source?: string };
            const expected = question.expected();
            const exact = kept.statusCode === 200 && answer.source === 'kept' && answer.steps === expected.steps && JSON.stringify(answer.path) === JSON.stringify(expected.path);
            outcome = `${(result as { state: string }).state}; kept answer ${exact ? 'exact' : `NOT the search's (${kept.statusCode} ${kept.body?.slice(0, 120)})`}`;
            runs.push({ question: question.target, memoryMb, share: solver.cpu.share, cpu: solver.cpu.pinnedCores !== undefined ? `pinned to ${solver.cpu.pinnedCores} core(s)` : (solver.cpu.note ?? 'quota'), seconds, peakMemoryMb: solver.peakMemoryMb(), outcome });
            log(`${question.target} at ${memoryMb} MB: ${seconds.toFixed(1)} s, ${outcome}`);
            continue;
          }
          runs.push({ question: question.target, memoryMb, share: solver.cpu.share, cpu: '', seconds: Number.NaN, peakMemoryMb: undefined, outcome });
        } finally {
          await api.close();
          await solver.close();
          await endpoint.close();
        }
      }
    }
    return runs;
  } finally {
    client.destroy();
    await dynamo.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function solverRows(runs: readonly SolverRun[]): Row[] {
  return runs.map((run) => {
    const gbSeconds = (run.memoryMb / 1024) * run.seconds;
    return {
      question: run.question.length > 40 ? `${run.question.slice(0, 40)}…` : run.question,
      memory: `${run.memoryMb} MB (${run.share.toFixed(2)} vCPU, ${run.cpu})`,
      'solve s': run.seconds.toFixed(1),
      'GB-s': gbSeconds.toFixed(0),
      'cost $': (gbSeconds * GB_SECOND_USD).toFixed(5),
      'peak MB': run.peakMemoryMb === undefined ? '?' : String(Math.round(run.peakMemoryMb)),
      outcome: run.outcome,
    };
  });
}
