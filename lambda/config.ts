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
}

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
  return { tableName, dynamodbEndpoint, region: environment.AWS_REGION || undefined, logLevel: logLevel as LogLevel, onLambda: Boolean(environment.AWS_LAMBDA_FUNCTION_NAME) };
}
