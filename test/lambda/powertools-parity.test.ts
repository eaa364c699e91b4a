/**
 * The function's own log and metric lines held to those of Powertools for AWS Lambda, configured as
 * the function configured it before it wrote its lines itself: for the same calls in the same
 * environment, what each writes on stdout and stderr is parsed and compared key by key, in order,
 * the time aside. Where they differ on purpose, the difference is asserted and says why.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { MetricUnit, Metrics } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { type LogLevel, readConfig } from '../../lambda/config';
import { type Log, type LogFields, SERVICE_NAME, createLogger } from '../../lambda/log';
import { METRICS_NAMESPACE, type RequestMetrics, type RequestOutcome, createMetrics } from '../../lambda/metrics';
import { lambdaContext } from '../support/function-url';

/** Powertools' Logger as the function used it: its service, the configured level, fields only when there are some. */
function powertoolsLog(logLevel: LogLevel): Log {
  const logger = new Logger({ serviceName: SERVICE_NAME, logLevel });
  return {
    debug: (message, fields) => (fields ? logger.debug(message, fields) : logger.debug(message)),
    info: (message, fields) => (fields ? logger.info(message, fields) : logger.info(message)),
    warn: (message, fields) => (fields ? logger.warn(message, fields) : logger.warn(message)),
    error: (message, fields) => (fields ? logger.error(message, fields) : logger.error(message)),
    addContext: (context) => logger.addContext(context),
  };
}

/** Powertools' Metrics as the function used it: one line per request, its metrics under the dimension Source. */
function powertoolsMetrics(): RequestMetrics {
  const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: SERVICE_NAME });
  return {
    request({ served, status, latencyMs }) {
      metrics.addDimension('Source', served);
      metrics.addMetric('Requests', MetricUnit.Count, 1);
      metrics.addMetric('Latency', MetricUnit.Milliseconds, latencyMs);
      metrics.addMetric('Refusals', MetricUnit.Count, status >= 400 && status < 500 ? 1 : 0);
      metrics.addMetric('Unavailable', MetricUnit.Count, status === 503 ? 1 : 0);
      metrics.publishStoredMetrics();
    },
  };
}

type Line = Record<string, unknown>;
interface Written {
  readonly stream: 'stdout' | 'stderr';
  readonly line: Line;
}

/**
 * What `act` writes to stdout and stderr, parsed line by line, with the process's environment
 * set to `environment` meanwhile (undefined: unset), the other variables Powertools or ours read
 * unset but TZ, which is Lambda's own (':UTC'). Everything made in `act` reads its environment
 * there, as a function's modules do at its start; the environment is the process's again after.
 */
function writtenBy(environment: Record<string, string | undefined>, act: () => void): { written: Written[]; from: number; to: number } {
  const variables = { ...QUIET_ENVIRONMENT, ...environment };
  const saved = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]));
  const texts: { stream: Written['stream']; text: string }[] = [];
  const stdout = process.stdout.write;
  const stderr = process.stderr.write;
  setEnvironment(variables);
  process.stdout.write = ((chunk: string | Uint8Array) => (texts.push({ stream: 'stdout', text: String(chunk) }), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => (texts.push({ stream: 'stderr', text: String(chunk) }), true)) as typeof process.stderr.write;
  const from = Date.now();
  try {
    act();
  } finally {
    process.stdout.write = stdout;
    process.stderr.write = stderr;
    setEnvironment(saved);
  }
  const to = Date.now();
  const written = texts.flatMap(({ stream, text }) =>
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => ({ stream, line: JSON.parse(line) as Line })),
  );
  return { written, from, to };
}

/** The variables either logger or metrics reads, as a function's environment has them unless it sets them. */
const QUIET_ENVIRONMENT: Record<string, string | undefined> = {
  TZ: ':UTC',
  AWS_LAMBDA_INITIALIZATION_TYPE: undefined,
  AWS_LAMBDA_LOG_LEVEL: undefined,
  _X_AMZN_TRACE_ID: undefined,
  POWERTOOLS_DEV: undefined,
  POWERTOOLS_LOG_LEVEL: undefined,
  LOG_LEVEL: undefined,
  POWERTOOLS_LOGGER_SAMPLE_RATE: undefined,
  POWERTOOLS_LOGGER_LOG_EVENT: undefined,
  POWERTOOLS_SERVICE_NAME: undefined,
  POWERTOOLS_METRICS_NAMESPACE: undefined,
  POWERTOOLS_METRICS_DISABLED: undefined,
  AWS_LAMBDA_MAX_CONCURRENCY: undefined,
};

