import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../lambda/config';

describe('the function configuration', () => {
  it('reads the table, endpoint, region and log level, with defaults', () => {
    expect(readConfig({})).toEqual({ tableName: undefined, dynamodbEndpoint: undefined, region: undefined, logLevel: 'INFO' });
    expect(readConfig({ TABLE_NAME: 'Tablebase-AnswersTable1', DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000', AWS_REGION: 'eu-west-1', POWERTOOLS_LOG_LEVEL: 'warn' })).toEqual({
      tableName: 'Tablebase-AnswersTable1',
      dynamodbEndpoint: 'http://127.0.0.1:8000',
      region: 'eu-west-1',
      logLevel: 'WARN',
    });
  });

  it.each([
    [{ TABLE_NAME: 'a b' }, /TABLE_NAME must be a DynamoDB table name .*got "a b"/],
    [{ DYNAMODB_ENDPOINT: 'localhost:8000' }, /DYNAMODB_ENDPOINT must be an http\(s\) URL .*got "localhost:8000"/],
    [{ POWERTOOLS_LOG_LEVEL: 'loud' }, /POWERTOOLS_LOG_LEVEL must be one of DEBUG, INFO, WARN, ERROR, CRITICAL, SILENT; got "loud"/],
  ])('fails fast, with a sentence, on %j', (environment, message) => {
    expect(() => readConfig(environment)).toThrow(ConfigError);
    expect(() => readConfig(environment)).toThrow(message);
  });
});
