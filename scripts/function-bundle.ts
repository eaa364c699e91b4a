/**
 * The function as it ships: its bundle built exactly as `cdk synth` builds it (the stack's own
 * NodejsFunction and bundling options, the local esbuild), and run as Lambda runs it, in a process
 * of its own on the project's Node, with no TypeScript loader, the AWS SDK offered from outside the
 * bundle as the runtime offers it (the bundle carries its own), and the function's environment
 * from the template.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import type { CfnFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import type { APIGatewayProxyStructuredResultV2 as FunctionUrlResult, LambdaFunctionURLEvent } from 'aws-lambda';
import { FEATURE_FLAGS } from '../lib/feature-flags';
import { FUNCTION_MEMORY_MB, FUNCTION_TIMEOUT_SECONDS } from '../lib/function-defaults';
import { TablebaseStack } from '../lib/tablebase-stack';
import type { Registry } from '../puzzles/registry';
import { lambdaContext } from './function-url-event';
import { DutyCycle, coresFor, pinToCores, vcpuShare } from './rehearsal/cpu-share';
import { KILLED_PAST_MEMORY, peakMemoryMb } from './rehearsal/peak-memory';
import { SHIPPED_NODE_MAJOR } from './runtime';

const RUNTIME = fileURLToPath(new URL('./lambda-runtime.mjs', import.meta.url));
/** The project's copy of the AWS SDK, which stands in for the one Lambda's runtime provides. */
const PROJECT_SDK = fileURLToPath(new URL('../node_modules/@aws-sdk', import.meta.url));

export interface FunctionBundle {
  /** The bundle's entry file (index.js, with index.js.map beside it). */
  readonly file: string;
  /** The function's environment as the template sets it, without the values CloudFormation fills in. */
  readonly environment: Readonly<Record<string, string>>;
  readonly bytes: number;
}

/**
 * Synthesizes the stack with bundling and copies a function's asset into `dir`: the API's by
 * default, or the one `pick` names (the loader's).
 */
