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
import { DutyCycle, coresFor, pinToCores, vcpuShare } from './cpu-share';
import { KILLED_PAST_MEMORY, peakMemoryMb } from './peak-memory';
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
  /** 'lambda': CPU in proportion to the memory (emulator/cpu-share.ts); 'full' (the default): the machine's. */
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
  const runtime = startFunctionProcess(bundle, options);
  const rules = lambdaRules(runtime.child, options);
  rules.cpu.cycle?.start(); // the init works under the quota too
  const invocations = invoker(runtime, rules, options);
  // Sent before the init ends: the runtime reads it once it listens, right after the init.
  const first = options.firstEvent === undefined ? undefined : invocations.invoke(options.firstEvent);
  first?.catch(() => {}); // a failed start rejects the init below; whoever awaits the first hears it too
  const init = await initialisation(runtime).catch((error: unknown) => {
    rules.cpu.cycle?.stop();
    throw error;
  });
  invocations.initialised();
  // The init's memory counts as the invocations' does.
  if (rules.pastMemory()) throw new Error(KILLED_PAST_MEMORY);
  if (invocations.pending() === 0) rules.idle(); // no event yet: the environment waits frozen
  const { cpu } = rules;
  return {
    init,
    first,
    cpu: { mode: cpu.mode, share: cpu.share, pinnedCores: cpu.pinnedCores, note: cpu.note, givenShare: () => cpu.cycle?.givenShare() },
    stdout: () => runtime.stdout(),
    peakMemoryMb: () => (rules.running() ? rules.readPeak() : rules.lastPeak()),
    failures: () => [...rules.failures],
    invoke: (event, remainingMs) => invocations.invoke(event, remainingMs),
    invokeWith: async (event, remainingMs) => {
      const { result, handlerMs } = await invocations.invoke(event, remainingMs);
      return { result, handlerMs };
    },
    async close() {
      if (rules.running()) {
        rules.pastMemory(); // read at close too: memory the last invocation left growing
        rules.kill();
      }
      await runtime.exited;
    },
  };
}

/** What the runtime sends back for an invocation. */
type Reply = { result?: FunctionUrlResult; error?: string; ms: number; sinceInitMs: number; cpuMs: number; cpuStartMs?: number };

/** The function's process as this side holds it: its output, and the invocations waiting on it. */
interface FunctionProcess {
  readonly child: ChildProcess;
  /** Invocations sent and not answered, by id: settled by the runtime's reply, failed if the process dies. */
  readonly waiting: Map<number, { settle: (message: Reply) => void; fail: (error: Error) => void }>;
  /** Why the process is gone (with what it wrote to stderr), once it is. */
  gone(): Error | undefined;
  /** What the function wrote to stdout. */
  stdout(): string;
  /** Settles once the process has exited and its runtime's modules are removed. */
  readonly exited: Promise<void>;
}

/** Forks the runtime on the bundle, and fails every invocation still waiting when the process dies. */
function startFunctionProcess(bundle: FunctionBundle, options: StartOptions): FunctionProcess {
  const { child, removeRuntimeModules } = forkWithRuntimeModules(bundle, options);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const waiting: FunctionProcess['waiting'] = new Map();
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
  return { child, waiting, gone: () => gone, stdout: () => stdout, exited };
}

/** The runtime's process, and what removes the modules folder it was given once it is done with. */
function forkWithRuntimeModules(bundle: FunctionBundle, options: StartOptions): { child: ChildProcess; removeRuntimeModules: () => void } {
  // The runtime's NODE_PATH offers the AWS SDK and nothing else: a package the bundle left out by
  // mistake fails here as it would on Lambda, instead of being found among the project's.
  const runtimeModules = mkdtempSync(join(tmpdir(), 'tablebase-runtime-'));
  const removeRuntimeModules = () => rmSync(runtimeModules, { recursive: true, force: true });
  try {
    mkdirSync(join(runtimeModules, 'node_modules'));
    symlinkSync(PROJECT_SDK, join(runtimeModules, 'node_modules', '@aws-sdk'), 'dir');
    return { child: forkRuntime(bundle, options, join(runtimeModules, 'node_modules')), removeRuntimeModules };
  } catch (error) {
    removeRuntimeModules();
    throw error;
  }
}

/** Lambda's rules on the function's process, where asked for: the CPU the memory gives, the freeze, the memory's ceiling. */
interface LambdaRules {
  readonly cpu: HeldCpu;
  /** What Lambda would have failed so far, in its own sentences. */
  readonly failures: string[];
  /** Whether the process has neither exited nor been killed. */
  running(): boolean;
  /** The process's peak memory, read now (the last reading if it cannot be read). */
  readPeak(): number | undefined;
  /** The last reading of the peak. */
  lastPeak(): number | undefined;
  /** Whether the process is past its memory, which kills it. */
  pastMemory(): boolean;
  kill(): void;
  /** An invocation is under way: the process runs, under its quota. */
  working(): void;
  /** No invocation is under way: the quota rests, and the process freezes if asked. */
  idle(): void;
}

