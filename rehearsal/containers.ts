/**
 * A container of the API function under Lambda's rules (emulator/function-bundle.ts): the function's
 * memory and timeout from the stack's own settings, frozen between invocations, its DynamoDB
 * reached through the read-capacity proxy under a label of its own; and what each of its answers
 * said, to be checked against the harness's own computation once the containers are gone (a
 * search here would hold up this process's timers, which keep the containers' quotas and the proxy).
 */
import { FUNCTION_MEMORY_MB, FUNCTION_TIMEOUT_SECONDS } from '../lib/function-defaults';
import { type BundledFunction, type FunctionBundle, type Invocation, startBundledFunction } from '../emulator/function-bundle';
import { functionUrlEvent } from '../emulator/function-url-event';
import type { RehearsalQuestion as Question } from '../puzzles/roles/benchmarks';

export interface Answered {
  readonly question: Question;
  readonly container: string;
  readonly status: number;
  readonly source?: string;
  readonly heuristic?: string;
  readonly steps?: number;
  readonly path?: unknown;
  readonly handlerMs?: number;
  /** The share of a core the invocation got: its processor time over its handler time. */
  readonly cpuShare?: number;
  /** Why there is no answer: Lambda's failure (a timeout, the memory) or the handler's error. */
  readonly failure?: string;
}

export interface ContainerOptions {
  readonly cpuShare: 'lambda' | 'full';
  readonly tableName: string;
  readonly endpoint: string;
}

export const event = (target: string) => functionUrlEvent({ method: 'GET', target, headers: { host: 'abc.lambda-url.us-east-1.on.aws' } });

/** A cold container whose first question is sent at once, as a cold start's event waits for its init on Lambda. */
export async function coldContainer(bundle: FunctionBundle, label: string, first: Question, options: ContainerOptions): Promise<{ fn: BundledFunction; first: Promise<Answered> }> {
  const fn = await startBundledFunction(bundle, {
    environment: { TABLE_NAME: options.tableName, DYNAMODB_ENDPOINT: options.endpoint },
    firstEvent: event(first.target),
    freezeBetween: true,
    memoryMb: FUNCTION_MEMORY_MB,
    timeoutSeconds: FUNCTION_TIMEOUT_SECONDS,
    cpuShare: options.cpuShare,
  });
  return { fn, first: answered(fn.first!, first, label) };
}

/** Asks `question` of a container. */
export function ask(fn: BundledFunction, question: Question, label: string): Promise<Answered> {
  return answered(fn.invoke(event(question.target)), question, label);
}

async function answered(invocation: Promise<Invocation>, question: Question, container: string): Promise<Answered> {
  try {
    const { result, handlerMs, invocationCpuMs } = await invocation;
    const body = JSON.parse(String(result.body)) as { source?: string; heuristic?: string; steps?: number; path?: unknown };
    return { question, container, status: result.statusCode ?? 0, source: body.source, heuristic: body.heuristic, steps: body.steps, path: body.path, handlerMs, cpuShare: handlerMs > 0 ? invocationCpuMs / handlerMs : undefined };
  } catch (error) {
    return { question, container, status: 0, failure: (error as Error).message.split('\n')[0] };
  }
}

/** The warnings and errors a container logged, counted by their message and error: why an answer did not come from the table. */
export function loggedTrouble(stdout: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: { level?: string; message?: string; error?: unknown };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (entry.level !== 'WARN' && entry.level !== 'ERROR') continue;
    const error = typeof entry.error === 'string' ? entry.error : entry.error === undefined ? '' : JSON.stringify(entry.error);
    const key = `${entry.message}${error ? `: ${error.slice(0, 160)}` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Counts of several containers' trouble, added up, as a sentence. */
export function troubleSaid(all: readonly Map<string, number>[]): string {
  const total = new Map<string, number>();
  for (const counts of all) for (const [key, count] of counts) total.set(key, (total.get(key) ?? 0) + count);
  return total.size === 0 ? 'none' : [...total].map(([key, count]) => `${count} x ${key}`).join('; ');
}

/** Whether an answer is the harness's own: its steps and path. A refusal (503: the search gave up) is no answer, not a wrong one. */
export function isExact(answer: Answered): boolean {
  const expected = answer.question.expected();
  return answer.steps === expected.steps && JSON.stringify(answer.path) === JSON.stringify(expected.path);
}

/** The answers given (status 200) that are not the harness's own. */
export function inexact(answers: readonly Answered[]): Answered[] {
  return answers.filter((answer) => answer.status === 200 && !isExact(answer));
}

/** The `p` quantile of `values` (nearest rank). */
export function quantile(values: readonly number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}
