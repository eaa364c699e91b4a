/** The function's structured log lines: their fields, levels, invocation context, and the local URL's batched writes. */
import { describe, expect, it } from 'vitest';
import { createLogger, isoTimestamp } from '../../lambda/log';
import { lambdaContext } from '../support/function-url';

/** A logger writing into an array, one entry per write. */
function captured(level: Parameters<typeof createLogger>[0] = 'INFO', options: Omit<NonNullable<Parameters<typeof createLogger>[1]>, 'write'> = {}) {
  const writes: string[] = [];
  const log = createLogger(level, { environment: {}, ...options, write: (text) => writes.push(text) });
  const lines = () => writes.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line));
  return { log, writes, lines };
}

describe('a log line', () => {
  it('is one JSON object: level, message, time, service, sampling rate, then its own fields as fields', () => {
    const { log, writes, lines } = captured();
    log.info('request', { route: '/knights', method: 'GET', status: 200, source: 'table', latencyMs: 1.5, outcome: 'answered' });
    expect(writes).toHaveLength(1);
    expect(writes[0].endsWith('}\n')).toBe(true);
    expect(Object.keys(lines()[0])).toEqual(['level', 'message', 'timestamp', 'service', 'sampling_rate', 'route', 'method', 'status', 'source', 'latencyMs', 'outcome']);
    expect(lines()[0]).toMatchObject({ level: 'INFO', message: 'request', service: 'tablebase', sampling_rate: 0, route: '/knights', status: 200, latencyMs: 1.5 });
    expect(new Date(lines()[0].timestamp).toISOString()).toBe(lines()[0].timestamp);
  });

  it('carries the invocation once one is known: its request id, function, trace, and a cold start on the first only', () => {
    const { log, lines } = captured('INFO', { environment: { AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand', _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1' } });
    log.warn('before any invocation');
    log.addContext!(lambdaContext(1000));
    log.info('first', { status: 200 });
    log.addContext!({ ...lambdaContext(1000), awsRequestId: 'second' });
    log.error('second', { status: 500 });
    const [before, first, second] = lines();
    // before any invocation, the trace the process started in
    expect(before).toEqual({ level: 'WARN', message: 'before any invocation', timestamp: expect.any(String), service: 'tablebase', sampling_rate: 0, xray_trace_id: '1-5759e988-bd862e3fe1be46a994272793' });
    expect(first).toMatchObject({
      level: 'INFO',
      cold_start: true,
      function_name: 'tablebase-local',
      function_memory_size: expect.any(String),
      function_arn: expect.stringContaining(':function:tablebase-local'),
      function_request_id: expect.any(String),
      xray_trace_id: '1-5759e988-bd862e3fe1be46a994272793',
      status: 200,
    });
    expect(second).toMatchObject({ level: 'ERROR', cold_start: false, function_request_id: 'second', status: 500 });
  });

  it('never says cold start where the instance was provisioned, or nothing said how it started', () => {
    for (const environment of [{ AWS_LAMBDA_INITIALIZATION_TYPE: 'provisioned-concurrency' }, {}]) {
      const { log, lines } = captured('INFO', { environment });
      log.addContext!(lambdaContext(1000));
      log.info('first');
      expect(lines()[0].cold_start).toBe(false);
    }
  });

  it('is written from its level up; Lambda\'s own log level, where set, takes precedence', () => {
    const levels = (log: ReturnType<typeof createLogger>) => {
      log.debug('d');
      log.info('i');
      log.warn('w');
      log.error('e');
    };
    const warn = captured('WARN');
    levels(warn.log);
    expect(warn.lines().map((line) => line.level)).toEqual(['WARN', 'ERROR']);
    const silent = captured('SILENT');
    levels(silent.log);
    expect(silent.writes).toEqual([]);
    const lambdaDebug = captured('ERROR', { environment: { AWS_LAMBDA_LOG_LEVEL: 'debug' } });
    levels(lambdaDebug.log);
    expect(lambdaDebug.lines().map((line) => line.level)).toEqual(['DEBUG', 'INFO', 'WARN', 'ERROR']);
    const lambdaFatal = captured('DEBUG', { environment: { AWS_LAMBDA_LOG_LEVEL: 'FATAL' } });
    levels(lambdaFatal.log);
    expect(lambdaFatal.writes).toEqual([]);
  });

  it('writes what plain JSON cannot hold as Powertools does, and still says what happened when a field cannot be written at all', () => {
    const { log, lines } = captured();
    const cycle: Record<string, unknown> = { name: 'cycle' };
    cycle.self = cycle;
    log.error('bad data', { cycle, status: 500 });
    log.info('big', { count: 10n });
    log.warn('no JSON', { status: 200, throwing: { toJSON: () => { throw new Error('no JSON here'); } } });
    expect(lines()[0]).toMatchObject({ level: 'ERROR', message: 'bad data', cycle: { name: 'cycle' }, status: 500 });
    expect(lines()[0].cycle).not.toHaveProperty('self');
    expect(lines()[1]).toMatchObject({ level: 'INFO', message: 'big', count: '10' });
    expect(lines()[2]).toEqual({ level: 'WARN', message: 'no JSON', timestamp: expect.any(String), service: 'tablebase', sampling_rate: 0, logError: 'Error: no JSON here' });
  });

  it('writes its time as Date does, to the millisecond, across seconds and years', () => {
    for (const at of [0, 999, 1000, 1_796_165_382_616, 1_796_165_382_999, 1_796_165_383_000, 1_796_165_383_001, Date.UTC(2026, 11, 31, 23, 59, 59, 999), Date.UTC(2027, 0, 1)]) {
      expect(isoTimestamp(at)).toBe(new Date(at).toISOString());
    }
  });
});

describe('batched lines (a server answering many requests at once)', () => {
  it('go out together once this turn of the event loop is over, in their order, none lost', async () => {
    const { log, writes, lines } = captured('INFO', { batched: true });
    for (let i = 0; i < 5; i++) log.info('request', { i });
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    expect(lines().map((line) => line.i)).toEqual([0, 1, 2, 3, 4]);
    log.warn('later');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(2);
    expect(lines().at(-1)).toMatchObject({ level: 'WARN', message: 'later' });
  });

  it('are not batched unless asked: on Lambda each line is written before the invocation ends', () => {
    const { log, writes } = captured();
    log.info('request');
    expect(writes).toHaveLength(1);
  });
});
