/**
 * The AWS stack: the table, the function and its URL. Environment-agnostic, so `cdk synth` needs
 * no account. Context settings (see stack-settings.ts): removalPolicy, public, allowedOrigins,
 * reservedConcurrency, alarmEmail, loadTables, knightsDepth, goals.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { FunctionUrlAuthType, HttpMethod } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { readSettings } from './stack-settings';
import { TablebaseFunction } from './tablebase-function';
import { TablebaseAlarms } from './tablebase-alarms';
import { TablebaseLoader } from './tablebase-loader';
import { TablebaseTable } from './tablebase-table';

export class TablebaseStack extends Stack {
  /** The function behind the URL (its bundle is what tests run as Lambda would). */
  readonly api: TablebaseFunction;
  /** The deploy-time loader, unless loadTables=false. */
  readonly loader: TablebaseLoader | undefined;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    const settings = readSettings(this.node);

    const { table } = new TablebaseTable(this, 'Answers', { removalPolicy: settings.removalPolicy });
    const api = new TablebaseFunction(this, 'Api', { reservedConcurrentExecutions: settings.reservedConcurrency });
    api.readFrom(table);
    this.api = api;
    this.loader = settings.loadTables ? new TablebaseLoader(this, 'Loader', { table, knightsDepth: settings.knightsDepth, goals: settings.goals }) : undefined;

    const url = api.function.addFunctionUrl(
      settings.public
        ? {
            authType: FunctionUrlAuthType.NONE,
            cors: { allowedOrigins: settings.allowedOrigins, allowedMethods: [HttpMethod.GET, HttpMethod.POST], allowedHeaders: ['content-type'] },
          }
        : { authType: FunctionUrlAuthType.AWS_IAM },
    );

    new TablebaseAlarms(this, 'Alarms', { function: api.function, timeout: api.timeout, table, email: settings.alarmEmail });

    new CfnOutput(this, 'Url', { value: url.url, description: 'The API: GET /knights, /eight, /health; POST /knights, /eight' });
    new CfnOutput(this, 'TableName', {
      value: table.tableName,
      description: settings.loadTables ? 'Loaded by the deploy; more goals: npm run precompute -- --table <this> --region <region> --goal NAME=BOARD' : 'Load it with: npm run precompute -- --table <this> --region <region>',
    });
  }
}
