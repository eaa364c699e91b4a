/**
 * A function invoked again and again, as Lambda invokes it: each invocation goes to the warm
 * execution environment the last one left (the same process, its modules loaded once), and a new
 * one is started only when there is none, or when the last was killed: Lambda resets an
 * environment whose invocation timed out, ran out of memory or whose runtime died (Lambda developer
 * guide, "Lambda execution environment lifecycle"), but keeps one whose handler threw.
 *
 * What an invocation returns is shaped as Lambda's Invoke answers a synchronous call: the payload,
 * and for a failure `FunctionError` with a payload of `errorType`, `errorMessage` and (for an error
 * the handler threw) `trace`, its stack's lines, as the Node.js runtime reports it. That is what
 * CDK's provider framework reads (provider-loop.ts).
 */
import type { BundledFunction } from '../emulator/function-bundle';

/** What Lambda's Invoke says of a failed invocation. */
export interface FunctionErrorPayload {
  readonly errorType: string;
  readonly errorMessage: string;
  /** The error's stack, line by line (the runtime's report of an error the handler threw); absent for Lambda's own failures. */
  readonly trace?: readonly string[];
}

export type Invoked =
  | { readonly FunctionError?: undefined; readonly Payload: unknown; readonly figures: InvocationFigures }
  | { readonly FunctionError: 'Unhandled'; readonly Payload: FunctionErrorPayload; readonly figures: InvocationFigures };

export interface InvocationFigures {
  /** A new environment was started for this invocation (a cold start). */
  readonly cold: boolean;
  /** From sending the event to the answer (or the failure), in seconds. */
  readonly seconds: number;
  /** The handler's own time, when it answered or threw. */
  readonly handlerMs: number | undefined;
  /** The environment's peak resident memory so far, in MiB (Lambda's report gives the same: the most it has used). */
  readonly peakMemoryMb: number | undefined;
}

/** The prefix function-bundle.ts puts before the stack of an error the handler threw. */
const HANDLER_THREW = 'the handler threw:\n';

/** The runtime's words for the signal that ended it, as Lambda's Runtime.ExitError says them ("signal: killed"). */
const SIGNAL_WORDS: Readonly<Record<string, string>> = { SIGKILL: 'killed', SIGTERM: 'terminated', SIGABRT: 'aborted', SIGSEGV: 'segmentation fault' };

/**
 * An error the handler threw, from its stack as the stand-in runtime sends it: the header is
 * `Name: message` (a message may run over several lines), the frames start with "    at ".
 */
export function thrownPayload(stack: string): FunctionErrorPayload {
  const lines = stack.split('\n');
  const frames = lines.findIndex((line) => /^\s+at /.test(line));
  const header = (frames < 0 ? lines : lines.slice(0, frames)).join('\n');
  const named = /^([A-Za-z_$][\w$.]*): ([\s\S]*)$/.exec(header);
  return { errorType: named ? named[1] : 'Error', errorMessage: named ? named[2] : header, trace: lines };
}

export class LambdaEnvironments {
  private current: BundledFunction | undefined;
  /** What the environments gone wrote to stdout, in order (a function's log group keeps every environment's). */
  private written = '';

  /** `start` makes a new environment: the function's bundle started under its rules (startBundledFunction). */
  constructor(private readonly start: () => Promise<BundledFunction>) {}

  /** The warm environment, if there is one (a rehearsal may kill it mid-invocation with kill()). */
  get warm(): BundledFunction | undefined {
    return this.current;
  }

  async invoke(event: unknown): Promise<Invoked> {
    const cold = this.current === undefined;
    if (cold) this.current = await this.start();
    const fn = this.current!;
    const failuresBefore = fn.failures().length;
    const sent = performance.now();
    const seconds = () => (performance.now() - sent) / 1000;
    try {
      const { result, handlerMs } = await fn.invokeWith(event);
      return { Payload: result, figures: { cold, seconds: seconds(), handlerMs, peakMemoryMb: fn.peakMemoryMb() } };
    } catch (error) {
      const message = (error as Error).message;
      const figures = { cold, seconds: seconds(), handlerMs: undefined, peakMemoryMb: fn.peakMemoryMb() };
      // The handler threw: the environment stays warm, as Node's runtime keeps it.
      if (message.startsWith(HANDLER_THREW)) return { FunctionError: 'Unhandled', Payload: thrownPayload(message.slice(HANDLER_THREW.length)), figures };
      // Lambda's own failure (its timeout, its memory) or a runtime that died: the environment is gone.
      const said = fn.failures().slice(failuresBefore)[0];
      if (this.current === fn) this.current = undefined;
      await this.end(fn);
      return { FunctionError: 'Unhandled', Payload: said ? lambdaFailure(said) : exitFailure(message), figures };
    }
  }

  /** Kills the warm environment, if any (an invocation in flight fails as its runtime's death); the next invocation starts a new one. */
  async kill(): Promise<void> {
    const fn = this.current;
    this.current = undefined;
    if (fn) await this.end(fn);
  }

  /** Every environment's stdout so far (the function's JSON log lines and what its code printed), oldest first. */
  logs(): string {
    return this.written + (this.current?.stdout() ?? '');
  }

  private async end(fn: BundledFunction): Promise<void> {
    await fn.close();
    this.written += fn.stdout();
  }

  close(): Promise<void> {
    return this.kill();
  }
}

/** Lambda's failures as function-bundle.ts words them: "Task timed out after 240.00 seconds", "Runtime exited with error: signal: killed (peak ...)". */
function lambdaFailure(said: string): FunctionErrorPayload {
  const sentence = said.replace(/ \(peak .*\)$/, '');
  return { errorType: sentence.startsWith('Task timed out') ? 'Sandbox.Timedout' : 'Runtime.ExitError', errorMessage: sentence };
}

/** A runtime that died mid-invocation (killed from outside): function-bundle.ts says "the function's process exited (SIGTERM):". */
function exitFailure(message: string): FunctionErrorPayload {
  const ended = /exited \((\w+)\)/.exec(message)?.[1];
  const how = ended === undefined ? 'unknown' : /^\d+$/.test(ended) ? `exit status ${ended}` : `signal: ${SIGNAL_WORDS[ended] ?? ended}`;
  return { errorType: 'Runtime.ExitError', errorMessage: `Runtime exited with error: ${how}` };
}
