/**
 * The tables built at deploy: a function that runs the loader of `npm run precompute` in AWS
 * (functions/loader.ts), with a role of its own that may write this one table and nothing else,
 * driven by CDK's custom-resource provider framework once the table exists, so that `cdk deploy`
 * ends with the tables loaded and verified, however many of the loader's runs that takes.
 *
 * Each run loads until shortly before its timeout and keeps its place (a load resumes where it
 * stopped: store/loader.ts), and says whether the tables are done; the provider's `isComplete`
 * waiter (a Step Functions state machine) invokes it again until they are, for up to an hour.
 * Chosen over a state machine of our own around the loader: the provider is CDK's, answers
 * CloudFormation itself (with the loader's own sentence on a failure), and costs a few state
 * transitions a run; a state machine of our own would still need a custom resource to wait on it.
 * A load the hour cannot hold is refused at synth (load-plan.ts). A redeploy whose loader or load
 * changed runs it again; a complete load is then a no-op that writes nothing.
 */
import { type CfnElement, CustomResource, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { fileURLToPath } from 'node:url';
import { DEPLOY_LOAD_MAX_SECONDS, LOADER_QUERY_INTERVAL_SECONDS, LOADER_READ_UNITS, LOADER_STOP_BEFORE_SECONDS, LOADER_TIMEOUT_SECONDS } from './load-plan';
import { FUNCTION_LOG_RETENTION, TablebaseFunction } from './tablebase-function';

const ENTRY = fileURLToPath(new URL('../functions/loader.ts', import.meta.url));

/** The loader's longest run: inside the 15 minutes the provider framework's own function waits for it. */
export const LOADER_TIMEOUT = Duration.seconds(LOADER_TIMEOUT_SECONDS);

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
  readonly provider: Provider;
  readonly load: CustomResource;

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
    fn.addEnvironment('STOP_BEFORE_TIMEOUT_SECONDS', String(LOADER_STOP_BEFORE_SECONDS));

    // The provider's own functions log to a group of the stack's, kept as long as the functions'
    // own logs and deleted with the stack (not to groups Lambda would create and keep forever).
    const logGroup = new LogGroup(this, 'ProviderLogs', { retention: FUNCTION_LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    // The same function begins the load (onEvent) and goes on with it (isComplete): every run does
    // the same, loads until done or out of time, and says which. The provider invokes this
    // deploy's version of it, whose code and environment (the load) are fixed: a rollback invokes
    // the version it rolls back to, which loads what it loaded (and finds it kept: store/loader.ts).
    const version = fn.currentVersion;
    this.provider = new Provider(this, 'Provider', {
      onEventHandler: version,
      isCompleteHandler: version,
      queryInterval: Duration.seconds(LOADER_QUERY_INTERVAL_SECONDS),
      totalTimeout: Duration.seconds(DEPLOY_LOAD_MAX_SECONDS),
      logGroup,
    });
    this.load = new CustomResource(this, 'Load', {
      serviceToken: this.provider.serviceToken,
      resourceType: 'Custom::TablebaseLoad',
      serviceTimeout: Duration.seconds(DEPLOY_LOAD_MAX_SECONDS),
      // A change to either runs the load again: the loader's code (its version) or what it loads.
      // The table's name (a Ref) also makes the load wait for the table.
      properties: { Loader: version.version, Load: props.load.join(' '), Table: props.table.tableName },
    });
    acknowledgeProviderFindings(this.provider, ['framework-isComplete', 'framework-onTimeout'].map((id) => this.provider.node.findChild(id) as IFunction));
  }
}

/** cdk-nag's findings on the provider framework, CDK's own making, each with its reason. */
function acknowledgeProviderFindings(provider: Provider, invoked: readonly IFunction[]): void {
  const framework = "the provider framework's own (aws-cdk-lib custom-resources), not the stack's";
  Validations.of(provider).acknowledge(
    { id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', reason: `Its functions write their logs with this managed policy: ${framework}; the stack's own roles use none.` },
    ...invoked.map((fn) => ({
      id: `AwsSolutions-IAM5[Resource::<${Stack.of(provider).getLogicalId(fn.node.defaultChild as CfnElement)}.Arn>:*]`,
      reason: `Its waiter invokes its own function and that function's versions (its ARN, and the same ARN with ":*"): ${framework}. The loader is invoked by its version's ARN alone.`,
    })),
    { id: 'AwsSolutions-SF1', reason: `The waiter state machine only invokes the loader until it says the load is done; the loader logs every run, and its failures reach CloudFormation: ${framework}.` },
    { id: 'AwsSolutions-SF2', reason: `No tracing of the waiter, which makes one call a run: ${framework}.` },
  );
}
