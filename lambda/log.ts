/**
 * Structured logs: Powertools for AWS Lambda's Logger, which writes one JSON object per line
 * (every field a field that CloudWatch Logs Insights can query, whatever the function's log
 * format), adds the request id and whether the start was cold, and has levels.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';
import type { LogLevel } from './config';

export type LogFields = Record<string, unknown>;

/** What the function needs of a logger; Powertools' Logger is one, tests pass their own. */
export interface Log {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** Adds the invocation's request id and cold start to the lines that follow. */
  addContext?(context: Context): void;
}

export const SERVICE_NAME = 'tablebase';

export function createLogger(logLevel: LogLevel): Log {
  const logger = new Logger({ serviceName: SERVICE_NAME, logLevel });
  return {
    debug: (message, fields) => (fields ? logger.debug(message, fields) : logger.debug(message)),
    info: (message, fields) => (fields ? logger.info(message, fields) : logger.info(message)),
    warn: (message, fields) => (fields ? logger.warn(message, fields) : logger.warn(message)),
    error: (message, fields) => (fields ? logger.error(message, fields) : logger.error(message)),
    addContext: (context) => logger.addContext(context),
  };
}

/** Drops every line: for requests that are no client's (npm start's own readiness probe). */
export const NO_LOG: Log = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
