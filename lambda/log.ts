/**
 * Structured logs: one JSON object per line, every field a field that CloudWatch Logs Insights can
 * query (whatever the function's log format), with the keys of Powertools for AWS Lambda's Logger
 * in its order (level, message, timestamp, service, the invocation's request id, function and cold
 * start, its sampling rate and the trace), held to the lines Powertools writes by
 * test/lambda/powertools-parity.test.ts.
 *
 * Written here rather than by Powertools' Logger, which cost the local URL under load about a
 * tenth of its time per request in formatting alone (it reads the environment on every line), and
 * could not gather the lines of many requests into one write (the other tenth, and more). On
 * Lambda each line goes out at once: an invocation ends with its line written.
 */
import type { Context } from 'aws-lambda';
import type { LogLevel } from './config';

export type LogFields = Record<string, unknown>;

/** What the function needs of a logger; createLogger's is one, tests pass their own. */
export interface Log {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** Adds the invocation's request id and cold start to the lines that follow. */
  addContext?(context: Context): void;
}

export const SERVICE_NAME = 'tablebase';

/** The least severity written, by level (Powertools' order; SILENT writes nothing). */
const SEVERITY: Readonly<Record<LogLevel, number>> = { DEBUG: 8, INFO: 12, WARN: 16, ERROR: 20, CRITICAL: 24, SILENT: 28 };
/** Lambda's own log-level setting (advanced logging controls), in the same order. */
const LAMBDA_SEVERITY: Readonly<Record<string, number>> = { TRACE: 8, DEBUG: 8, INFO: 12, WARN: 16, ERROR: 20, FATAL: 24 };

export interface LoggerOptions {
  /** Where the lines go, each ending in a newline; stdout by default. */
  readonly write?: (text: string) => void;
  /**
   * Lines written within one turn of the event loop go out together, in one write (and any left
   * when the process exits, then): for a server answering many requests at once, such as npm
   * start's local URL. Not on Lambda, where nothing may wait past the invocation.
   */
  readonly batched?: boolean;
  /** Where AWS_LAMBDA_LOG_LEVEL, AWS_LAMBDA_INITIALIZATION_TYPE and _X_AMZN_TRACE_ID are read; the process's by default. */
  readonly environment?: Readonly<Record<string, string | undefined>>;
}

/**
 * What follows the service on every line: what addContext learnt of the invocation, in the keys
 * and order Powertools writes, its sampling rate among them.
 */
interface InvocationFields {
  cold_start?: boolean;
  function_arn?: string;
  function_memory_size?: string;
  function_name?: string;
  function_request_id?: string;
  sampling_rate: number;
  xray_trace_id?: string;
  tenant_id?: string;
}

/** The share of invocations Powertools would log at DEBUG, written on its every line: none here. */
const SAMPLING_RATE = 0;

/**
 * A logger writing at `logLevel` and above; Lambda's own log-level setting takes precedence
 * where it is set, as Lambda itself drops the lines below it.
 */