export async function buildFunctionBundle(registry: Registry, dir: string, pick: (stack: TablebaseStack) => IFunction = (stack) => stack.api.function): Promise<FunctionBundle> {
  const loads = await registry.loadChoices();
  const outdir = mkdtempSync(join(tmpdir(), 'tablebase-synth-'));
  try {
    const app = new App({ outdir, context: { ...FEATURE_FLAGS, 'aws:cdk:enable-asset-metadata': true } });
    const stack = new TablebaseStack(app, 'Tablebase', { registry, loads });
    const assembly = app.synth();
    const resource = assembly.getStackArtifact(stack.artifactId).template.Resources[stack.getLogicalId(pick(stack).node.defaultChild as CfnFunction)];
    cpSync(join(assembly.directory, resource.Metadata['aws:asset:path']), dir, { recursive: true });
    const variables: Record<string, unknown> = resource.Properties.Environment?.Variables ?? {};
    const environment = Object.fromEntries(Object.entries(variables).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    const file = join(dir, resource.Properties.Handler.replace(/\.[^.]+$/, '.js'));
    return { file, environment, bytes: statSync(file).size };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** What the stand-in runtime says once the bundle is loaded. */
export interface InitTimes {
  /** Node's own start, before the runtime's first line. */
  readonly bootMs: number;
  /** The modules asked for by `preload`, required before the bundle. */
  readonly preloadMs: number;
  /** require() of the bundle: its modules and everything they build at load. */
  readonly initMs: number;
  /** When require() of the bundle began, on the function's own clock. */
  readonly initStartMs: number;
}

export interface Invocation {
  readonly result: FunctionUrlResult;
  /** The handler's own time, measured in the function's process. */
  readonly handlerMs: number;
  /**
   * From the start of require() of the bundle to this result, on the function's own clock: the
   * init, the waits between invocations, and whatever the bundle left running at load (work a
   * cold start's first answer waits for even though neither the init nor the handler is timed doing it).
   */
  readonly sinceInitMs: number;
  /** The processor time the function's process had used when it answered, from its start (Node's own start included). */
  readonly cpuMs: number;
  /** From sending the event to receiving the result. */
  readonly elapsedMs: number;
  /** The processor time the process used during the handler's run: over handlerMs, the share of a core it got. */
  readonly invocationCpuMs: number;
  /** The process's peak resident memory so far, in MiB (VmHWM), when it could be read. */
  readonly peakMemoryMb: number | undefined;
}

export interface BundledFunction {
  readonly init: InitTimes;
  /** Invokes the handler with `remainingMs` left in the invocation. */
  invoke(event: LambdaFunctionURLEvent, remainingMs?: number): Promise<Invocation>;
  /** Invokes the handler with any event (the loader takes a CloudFormation request, or none), for whatever it returns. */
  invokeWith(event: unknown, remainingMs?: number): Promise<{ readonly result: unknown; readonly handlerMs: number }>;
  /** The invocation of StartOptions' firstEvent, if it was given. */
  readonly first: Promise<Invocation> | undefined;
  /** What the function wrote to stdout (its JSON log lines). */
  stdout(): string;
  /** The process's peak resident memory in MiB (VmHWM), read now (the last reading once it is gone). */
  peakMemoryMb(): number | undefined;
  /** What Lambda would have failed so far under StartOptions' rules: an invocation past its deadline, the environment past its memory. */
  failures(): readonly string[];
  /** How the CPU is held to the function's memory, and what the rules could not do here. */
  readonly cpu: CpuRules;
  close(): Promise<void>;
}

export interface CpuRules {
  /** 'full': the machine's cores, as before the rules; 'lambda': in proportion to the memory. */
  readonly mode: 'full' | 'lambda';
  /** The vCPUs' worth the memory gives (1,769 MB each). */
  readonly share: number;
  /** Cores the process is pinned to (a share of one or more), if it is. */
  readonly pinnedCores?: number;
  /** The share of wall time the quota let the process run while it cycled (a share below one), measured. */
  givenShare(): number | undefined;
  readonly note?: string;
}

export interface StartOptions {
  /** Variables on top of the template's, as the deployed function would have them (TABLE_NAME, ...). */
  readonly environment?: Readonly<Record<string, string>>;
  readonly preload?: readonly string[];
  /**
   * An event sent as the process starts, waiting for the function as a cold start's first event
   * waits on Lambda: it is invoked as soon as the init ends, not once this process has heard of it.
   */
  readonly firstEvent?: unknown;
  /**
   * Lambda freezes the execution environment between invocations: its processes are stopped and
   * no timer or I/O runs (Lambda developer guide, "Lambda execution environment lifecycle").
   * Rehearsed with SIGSTOP once an answer has been read here and SIGCONT when the next event is
   * sent; also between the init and a first event that was not sent at once.
   */
  readonly freezeBetween?: boolean;
  /**
   * The function's memory in MB: AWS_LAMBDA_FUNCTION_MEMORY_SIZE, and a ceiling on the process's
   * peak resident memory, checked after each invocation and at close: past it an invocation fails
   * with Lambda's "Runtime exited with error: signal: killed" and the process is killed. Without it
   * the variable is the API's memory and nothing is checked.
   */
  readonly memoryMb?: number;
  /** 'lambda': CPU in proportion to the memory (scripts/rehearsal/cpu-share.ts); 'full' (the default): the machine's. */
  readonly cpuShare?: 'lambda' | 'full';
  /**
   * The function's timeout in seconds: each invocation's time counts down from it, and an answer
   * past it fails as Lambda fails it ("Task timed out after 10.00 seconds"), the process killed (Lambda
   * ends the invocation and resets the environment). Without it a late answer is waited for a
   * second more, then called lost.
   */
  readonly timeoutSeconds?: number;
}

/** Starts a process that loads the bundle as Lambda's runtime does, and waits until it is initialised. */
export async function startBundledFunction(bundle: FunctionBundle, options: StartOptions = {}): Promise<BundledFunction> {
  // The runtime's NODE_PATH offers the AWS SDK and nothing else: a package the bundle left out by
  // mistake fails here as it would on Lambda, instead of being found among the project's.
  const runtimeModules = mkdtempSync(join(tmpdir(), 'tablebase-runtime-'));
  const removeRuntimeModules = () => rmSync(runtimeModules, { recursive: true, force: true });
  let child: ChildProcess;
  try {
    mkdirSync(join(runtimeModules, 'node_modules'));
    symlinkSync(PROJECT_SDK, join(runtimeModules, 'node_modules', '@aws-sdk'), 'dir');
    child = forkRuntime(bundle, options, join(runtimeModules, 'node_modules'));
  } catch (error) {
    removeRuntimeModules();
    throw error;
  }
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  type Reply = { result?: FunctionUrlResult; error?: string; ms: number; sinceInitMs: number; cpuMs: number; cpuStartMs?: number };
  const waiting = new Map<number, { settle: (message: Reply) => void; fail: (error: Error) => void }>();
  let gone: Error | undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve())).finally(removeRuntimeModules);
  // A process that dies (or cannot start) fails every invocation still waiting, with what it wrote.
  const die = (error: Error) => {
    gone ??= error;
    for (const { fail } of waiting.values()) fail(gone);
    waiting.clear();
  };
  child.on('error', (error) => die(new Error(`the function's process failed: ${error.message}\n${stderr}`)));
  child.once('exit', (code, signal) => die(new Error(`the function's process exited (${signal ?? code}):\n${stderr}`)));

  // Lambda's rules, where asked for: the CPU the memory gives, the freeze, the memory's ceiling, the deadline.
  const failures: string[] = [];
  const memoryMb = options.memoryMb;
  const cpu = holdCpu(child.pid!, options.cpuShare ?? 'full', memoryMb ?? FUNCTION_MEMORY_MB);
  let lastPeak: number | undefined;
  const readPeak = () => (lastPeak = peakMemoryMb(child.pid) ?? lastPeak);
  /** Past its memory: Lambda kills the environment, and whatever it was answering fails with its sentence. */
  const pastMemory = () => {
    const peak = readPeak();
    if (memoryMb === undefined || peak === undefined || peak <= memoryMb) return false;
    failures.push(`${KILLED_PAST_MEMORY} (peak ${peak.toFixed(0)} MB, memory ${memoryMb} MB)`);
    kill();
    return true;
  };
  let frozen = false;
  const signal = (name: 'SIGSTOP' | 'SIGCONT' | 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
  };
  const kill = () => {
    cpu.cycle?.stop();
    signal('SIGCONT'); // a stopped process would not act on SIGTERM until continued
    signal('SIGTERM');
  };
  // Invocations sent and not yet answered: the process works (under its quota) while there are any.
  let pending = 0;
  let initialised = false;
  const working = () => {
    if (frozen) signal('SIGCONT');
    frozen = false;
    cpu.cycle?.start();
  };
  const idle = () => {
    cpu.cycle?.stop();
    if (options.freezeBetween) {
      signal('SIGSTOP');
      frozen = true;
    }
  };
  cpu.cycle?.start(); // the init works under the quota too
  // Deadlines wait for the init: an invocation's time starts when the runtime takes its event.
  const onInitialised: (() => void)[] = [];

  let next = 0;
  const invoke = (event: unknown, remainingMs = (options.timeoutSeconds ?? FUNCTION_TIMEOUT_SECONDS) * 1000): Promise<Invocation> => {
    const id = next++;
    const { getRemainingTimeInMillis: _, ...context } = lambdaContext(remainingMs, memoryMb);
    const started = performance.now();
    return new Promise<Invocation>((resolve, reject) => {
      if (gone) return reject(gone);
      let timer: NodeJS.Timeout | undefined;
      const arm = () => {
        timer =
          options.timeoutSeconds === undefined
            ? // Lambda would end the invocation at its timeout; give the answer a second more before calling it lost.
              setTimeout(() => (waiting.delete(id), reject(new Error(`no answer within ${remainingMs + 1000} ms`))), remainingMs + 1000)
            : setTimeout(() => {
                waiting.delete(id);
                const sentence = `Task timed out after ${(remainingMs / 1000).toFixed(2)} seconds`;
                failures.push(sentence);
                reject(new Error(sentence));
                kill();
              }, remainingMs);
      };
      if (initialised) arm();
      else onInitialised.push(arm);
      const fail = (error: Error) => (clearTimeout(timer), reject(error));
      waiting.set(id, {
        fail,
        settle: (message) => {
          clearTimeout(timer);
          waiting.delete(id);
          if (--pending === 0) idle();
          if (pastMemory()) return reject(new Error(KILLED_PAST_MEMORY));
          if (message.error !== undefined) return reject(new Error(`the handler threw:\n${message.error}`));
          resolve({
            result: message.result!,
            handlerMs: message.ms,
            sinceInitMs: message.sinceInitMs,
            cpuMs: message.cpuMs,
            elapsedMs: performance.now() - started,
            invocationCpuMs: message.cpuMs - (message.cpuStartMs ?? message.cpuMs),
            peakMemoryMb: lastPeak,
          });
        },
      });
      pending++;
      if (initialised) working();
      child.send({ id, event, context, remainingMs });
    });
  };
  // Sent before the init ends: the runtime reads it once it listens, right after the init.
  const first = options.firstEvent === undefined ? undefined : invoke(options.firstEvent);
  first?.catch(() => {}); // a failed start rejects the init below; whoever awaits the first hears it too
  const init = await new Promise<InitTimes>((resolve, reject) => {
    child.on('message', (message: Record<string, unknown>) => {
      if (message.ready) resolve(message as unknown as InitTimes);
      else if (message.initError) reject(new Error(`the bundle failed to initialise:\n${message.initError}`));
      else waiting.get(message.id as number)?.settle(message as never);
    });
    child.once('exit', () => reject(gone));
    child.once('error', () => reject(gone));
  }).catch((error: unknown) => {
    cpu.cycle?.stop();
    throw error;
  });
  initialised = true;
  for (const arm of onInitialised.splice(0)) arm();
  // The init's memory counts as the invocations' does.
  if (pastMemory()) throw new Error(KILLED_PAST_MEMORY);
  if (pending === 0) idle(); // no event yet: the environment waits frozen
  return {
    init,
    first,
    cpu: { mode: cpu.mode, share: cpu.share, pinnedCores: cpu.pinnedCores, note: cpu.note, givenShare: () => cpu.cycle?.givenShare() },
    stdout: () => stdout,
    peakMemoryMb: () => (child.exitCode === null && child.signalCode === null ? readPeak() : lastPeak),
    failures: () => [...failures],
    invoke: (event, remainingMs) => invoke(event, remainingMs),
    invokeWith: async (event, remainingMs) => {
      const { result, handlerMs } = await invoke(event, remainingMs);
      return { result, handlerMs };
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        pastMemory(); // read at close too: memory the last invocation left growing
        kill();
      }
      await exited;
    },
  };
}

