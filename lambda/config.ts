/**
 * The function's configuration, read and checked once from the environment at the Lambda entry
 * (or by `npm start`): a bad value stops the function at initialisation, with a sentence saying
 * which variable and why, instead of failing request by request.
 */
import { endpointProblem } from '../store/client';
import { tableNameProblem } from '../store/table-schema';

export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  /** The DynamoDB table of precomputed pages (TABLE_NAME); without one every answer is searched. */
  readonly tableName: string | undefined;
  /** A DynamoDB-compatible server to use instead of AWS (DYNAMODB_ENDPOINT; local runs only). */
  readonly dynamodbEndpoint: string | undefined;
  /** AWS_REGION, which the Lambda runtime always sets. */
  readonly region: string | undefined;
  /** POWERTOOLS_LOG_LEVEL (default INFO); Lambda's own log-level setting takes precedence on AWS. */
  readonly logLevel: LogLevel;
  /** Running in Lambda (AWS_LAMBDA_FUNCTION_NAME is set): metrics are written for CloudWatch. */
  readonly onLambda: boolean;
  /** The function that solves questions past a request's search in the background (SOLVER_FUNCTION_NAME; the deploy sets it). */
  readonly solverFunction: string | undefined;
  /** How many background solves may run at once, service-wide (SOLVER_SLOTS, 1 to 100; 2 by default). */
  readonly solverSlots: number;
}

/** Background solves at once by default: two boards of the hardest kind solved side by side, no more billed at a time. */
export const DEFAULT_SOLVER_SLOTS = 2;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function readConfig(environment: Readonly<Record<string, string | undefined>>): Config {
  const tableName = environment.TABLE_NAME || undefined;
  const tableWrong = tableName === undefined ? undefined : tableNameProblem(tableName);
  if (tableWrong) throw new ConfigError(`TABLE_NAME ${tableWrong}.`);
  const dynamodbEndpoint = environment.DYNAMODB_ENDPOINT || undefined;
  const endpointWrong = dynamodbEndpoint === undefined ? undefined : endpointProblem(dynamodbEndpoint);
  if (endpointWrong) throw new ConfigError(`DYNAMODB_ENDPOINT ${endpointWrong}.`);
  const logLevel = (environment.POWERTOOLS_LOG_LEVEL || 'INFO').toUpperCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`POWERTOOLS_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got "${environment.POWERTOOLS_LOG_LEVEL}".`);
  }
  const slotsText = environment.SOLVER_SLOTS || String(DEFAULT_SOLVER_SLOTS);
  const solverSlots = Number(slotsText);
  if (!/^\d+$/.test(slotsText) || solverSlots < 1 || solverSlots > 100) throw new ConfigError(`SOLVER_SLOTS must be a whole number from 1 to 100; got "${environment.SOLVER_SLOTS}".`);
  return {
    tableName,
    dynamodbEndpoint,
    region: environment.AWS_REGION || undefined,
    logLevel: logLevel as LogLevel,
    onLambda: Boolean(environment.AWS_LAMBDA_FUNCTION_NAME),
    solverFunction: environment.SOLVER_FUNCTION_NAME || undefined,
    solverSlots,
  };
}
