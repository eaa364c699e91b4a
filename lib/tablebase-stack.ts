/**
 * The AWS stack: the table, the function and its URL. Environment-agnostic, so `cdk synth` needs
 * no account. Context settings (see stack-settings.ts): removalPolicy, public, edgePlan, webAclArn,
 * reservedConcurrency, alarmEmail, loadTables, load.
 */
import { Annotations, Aspects, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { FunctionUrlAuthType } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { BENCHMARKS_IMPORT, OFFLINE_IMPORT } from '../puzzles/puzzle';
import type { LoadChoices, Registry } from '../puzzles/registry';
import { AcknowledgeFunctionRoleDependency } from './cfn-lint';
import { queryFieldsByPath } from './edge-query';
import { describePlan } from './load-plan';
import { readSettings, settingWarnings } from './stack-settings';
import { TablebaseFunction } from './tablebase-function';
import { TablebaseAlarms } from './tablebase-alarms';
import { TablebaseDashboard } from './tablebase-dashboard';
import { TablebaseEdge } from './tablebase-edge';
import { TablebaseLoader } from './tablebase-loader';
import { TablebaseTable } from './tablebase-table';
import { TablebaseSolver } from './tablebase-solver';
import { DEFAULT_SOLVER_SLOTS } from '../lambda/config';

export interface TablebaseStackProps extends StackProps {
  /** The puzzles the service answers (the edge lets their query fields through). */
  readonly registry: Registry;
  /** What a load can be asked for (the registry's loadChoices()): the deploy's load is checked against it. */
  readonly loads: LoadChoices;
}

/**
 * The credential providers the SDK's default chain imports when the environment holds no
 * credentials (profile files, SSO, web identity, instance metadata). The API's client takes its
 * credentials from its own chain (lambda/credentials.ts), so it never calls them, and its bundle
 * leaves them out: a fifth of the code every cold start compiles.
 */
const CREDENTIAL_PROVIDERS_LEFT_OUT = [
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@smithy/credential-provider-imds',
];

export class TablebaseStack extends Stack {
  /** The function behind the URL (its bundle is what tests run as Lambda would). */
  readonly api: TablebaseFunction;
  /** The background solver (its bundle too is what tests run as Lambda would). */
  readonly solver: TablebaseFunction;
  /** The deploy-time loader, unless loadTables=false. */
  readonly loader: TablebaseLoader | undefined;

  constructor(scope: Construct, id: string, props: TablebaseStackProps) {
    super(scope, id, props);
    const settings = readSettings(this.node, props.loads);
    // What the synth says before anything is created: the load's estimate, and settings whose bill has no bound.
    if (settings.loadTables) Annotations.of(this).addInfo(`The deploy's load: ${describePlan(settings.loadPlan)}`);
    for (const [id, warning] of settingWarnings(settings)) Annotations.of(this).addWarningV2(id, warning);

    const { table } = new TablebaseTable(this, 'Answers', { removalPolicy: settings.removalPolicy });
    // The API never loads the puzzles' offline roles (the commands' text, the loads), their benchmarks, nor the credential providers its own chain replaces: its bundle leaves them out.
    const leaveOut = [OFFLINE_IMPORT, BENCHMARKS_IMPORT, ...CREDENTIAL_PROVIDERS_LEFT_OUT];
    const api = new TablebaseFunction(this, 'Api', { reservedConcurrentExecutions: settings.reservedConcurrency, leaveOut, packageTables: true });
    api.readFrom(table);
    this.api = api;
    // Questions past a request's search (the 15-puzzle's hardest boards) are solved by a function of their own.
    this.solver = new TablebaseSolver(this, 'Background', { table, api, slots: DEFAULT_SOLVER_SLOTS, leaveOut }).solver;
    this.loader = settings.loadTables ? new TablebaseLoader(this, 'Loader', { table, load: settings.load, memoryMb: settings.loaderMemoryMb, leaveOut: [BENCHMARKS_IMPORT] }) : undefined;

    // Always AWS_IAM: in public mode only the edge's distribution may invoke it.
    const url = api.function.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM });
    const edge = settings.public
      ? new TablebaseEdge(this, 'Edge', { url, function: api.function, queryFields: queryFieldsByPath(props.registry.PUZZLES), plan: settings.edgePlan, webAclArn: settings.webAclArn })
      : undefined;

    const { alarms } = new TablebaseAlarms(this, 'Alarms', { function: api.function, timeout: api.timeout, table, solver: this.solver.function, email: settings.alarmEmail });
    new TablebaseDashboard(this, 'Operations', { alarms });

    const answers = props.loads.puzzles.map((name) => `/${name}`).join(', ');
    new CfnOutput(this, 'Url', {
      value: edge ? `https://${edge.distribution.distributionDomainName}/` : url.url,
      description: edge
        ? `The page and the API, public and cached: GET /, ${answers}, /health, /stats; POST ${answers}`
        : `The API (signed requests only; npm run --silent ask -- --url <this> asks its /health and each puzzle's example): GET ${answers}, /health, /stats; POST ${answers}`,
    });
    if (edge) new CfnOutput(this, 'FunctionUrl', { value: url.url, description: 'The function URL behind the edge (AWS_IAM: signed requests only)' });
    new CfnOutput(this, 'TableName', {
      value: table.tableName,
      description: settings.loadTables ? 'Loaded by the deploy; more goals: npm run precompute -- --table <this> --region <region> --goal NAME=BOARD' : 'Load it with: npm run precompute -- --table <this> --region <region>',
    });
    // cfn-lint's findings on CDK's own making, acknowledged with their reasons (lib/cfn-lint.ts).
    Aspects.of(this).add(new AcknowledgeFunctionRoleDependency());
  }
}