function setEnvironment(variables: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(variables)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

/** A log line with its time checked (an instant of the run, in Date's ISO form) and replaced by a placeholder, its keys left in order. */
function withoutTime(line: Line, from: number, to: number): Line {
  const timestamp = String(line.timestamp);
  expect(timestamp).toBe(new Date(Date.parse(timestamp)).toISOString());
  expect(Date.parse(timestamp)).toBeGreaterThanOrEqual(from);
  expect(Date.parse(timestamp)).toBeLessThanOrEqual(to);
  return { ...line, timestamp: 'the time' };
}

/** Each line as its [key, value] pairs, so that comparing them compares the keys' order too. */
const pairs = (lines: readonly Line[]) => lines.map((line) => Object.entries(line));

/** The lines `make`'s logger writes when `calls` are made of it, in the given environment, without their times. */
function logLines(environment: Record<string, string | undefined>, make: () => Log, calls: (log: Log) => void) {
  const { written, from, to } = writtenBy(environment, () => calls(make()));
  return written.map(({ stream, line }) => ({ stream, line: withoutTime(line, from, to) }));
}

/** Powertools writes WARN and ERROR (and CRITICAL) lines to stderr, the others to stdout. */
const powertoolsStream = (line: Line): Written['stream'] => (['WARN', 'ERROR', 'CRITICAL'].includes(String(line.level)) ? 'stderr' : 'stdout');

/**
 * Ours and Powertools' lines for the same calls: the same lines, key for key and in order. The
 * streams differ on purpose: Powertools writes WARN and ERROR lines to stderr, ours writes every
 * line to stdout, so that lines keep their order in one stream and npm start's local URL writes
 * those of a turn of the event loop at once; on Lambda both streams go to the function's log group.
 */
function expectSameLines(environment: Record<string, string | undefined>, logLevel: LogLevel, calls: (log: Log) => void) {
  const ours = logLines(environment, () => createLogger(logLevel), calls);
  const theirs = logLines(environment, () => powertoolsLog(logLevel), calls);
  expect(pairs(ours.map(({ line }) => line))).toEqual(pairs(theirs.map(({ line }) => line)));
  expect(theirs.map(({ stream }) => stream)).toEqual(theirs.map(({ line }) => powertoolsStream(line)));
  expect(ours.map(({ stream }) => stream)).toEqual(ours.map(() => 'stdout'));
  return ours.map(({ line }) => line);
}

const FIRST_TRACE = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';
const SECOND_TRACE = 'Root=1-675a0b2c-0f1e2d3c4b5a69788796a5b4;Parent=1a2b3c4d5e6f7a8b;Sampled=0';
/** The runtime's header as a bare id, no `Root=`: Powertools takes it whole. */
const THIRD_TRACE = '1-675a0b2d-aaaabbbbccccddddeeeeffff';
const FIRST: Context = { ...lambdaContext(10_000), awsRequestId: 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef' };
const SECOND: Context = { ...lambdaContext(9_000), memoryLimitInMB: '1769', awsRequestId: 'second-request', tenantId: 'tenant-7' };
const THIRD: Context = { ...lambdaContext(8_000), awsRequestId: 'third-request' };

/** Lines at the function's start, then a cold invocation and two warm ones, the runtime setting each one's trace before it. */
function invocations(log: Log) {
  log.warn('table read failed; answering by search for a while', { error: 'TimeoutError: the table did not answer within 500 ms' });
  log.info('no fields');
  process.env._X_AMZN_TRACE_ID = FIRST_TRACE;
  log.addContext!(FIRST);
  log.debug('below the level', { hidden: true });
  log.info('request', { route: '/knights', method: 'GET', status: 200, source: 'table', latencyMs: 1.5, outcome: 'answered' });
  process.env._X_AMZN_TRACE_ID = SECOND_TRACE;
  log.addContext!(SECOND);
  log.warn('request could not be answered now', { route: '/eight', method: 'POST', status: 503, source: 'none', latencyMs: 2000, outcome: 'unavailable' });
  log.error('request failed', {
    route: '/fifteen',
    method: 'GET',
    status: 500,
    source: 'search',
    latencyMs: 12.3,
    outcome: 'failed',
    error: 'TypeError: x is undefined',
    stack: 'TypeError: x is undefined\n    at solve (puzzles/fifteen/solve.ts:10:5)',
    nested: { list: [1, 'two', { three: 3, none: null, empty: '' }], inner: {} },
  });
  process.env._X_AMZN_TRACE_ID = THIRD_TRACE;
  log.addContext!(THIRD);
  log.info('a message with "quotes", a \\ backslash, a tab\t, a newline\nand \u2028 é 🎲 \u0001');
  log.info('values', { zero: 0, negative: -1.25, large: 1e21, small: 5e-7, yes: true, no: false, list: [], text: ' spaced ' });
}

describe('log lines, next to Powertools Logger\'s', () => {
  it('are the same lines for a start, a cold invocation and warm ones: keys, order and values, trace and tenant', () => {
    const lines = expectSameLines({ AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand', POWERTOOLS_SERVICE_NAME: 'a-service-named-elsewhere' }, 'INFO', invocations);
    // what the comparison covered
    expect(lines.map((line) => line.message)).toEqual(expect.arrayContaining(['no fields', 'request', 'request failed']));
    expect(lines.map((line) => [line.cold_start, line.function_request_id, line.xray_trace_id, line.tenant_id])).toEqual([
      [undefined, undefined, undefined, undefined],
      [undefined, undefined, undefined, undefined],
      [true, FIRST.awsRequestId, '1-5759e988-bd862e3fe1be46a994272793', undefined],
      [false, 'second-request', '1-675a0b2c-0f1e2d3c4b5a69788796a5b4', 'tenant-7'],
      [false, 'second-request', '1-675a0b2c-0f1e2d3c4b5a69788796a5b4', 'tenant-7'],
      [false, 'third-request', THIRD_TRACE, undefined],
      [false, 'third-request', THIRD_TRACE, undefined],
    ]);
    expect(lines.every((line) => line.service === SERVICE_NAME && line.sampling_rate === 0)).toBe(true);
  });

  it('are written from the same levels: the configured one (POWERTOOLS_LOG_LEVEL), Lambda\'s own taking precedence, with the same warning where it hides lines', () => {
    const everyLevel = (log: Log) => {
      log.debug('at DEBUG', { n: 1 });
      log.info('at INFO', { n: 2 });
      log.warn('at WARN', { n: 3 });
      log.error('at ERROR', { n: 4 });
    };
    const seen = new Set<string>();
    for (const configured of [undefined, 'debug', 'INFO', 'Warn', 'ERROR', 'critical', 'SILENT']) {
      // the level reaches both loggers as it reached Powertools': read and checked by the configuration
      const { logLevel } = readConfig({ POWERTOOLS_LOG_LEVEL: configured });
      for (const lambdaLevel of [undefined, 'TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL']) {
        const lines = expectSameLines({ AWS_LAMBDA_LOG_LEVEL: lambdaLevel }, logLevel, everyLevel);
        seen.add(lines.map((line) => line.level).join(' '));
      }
    }
    // what the comparison covered: every threshold, nothing written, and the warning line
    expect([...seen]).toEqual(expect.arrayContaining(['DEBUG INFO WARN ERROR', 'INFO WARN ERROR', 'WARN ERROR', 'ERROR', '', 'WARN INFO WARN ERROR', 'WARN WARN ERROR']));
    const hidden = expectSameLines({ AWS_LAMBDA_LOG_LEVEL: 'WARN' }, 'DEBUG', everyLevel);
    expect(hidden[0].message).toBe('Current log level (DEBUG) does not match AWS Lambda Advanced Logging Controls minimum log level (WARN). This can lead to data loss, consider adjusting them.');
  });

  it('carry the trace the process started in before any invocation, and no cold start where the instance was provisioned or nothing said how it started', () => {
    for (const start of ['provisioned-concurrency', undefined]) {
      const lines = expectSameLines({ _X_AMZN_TRACE_ID: FIRST_TRACE, AWS_LAMBDA_INITIALIZATION_TYPE: start }, 'INFO', (log) => {
        log.info('at start');
        log.addContext!(FIRST);
        log.info('first');
      });
      const root = '1-5759e988-bd862e3fe1be46a994272793';
      expect(lines.map((line) => [line.xray_trace_id, line.cold_start])).toEqual([
        [root, undefined],
        [root, false],
      ]);
    }
  });

  it('write what plain JSON cannot hold as Powertools does: a bigint as its digits, a reference back to an enclosing object left out', () => {
    const cycle: Record<string, unknown> = { name: 'cycle' };
    cycle.self = cycle;
    const shared = { n: 1 };
    const lines = expectSameLines({}, 'INFO', (log) => {
      log.error('bad data', { cycle, count: 10n, shared: [shared, shared], after: 'kept' });
      log.info('after it', { status: 200 });
    });
    expect(lines[0]).toMatchObject({ cycle: { name: 'cycle' }, count: '10', shared: [{ n: 1 }, { n: 1 }], after: 'kept' });
  });
});

describe('log lines where ours differs from Powertools Logger on purpose', () => {
  it('take Lambda\'s log level in small letters too; Powertools ignores it (Lambda itself writes it in capitals)', () => {
    const everyLevel = (log: Log) => ['debug', 'info', 'warn', 'error'].forEach((level) => log[level as 'info'](level));
    const ours = logLines({ AWS_LAMBDA_LOG_LEVEL: 'debug' }, () => createLogger('ERROR'), everyLevel);
    const theirs = logLines({ AWS_LAMBDA_LOG_LEVEL: 'debug' }, () => powertoolsLog('ERROR'), everyLevel);
    expect(ours.map(({ line }) => line.level)).toEqual(['DEBUG', 'INFO', 'WARN', 'ERROR']);
    expect(theirs.map(({ line }) => line.level)).toEqual(['ERROR']);
  });

  it('write their time in UTC whatever TZ says; Powertools writes it in TZ\'s zone (the same instant), and Lambda\'s TZ is UTC', () => {
    const ours = writtenBy({ TZ: 'Asia/Kolkata' }, () => createLogger('INFO').info('now')).written;
    const theirs = writtenBy({ TZ: 'Asia/Kolkata' }, () => powertoolsLog('INFO').info('now')).written;
    expect(ours[0].line.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(theirs[0].line.timestamp).toMatch(/\+05:30$/);
    expect(Math.abs(Date.parse(String(ours[0].line.timestamp)) - Date.parse(String(theirs[0].line.timestamp)))).toBeLessThan(5_000);
    expect(withoutTime(ours[0].line, 0, Date.now())).toEqual({ ...theirs[0].line, timestamp: 'the time' });
  });

  it('write the fields they are given as they are: the function\'s own fields are text and numbers, and checking each field would cost every line', () => {
    const fields: LogFields = { none: null, empty: '', error: new Error('boom'), route: '/knights' };
    const ours = logLines({}, () => createLogger('INFO'), (log) => log.info('', fields));
    const theirs = logLines({}, () => powertoolsLog('INFO'), (log) => log.info('', fields));
    // Powertools leaves out a null or empty value, the message too, and writes an Error's name, message and stack
    expect(theirs.map(({ line }) => line)).toEqual([
      { level: 'INFO', timestamp: 'the time', service: SERVICE_NAME, sampling_rate: 0, error: expect.objectContaining({ name: 'Error', message: 'boom', stack: expect.stringContaining('boom') }), route: '/knights' },
    ]);
    // ours writes them as JSON does (an Error has no fields of its own): the function logs an error as its text
    expect(ours.map(({ line }) => line)).toEqual([{ level: 'INFO', message: '', timestamp: 'the time', service: SERVICE_NAME, sampling_rate: 0, none: null, empty: '', error: {}, route: '/knights' }]);
  });

  it('keep a field named as one of the line\'s own keys; Powertools drops it with a warning (none of the function\'s fields is so named)', () => {
    const named = (log: Log) => log.info('request', { message: 'from a field', status: 200 });
    const ours = writtenBy({}, () => named(createLogger('INFO'))).written;
    const theirs = writtenBy({}, () => named(powertoolsLog('INFO'))).written;
    expect(theirs.map(({ line }) => [line.level, line.message, line.status])).toEqual([
      ['WARN', 'The key "message" is a reserved key and will be dropped.', undefined],
      ['INFO', 'request', 200],
    ]);
    // the line holds both; JSON.parse keeps the last
    expect(ours.map(({ line }) => [line.level, line.message, line.status])).toEqual([['INFO', 'from a field', 200]]);
  });

  it('never fail the request for a field that cannot be written; Powertools\' call throws', () => {
    const throwing = { toJSON: () => { throw new Error('no JSON here'); } };
    const ours = writtenBy({}, () => createLogger('INFO').info('request', { status: 200, throwing })).written;
    expect(ours.map(({ line }) => line)).toEqual([expect.objectContaining({ message: 'request', logError: 'Error: no JSON here' })]);
    expect(() => writtenBy({}, () => powertoolsLog('INFO').info('request', { status: 200, throwing }))).toThrow('no JSON here');
  });
});

/** The EMF line's time checked (an instant of the run, in milliseconds) and replaced by a placeholder. */
function withoutMetricsTime(line: Line, from: number, to: number): Line {
  const aws = line._aws as { Timestamp: number };
  expect(Number.isInteger(aws.Timestamp)).toBe(true);
  expect(aws.Timestamp).toBeGreaterThanOrEqual(from);
  expect(aws.Timestamp).toBeLessThanOrEqual(to);
  return { ...line, _aws: { ...aws, Timestamp: 0 } };
}

function metricLines(environment: Record<string, string | undefined>, make: () => RequestMetrics, outcomes: readonly RequestOutcome[]) {
  const { written, from, to } = writtenBy(environment, () => {
    const metrics = make();
    for (const outcome of outcomes) metrics.request(outcome);
  });
  return written.map(({ stream, line }) => ({ stream, line: withoutMetricsTime(line, from, to) }));
}

describe('metric lines, next to Powertools Metrics\'', () => {
  it('are the same embedded-metric lines: namespace, dimensions, metrics and units, values, in order', () => {
    const outcomes: RequestOutcome[] = [
      { served: 'table', status: 200, latencyMs: 3.5 },
      { served: 'cache', status: 200, latencyMs: 0.1 },
      { served: 'search', status: 200, latencyMs: 812.4 },
      { served: 'mixed', status: 200, latencyMs: 12 },
      { served: 'none', status: 400, latencyMs: 0.2 },
      { served: 'none', status: 422, latencyMs: 0 },
      { served: 'none', status: 404, latencyMs: 1 },
      { served: 'none', status: 503, latencyMs: 2000 },
      { served: 'search', status: 500, latencyMs: 7.25 },
    ];
    // a cold start, and the service and namespace named elsewhere: both name theirs themselves, and neither counts cold starts
    const environment = { AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand', POWERTOOLS_SERVICE_NAME: 'a-service-named-elsewhere', POWERTOOLS_METRICS_NAMESPACE: 'a-namespace-named-elsewhere' };
    const ours = metricLines(environment, () => createMetrics(), outcomes);
    const theirs = metricLines(environment, () => powertoolsMetrics(), outcomes);
    // one line per request on stdout, each metric once in it: the several values of Latency are
    // several lines (Powertools writes a metric's values as a list only when it is added again before
    // the line is written, which the function never did)
    expect(ours.map(({ stream }) => stream)).toEqual(outcomes.map(() => 'stdout'));
    expect(theirs.map(({ stream }) => stream)).toEqual(outcomes.map(() => 'stdout'));
    expect(ours.map(({ line }) => line)).toEqual(theirs.map(({ line }) => line));
    // and in the same order, inside _aws too
    expect(ours.map(({ line }) => JSON.stringify(line))).toEqual(theirs.map(({ line }) => JSON.stringify(line)));
    expect(theirs.map(({ line }) => line.Latency)).toEqual(outcomes.map(({ latencyMs }) => latencyMs));
    expect(theirs[0].line).toMatchObject({ service: SERVICE_NAME, Source: 'table', _aws: { CloudWatchMetrics: [{ Namespace: METRICS_NAMESPACE }] } });
    expect(JSON.stringify(theirs)).not.toContain('ColdStart');
  });

  it('write a latency that is no number as 0 where Powertools writes null: a metric value must be a number (the handler\'s latency always is)', () => {
    const outcome: RequestOutcome = { served: 'none', status: 503, latencyMs: Number.NaN };
    const [ours] = metricLines({}, () => createMetrics(), [outcome]);
    const [theirs] = metricLines({}, () => powertoolsMetrics(), [outcome]);
    expect(theirs.line.Latency).toBeNull();
    expect(ours.line).toEqual({ ...theirs.line, Latency: 0 });
  });
});