/** How the process's CPU is held to the function's memory: pinned, cycled under a quota, or left alone. */
function holdCpu(pid: number, mode: 'full' | 'lambda', memoryMb: number): { mode: 'full' | 'lambda'; share: number; pinnedCores?: number; cycle?: DutyCycle; note?: string } {
  const share = vcpuShare(memoryMb);
  if (mode === 'full') return { mode, share };
  if (share < 1) return { mode, share, cycle: new DutyCycle(pid, share) };
  const cores = coresFor(share);
  const note = pinToCores(pid, cores);
  return note === undefined ? { mode, share, pinnedCores: cores } : { mode, share, note };
}

function forkRuntime(bundle: FunctionBundle, options: StartOptions, nodePath: string): ChildProcess {
  return fork(RUNTIME, [bundle.file, ...(options.preload ?? []).flatMap((name) => ['--preload', name])], {
    execPath: process.execPath,
    // None of this process's flags (tsx's loader, vitest's conditions): Lambda starts node bare.
    execArgv: [],
    // Lambda's variables, not this process's: what the bundle reads must come from its own configuration.
    env: {
      AWS_EXECUTION_ENV: `AWS_Lambda_nodejs${SHIPPED_NODE_MAJOR}.x`,
      AWS_LAMBDA_FUNCTION_NAME: 'tablebase-bundle',
      AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(options.memoryMb ?? FUNCTION_MEMORY_MB),
      AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      NODE_PATH: nodePath,
      TZ: ':UTC',
      // Lambda's folder of the function's code (/var/task there), and its working directory: files
      // shipped beside index.js are found there as on Lambda.
      LAMBDA_TASK_ROOT: dirname(bundle.file),
      ...bundle.environment,
      ...options.environment,
      ...(options.memoryMb === undefined ? {} : { AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(options.memoryMb) }),
    },
    cwd: dirname(bundle.file),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
}
