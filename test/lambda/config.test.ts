import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../lambda/config';
import { loadSettingsFrom } from '../../load/load-tables';
import { registry } from '../../puzzles/registered';

const choices = await registry.loadChoices();

describe('the function configuration', () => {
  it('reads the table, endpoint, region and log level, with defaults', () => {
    expect(readConfig({})).toEqual({ tableName: undefined, dynamodbEndpoint: undefined, region: undefined, logLevel: 'INFO', onLambda: false, solverFunction: undefined, solverSlots: 2 });
    expect(readConfig({ TABLE_NAME: 'Tablebase-AnswersTable1', DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000', AWS_REGION: 'eu-west-1', POWERTOOLS_LOG_LEVEL: 'warn' })).toEqual({
      tableName: 'Tablebase-AnswersTable1',
      dynamodbEndpoint: 'http://127.0.0.1:8000',
      region: 'eu-west-1',
      logLevel: 'WARN',
      onLambda: false,
      solverFunction: undefined,
      solverSlots: 2,
    });
    expect(readConfig({ SOLVER_FUNCTION_NAME: 'Tablebase-Solver', SOLVER_SLOTS: '5' })).toMatchObject({ solverFunction: 'Tablebase-Solver', solverSlots: 5 });
    expect(readConfig({ AWS_LAMBDA_FUNCTION_NAME: 'Tablebase-ApiFunction' }).onLambda).toBe(true);
  });

  it.each([
    [{ TABLE_NAME: 'a b' }, /TABLE_NAME must be a DynamoDB table name .*got "a b"/],
    [{ DYNAMODB_ENDPOINT: 'localhost:8000' }, /DYNAMODB_ENDPOINT must be an http\(s\) URL .*got "localhost:8000"/],
    [{ POWERTOOLS_LOG_LEVEL: 'loud' }, /POWERTOOLS_LOG_LEVEL must be one of DEBUG, INFO, WARN, ERROR, CRITICAL, SILENT; got "loud"/],
    [{ SOLVER_SLOTS: '0' }, /SOLVER_SLOTS must be a whole number from 1 to 100; got "0"/],
    [{ SOLVER_SLOTS: '2.5' }, /SOLVER_SLOTS must be a whole number from 1 to 100; got "2.5"/],
  ])('fails fast, with a sentence, on %j', (environment, message) => {
    expect(() => readConfig(environment)).toThrow(ConfigError);
    expect(() => readConfig(environment)).toThrow(message);
  });
});

describe('the table name and the endpoint', () => {
  it('follow the same rule in the function\'s environment and in the load\'s options', () => {
    const accepted = (check: () => unknown) => {
      try {
        check();
        return true;
      } catch {
        return false;
      }
    };
    for (const name of ['tablebase', 'Tablebase-AnswersTable1', 'a.b_c', 'ab', 'a b', 'x'.repeat(255), 'x'.repeat(256), 'tä']) {
      expect(accepted(() => readConfig({ TABLE_NAME: name })), name).toBe(accepted(() => loadSettingsFrom({ table: name }, choices)));
    }
    for (const endpoint of ['http://127.0.0.1:8000', 'https://dynamodb.eu-west-1.amazonaws.com', 'http://[::1]:8000/', 'localhost:8000', 'ftp://127.0.0.1', 'http://', 'http:/x', ' http://x']) {
      expect(accepted(() => readConfig({ DYNAMODB_ENDPOINT: endpoint })), endpoint).toBe(accepted(() => loadSettingsFrom({ endpoint }, choices)));
    }
    expect(accepted(() => readConfig({ TABLE_NAME: 'ab' }))).toBe(false);
    expect(accepted(() => readConfig({ DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000' }))).toBe(true);
  });
});