export function createLogger(logLevel: LogLevel, options: LoggerOptions = {}): Log {
  const environment = options.environment ?? process.env;
  const lambdaLevel = environment.AWS_LAMBDA_LOG_LEVEL?.trim().toUpperCase() ?? '';
  const threshold = LAMBDA_SEVERITY[lambdaLevel] ?? SEVERITY[logLevel];
  const write = options.write ?? ((text: string) => void process.stdout.write(text));
  const put = options.batched ? batchedWriter(write) : write;
  // Only an on-demand start is cold; a provisioned instance was started before anyone waited.
  let coldStartAhead = environment.AWS_LAMBDA_INITIALIZATION_TYPE?.trim() === 'on-demand';
  // The invocation's fields, written once per invocation as JSON members: each line is then its
  // base members, these and its own fields, joined as text (the same line an object spread makes).
  // Before any invocation, the trace the process was started in, if any.
  let invocation = members(JSON.stringify({ sampling_rate: SAMPLING_RATE, xray_trace_id: traceRoot(environment._X_AMZN_TRACE_ID) } satisfies InvocationFields));
  const line = (level: string, message: string, fields: LogFields | undefined) => {
    const timestamp = isoTimestamp(Date.now());
    let own = '';
    if (fields !== undefined) {
      try {
        own = members(JSON.stringify(fields));
      } catch {
        own = fieldsJsonCannotHold(fields);
      }
    }
    put(`{"level":"${level}","message":${JSON.stringify(message)},"timestamp":"${timestamp}","service":"${SERVICE_NAME}"${invocation}${own}}\n`);
  };
  const at = (level: string, severity: number) => (severity < threshold ? () => {} : (message: string, fields?: LogFields) => line(level, message, fields));
  const log: Log = {
    debug: at('DEBUG', SEVERITY.DEBUG),
    info: at('INFO', SEVERITY.INFO),
    warn: at('WARN', SEVERITY.WARN),
    error: at('ERROR', SEVERITY.ERROR),
    addContext(context) {
      const fields: InvocationFields = {
        cold_start: coldStartAhead,
        function_arn: context.invokedFunctionArn,
        function_memory_size: context.memoryLimitInMB,
        function_name: context.functionName,
        function_request_id: context.awsRequestId,
        sampling_rate: SAMPLING_RATE,
        xray_trace_id: traceRoot(environment._X_AMZN_TRACE_ID),
        tenant_id: context.tenantId,
      };
      invocation = members(JSON.stringify(fields));
      coldStartAhead = false;
    },
  };
  // Lambda's level hides lines the configured level asks for: Powertools said so once, as here.
  if (LAMBDA_SEVERITY[lambdaLevel] > SEVERITY[logLevel]) {
    log.warn(
      `Current log level (${logLevel}) does not match AWS Lambda Advanced Logging Controls minimum log level (${lambdaLevel === 'FATAL' ? 'CRITICAL' : lambdaLevel}). This can lead to data loss, consider adjusting them.`,
    );
  }
  return log;
}

/**
 * The members of fields plain JSON cannot hold, written as Powertools writes them: a bigint as its
 * digits, a reference back to an object it is inside of left out. A field that fails even so (a
 * toJSON that throws) leaves the line saying why rather than failing the request.
 */
function fieldsJsonCannotHold(fields: LogFields): string {
  const ancestors: unknown[] = [];
  try {
    return members(
      JSON.stringify(fields, function (this: unknown, _key, value: unknown) {
        if (typeof value === 'bigint') return value.toString();
        if (typeof value === 'object' && value !== null) {
          while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
          if (ancestors.includes(value)) return undefined;
          ancestors.push(value);
        }
        return value;
      }),
    );
  } catch (error) {
    return members(JSON.stringify({ logError: String(error) }));
  }
}

/** The second isoTimestamp last wrote, and its text up to the milliseconds. */
let second = Number.NaN;
let secondText = '';

/** `now` as Date's toISOString writes it, the second's part made once a second (toISOString costs a line a microsecond). */
export function isoTimestamp(now: number): string {
  const milliseconds = now - Math.floor(now / 1000) * 1000;
  if (now - milliseconds !== second) {
    second = now - milliseconds;
    secondText = new Date(second).toISOString().slice(0, 20);
  }
  return `${secondText}${milliseconds < 10 ? '00' : milliseconds < 100 ? '0' : ''}${milliseconds}Z`;
}

/** An object's JSON as members to append to another object's: `{"a":1}` becomes `,"a":1`, `{}` nothing. */
function members(json: string): string {
  return json.length > 2 ? `,${json.slice(1, -1)}` : '';
}

/**
 * The trace's root id from Lambda's `Root=...;Parent=...;Sampled=...` (a value with no `=` is the
 * id itself), as Powertools logs it; found in the text rather than by splitting it, once an invocation.
 */
function traceRoot(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value?.includes('=')) return value || undefined;
  const parts = `;${value}`;
  const root = parts.indexOf(';Root=');
  if (root === -1) return undefined;
  const end = parts.indexOf(';', root + 1);
  return parts.slice(root + ';Root='.length, end === -1 ? parts.length : end) || undefined;
}

/** Writers with lines waiting for the end of this turn of the event loop, flushed at exit if it never comes. */
const waiting = new Set<() => void>();
let flushAtExit = false;

function batchedWriter(write: (text: string) => void): (text: string) => void {
  let pending = '';
  const flush = () => {
    waiting.delete(flush);
    const text = pending;
    pending = '';
    if (text !== '') write(text);
  };
  if (!flushAtExit) {
    flushAtExit = true;
    process.once('exit', () => {
      for (const waitingFlush of [...waiting]) waitingFlush();
    });
  }
  return (text) => {
    if (pending === '') {
      waiting.add(flush);
      setImmediate(flush);
    }
    pending += text;
  };
}

/** Drops every line: for requests that are no client's (npm start's own readiness probe). */
export const NO_LOG: Log = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
