/**
 * The tables built at deploy: a function that runs the loader of `npm run precompute` in AWS
 * (functions/loader.ts), with a role of its own that may write this one table and nothing
 * else, run by the CDK triggers module once the table exists, so that `cdk deploy` ends with the
 * tables loaded and verified. A redeploy runs it again (the trigger follows the function's
 * version); a complete load is then a no-op that writes nothing.
 */
import { CfnResource, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Trigger } from 'aws-cdk-lib/triggers';
import { Construct } from 'constructs';
import { fileURLToPath } from 'node:url';
import { FUNCTION_LOG_RETENTION, TablebaseFunction } from './tablebase-function';
import { TABLE_MAX_READ_UNITS } from './tablebase-table';

const ENTRY = fileURLToPath(new URL('../functions/loader.ts', import.meta.url));

/**
 * The loader's longest run, and the trigger's wait for it (its own default is 2 minutes): both
 * inside the 15 minutes that the trigger's own provider function may run, so that a load cut
 * short by its timeout still fails the deploy with Lambda's sentence instead of a hung resource.
 */
export const LOADER_TIMEOUT = Duration.minutes(13);
export const TRIGGER_TIMEOUT = Duration.minutes(14);
/** Read units a second the deploy's load may take for its checks: half the table's cap. */
export const LOADER_READ_UNITS = TABLE_MAX_READ_UNITS / 2;
export interface TablebaseLoaderProps {
  readonly table: ITableV2;
  /** The load's options, as `npm run precompute` takes them (its words); none loads every built-in table. */
  readonly load: readonly string[];
  /** Memory in MB: the BFS and the page encoding need more for larger tables, and 1,769 MB is one vCPU. */
  readonly memoryMb: number;
  /** Imports its bundle leaves out (the puzzles' benchmarks). */
  readonly leaveOut?: readonly string[];
}

export class TablebaseLoader extends Construct {
  readonly loader: TablebaseFunction;
  readonly trigger: Trigger;

  constructor(scope: Construct, id: string, props: TablebaseLoaderProps) {
    super(scope, id);
    this.loader = new TablebaseFunction(this, 'Function', { entry: ENTRY, memorySize: props.memoryMb, timeout: LOADER_TIMEOUT, leaveOut: props.leaveOut });
    const fn = this.loader.function;
    // What the loader does and nothing more: read, write and delete its pages, manifests and
    // catalogue, count and clean them by Scan, and see that the table is there.
    props.table.grant(
      this.loader.role,
      'dynamodb:DescribeTable',
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:Scan',
    );
    fn.addEnvironment('TABLE_NAME', props.table.tableName);
    if (props.load.length > 0) fn.addEnvironment('LOAD_OPTIONS', props.load.join(' '));
    // A redeploy reloads a table the API is answering from: its checks (whole-table Scans, spot
    // checks) take half the table's cap on reads at most, and leave the API the other half.
    fn.addEnvironment('READ_UNITS_PER_SECOND', String(LOADER_READ_UNITS));
    this.trigger = new Trigger(this, 'Load', { handler: fn, executeAfter: [props.table], timeout: TRIGGER_TIMEOUT });
    logTriggerProvider(this);
  }
}

/** Where the triggers module keeps its provider, one per stack (aws-cdk-lib/triggers). */
const TRIGGER_PROVIDER_ID = 'AWSCDK.TriggerCustomResourceProviderCustomResourceProvider';

/**
 * The triggers module's own function (the provider that invokes the loader) would log to a group
 * that Lambda creates on its first run and keeps forever: it logs to a group of the stack's
 * instead, kept as long as the functions' own logs and deleted with the stack.
 */
function logTriggerProvider(scope: Construct): void {
  const handler = Stack.of(scope).node.tryFindChild(TRIGGER_PROVIDER_ID)?.node.tryFindChild('Handler');
  if (!(handler instanceof CfnResource) || handler.cfnResourceType !== 'AWS::Lambda::Function') {
    throw new Error(`The triggers module's provider function is not where this aws-cdk-lib kept it (${TRIGGER_PROVIDER_ID}/Handler): its log group cannot be set.`);
  }
  const logs = new LogGroup(scope, 'TriggerLogs', { retention: FUNCTION_LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
  handler.addPropertyOverride('LoggingConfig', { LogGroup: logs.logGroupName });
}
