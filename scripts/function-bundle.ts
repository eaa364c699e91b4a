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
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import type { CfnFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import type { APIGatewayProxyStructuredResultV2 as FunctionUrlResult, LambdaFunctionURLEvent } from 'aws-lambda';
import { FEATURE_FLAGS } from '../lib/feature-flags';
import { FUNCTION_MEMORY_MB, FUNCTION_TIMEOUT_SECONDS } from '../lib/function-defaults';
import { TablebaseStack } from '../lib/tablebase-stack';
import { loadChoices } from '../puzzles/registry';
import { lambdaContext } from './function-url-event';
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
export async function buildFunctionBundle(dir: string, pick: (stack: TablebaseStack) => IFunction = (stack) => stack.api.function): Promise<FunctionBundle> {
  const loads = await loadChoices();
  const outdir = mkdtempSync(join(tmpdir(), 'tablebase-synth-'));
  try {
    const app = new App({ outdir, context: { ...FEATURE_FLAGS, 'aws:cdk:enable-asset-metadata': true } });
    const stack = new TablebaseStack(app, 'Tablebase', { loads });
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
}

export interface BundledFunction {
  readonly init: InitTimes;
  /** Invokes the handler with `remainingMs` left in the invocation. */
  invoke(event: LambdaFunctionURLEvent, remainingMs?: number): Promise<Invocation>;
  /** Invokes the handler with any event (the loader's trigger sends none), for whatever it returns. */
  invokeWith(event: unknown, remainingMs?: number): Promise<{ readonly result: unknown; readonly handlerMs: number }>;
  /** The invocation of StartOptions' firstEvent, if it was given. */
  readonly first: Promise<Invocation> | undefined;
  /** What the function wrote to stdout (its JSON log lines). */
  stdout(): string;
  close(): Promise<void>;
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
  const waiting = new Map<number, { settle: (message: { result?: FunctionUrlResult; error?: string; ms: number; sinceInitMs: number; cpuMs: number }) => void; fail: (error: Error) => void }>();
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
  let next = 0;
  const invoke = (event: unknown, remainingMs = FUNCTION_TIMEOUT_SECONDS * 1000): Promise<Invocation> => {
    const id = next++;
    const { getRemainingTimeInMillis: _, ...context } = lambdaContext(remainingMs);
    const started = performance.now();
    return new Promise<Invocation>((resolve, reject) => {
      if (gone) return reject(gone);
      // Lambda would end the invocation at its timeout; give the answer a second more before calling it lost.
      const timer = setTimeout(() => (waiting.delete(id), reject(new Error(`no answer within ${remainingMs + 1000} ms`))), remainingMs + 1000);
      const fail = (error: Error) => (clearTimeout(timer), reject(error));
      waiting.set(id, {
        fail,
        settle: (message) => {
          clearTimeout(timer);
          waiting.delete(id);
          if (message.error !== undefined) reject(new Error(`the handler threw:\n${message.error}`));
          else resolve({ result: message.result!, handlerMs: message.ms, sinceInitMs: message.sinceInitMs, cpuMs: message.cpuMs, elapsedMs: performance.now() - started });
        },
      });
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
  });
  return {
    init,
    first,
    stdout: () => stdout,
    invoke: (event, remainingMs) => invoke(event, remainingMs),
    invokeWith: async (event, remainingMs) => {
      const { result, handlerMs } = await invoke(event, remainingMs);
      return { result, handlerMs };
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
  };
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
      AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(FUNCTION_MEMORY_MB),
      AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      NODE_PATH: nodePath,
      TZ: ':UTC',
      ...bundle.environment,
      ...options.environment,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
}