function lambdaRules(child: ChildProcess, options: StartOptions): LambdaRules {
  const failures: string[] = [];
  const memoryMb = options.memoryMb;
  const cpu = holdCpu(child.pid!, options.cpuShare ?? 'full', memoryMb ?? FUNCTION_MEMORY_MB);
  let lastPeak: number | undefined;
  const readPeak = () => (lastPeak = peakMemoryMb(child.pid) ?? lastPeak);
  const running = () => child.exitCode === null && child.signalCode === null;
  const signal = (name: 'SIGSTOP' | 'SIGCONT' | 'SIGTERM') => {
    if (running()) child.kill(name);
  };
  const kill = () => {
    cpu.cycle?.stop();
    signal('SIGCONT'); // a stopped process would not act on SIGTERM until continued
    signal('SIGTERM');
  };
  let frozen = false;
  return {
    cpu,
    failures,
    running,
    readPeak,
    lastPeak: () => lastPeak,
    /** Past its memory: Lambda kills the environment, and whatever it was answering fails with its sentence. */
    pastMemory: () => {
      const peak = readPeak();
      if (memoryMb === undefined || peak === undefined || peak <= memoryMb) return false;
      failures.push(`${KILLED_PAST_MEMORY} (peak ${peak.toFixed(0)} MB, memory ${memoryMb} MB)`);
      kill();
      return true;
    },
    kill,
    working: () => {
      if (frozen) signal('SIGCONT');
      frozen = false;
      cpu.cycle?.start();
    },
    idle: () => {
      cpu.cycle?.stop();
      if (options.freezeBetween) {
        signal('SIGSTOP');
        frozen = true;
      }
    },
  };
}

/**
 * Sends invocations to the process and settles each with its reply, or with Lambda's failure at
 * its deadline. Deadlines wait for the init: an invocation's time starts when the runtime takes
 * its event, so those sent before the init ends are armed by `initialised`.
 */
function invoker(runtime: FunctionProcess, rules: LambdaRules, options: StartOptions) {
  let next = 0;
  // Invocations sent and not yet answered: the process works (under its quota) while there are any.
  let pending = 0;
  let initialised = false;
  const onInitialised: (() => void)[] = [];
  const invoke = (event: unknown, remainingMs = (options.timeoutSeconds ?? FUNCTION_TIMEOUT_SECONDS) * 1000): Promise<Invocation> => {
    const id = next++;
    const { getRemainingTimeInMillis: _, ...context } = lambdaContext(remainingMs, options.memoryMb);
    const started = performance.now();
    return new Promise<Invocation>((resolve, reject) => {
      const gone = runtime.gone();
      if (gone) return reject(gone);
      let timer: NodeJS.Timeout | undefined;
      const arm = () => (timer = deadline(runtime, rules, options, id, remainingMs, reject));
      if (initialised) arm();
      else onInitialised.push(arm);
      const fail = (error: Error) => (clearTimeout(timer), reject(error));
      runtime.waiting.set(id, {
        fail,
        settle: (message) => {
          clearTimeout(timer);
          runtime.waiting.delete(id);
          if (--pending === 0) rules.idle();
          if (rules.pastMemory()) return reject(new Error(KILLED_PAST_MEMORY));
          if (message.error !== undefined) return reject(new Error(`the handler threw:\n${message.error}`));
          resolve(invocationOf(message, started, rules.lastPeak()));
        },
      });
      pending++;
      if (initialised) rules.working();
      runtime.child.send({ id, event, context, remainingMs });
    });
  };
  return {
    invoke,
    pending: () => pending,
    /** The init has ended: the deadlines of the invocations sent during it start now. */
    initialised: () => {
      initialised = true;
      for (const arm of onInitialised.splice(0)) arm();
    },
  };
}

/**
 * An invocation's deadline: with a timeout, Lambda's failure at it, the process killed (Lambda ends
 * the invocation and resets the environment); without one, the answer called lost a second after
 * Lambda would have ended the invocation.
 */
function deadline(runtime: FunctionProcess, rules: LambdaRules, options: StartOptions, id: number, remainingMs: number, reject: (error: Error) => void): NodeJS.Timeout {
  if (options.timeoutSeconds === undefined) return setTimeout(() => (runtime.waiting.delete(id), reject(new Error(`no answer within ${remainingMs + 1000} ms`))), remainingMs + 1000);
  return setTimeout(() => {
    runtime.waiting.delete(id);
    const sentence = `Task timed out after ${(remainingMs / 1000).toFixed(2)} seconds`;
    rules.failures.push(sentence);
    reject(new Error(sentence));
    rules.kill();
  }, remainingMs);
}

/** An invocation's result and times, from the runtime's reply. */
function invocationOf(message: Reply, started: number, peakMemoryMb: number | undefined): Invocation {
  return {
    result: message.result!,
    handlerMs: message.ms,
    sinceInitMs: message.sinceInitMs,
    cpuMs: message.cpuMs,
    elapsedMs: performance.now() - started,
    invocationCpuMs: message.cpuMs - (message.cpuStartMs ?? message.cpuMs),
    peakMemoryMb,
  };
}

/** The init's times once the runtime has loaded the bundle; each reply after it goes to the invocation waiting for it. */
function initialisation(runtime: FunctionProcess): Promise<InitTimes> {
  return new Promise<InitTimes>((resolve, reject) => {
    runtime.child.on('message', (message: Record<string, unknown>) => {
      if (message.ready) resolve(message as unknown as InitTimes);
      else if (message.initError) reject(new Error(`the bundle failed to initialise:\n${message.initError}`));
      else runtime.waiting.get(message.id as number)?.settle(message as never);
    });
    runtime.child.once('exit', () => reject(runtime.gone()));
    runtime.child.once('error', () => reject(runtime.gone()));
  });
}

type HeldCpu = { mode: 'full' | 'lambda'; share: number; pinnedCores?: number; cycle?: DutyCycle; note?: string };

/** How the process's CPU is held to the function's memory: pinned, cycled under a quota, or left alone. */
function holdCpu(pid: number, mode: 'full' | 'lambda', memoryMb: number): HeldCpu {
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
