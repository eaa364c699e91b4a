/**
 * A function of the stack (the API behind the URL by default; the loader too), with its defaults
 * fixed in one place: Node.js 24 on arm64, bundled
 * by the locally installed esbuild (never Docker), source maps, JSON logs kept for a month, and a
 * role of its own that may only write its logs and read the table it is given.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGED_TABLES_FOLDER } from '../store/array-file';
import { SOLVE_PREFIX } from '../store/solve-records';
import { FUNCTION_MEMORY_MB, FUNCTION_TIMEOUT_SECONDS } from './function-defaults';

const ENTRY = fileURLToPath(new URL('../functions/api.ts', import.meta.url));

/** How long every function's logs are kept: the stack's own and those CDK adds for itself (the load's provider framework, the invalidation). */
export const FUNCTION_LOG_RETENTION = RetentionDays.ONE_MONTH;
const LOCK_FILE = fileURLToPath(new URL('../package-lock.json', import.meta.url));
/** esbuild runs in the project's root, which the lock file marks; aliases are resolved from there. */
const PROJECT_ROOT = dirname(LOCK_FILE);
const NODE_HTTP = fileURLToPath(new URL('../lambda/node-http.cjs', import.meta.url));
const PACKAGE_TABLES = fileURLToPath(new URL('../scripts/package-tables.ts', import.meta.url));
const TSX_LOADER = import.meta.resolve('tsx');

export interface TablebaseFunctionProps {
  /**
   * The TypeScript file whose `handler` the function runs.
   * @default the API (functions/api.ts)
   */
  readonly entry?: string;
  /**
   * Memory in MB; CPU grows with it, and the search fallback is CPU-bound.
   * @default FUNCTION_MEMORY_MB (1024)
   */
  readonly memorySize?: number;
  /**
   * Longest invocation; the search stops well before it.
   * @default Duration.seconds(FUNCTION_TIMEOUT_SECONDS) (10 s)
   */
  readonly timeout?: Duration;
  /**
   * How long logs are kept.
   * @default FUNCTION_LOG_RETENTION (RetentionDays.ONE_MONTH)
   */
  readonly logRetention?: RetentionDays;
  /**
   * Concurrent executions reserved (and capped) for the function.
   * @default - none: new accounts often have too little concurrency to reserve any
   */
  readonly reservedConcurrentExecutions?: number;
  /**
   * Imports the bundle leaves out, as they are written: code this function never loads (the
   * puzzles' `./offline` roles, in the API's bundle).
   * @default - none: everything the entry imports is bundled
   */
  readonly leaveOut?: readonly string[];
  /**
   * Whether the package carries the puzzles' estimate tables (the 15-puzzle's pattern databases) in
   * its `tables/` folder, built at bundling (scripts/package-tables.ts, cached by the content of the
   * code that builds them): a cold container reads them from its own disk at the first question
   * that needs them, instead of thousands of pages from DynamoDB.
   * @default false
   */
  readonly packageTables?: boolean;
}

export class TablebaseFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly timeout: Duration;

  constructor(scope: Construct, id: string, props: TablebaseFunctionProps = {}) {
    super(scope, id);
    this.timeout = props.timeout ?? Duration.seconds(FUNCTION_TIMEOUT_SECONDS);
    const logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention ?? FUNCTION_LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // No managed policy: the role gets exactly the log and table permissions granted below.
    this.role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(this.role);
    this.function = new NodejsFunction(this, 'Function', {
      entry: props.entry ?? ENTRY,
      handler: 'handler',
      depsLockFilePath: LOCK_FILE,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? FUNCTION_MEMORY_MB,
      timeout: this.timeout,
      role: this.role,
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      environment: { NODE_OPTIONS: '--enable-source-maps' },
      // A CommonJS bundle has no import.meta.url: it is the bundle's own URL, which a module that
      // is its own worker's entry (the loader's threads) starts its workers on.
      bundling: {
        sourceMap: true,
        // Stack traces name the source's files and lines; the sources themselves stay out of the
        // map, which Node reads whole at require with --enable-source-maps: a third of the map,
        // and 35 ms less of every cold start (BENCHMARKS.md, init).
        sourcesContent: false,
        minify: true,
        target: 'node24',
        forceDockerBundling: false,
        // The AWS SDK goes into the bundle rather than being required from the runtime's copy: its
        // ES modules (`module` before `main`) let esbuild keep only what the function calls, which
        // loads in about half the time the runtime's whole client takes (BENCHMARKS.md, init),
        // and the function runs the SDK version it was tested with.
        bundleAwsSDK: true,
        mainFields: ['module', 'main'],
        externalModules: [...(props.leaveOut ?? [])],
        // node:http is required rather than imported (lambda/node-http.cjs says why).
        esbuildArgs: { '--alias': `node:http=./${relative(PROJECT_ROOT, NODE_HTTP)}` },
        define: { 'import.meta.url': 'bundleUrl' },
        banner: 'const bundleUrl=require("url").pathToFileURL(__filename).href;',
        commandHooks: props.packageTables
          ? {
              beforeBundling: () => [],
              beforeInstall: () => [],
              // Run by the project's Node (the one running the synth) with tsx's loader, as npm scripts are.
              afterBundling: (_input: string, output: string) => [
                [process.execPath, '--import', TSX_LOADER, PACKAGE_TABLES, join(output, PACKAGED_TABLES_FOLDER)].map((word) => `"${word}"`).join(' '),
              ],
            }
          : undefined,
      },
    });
  }

  /**
   * Lets the function write the background solves' items of `table` and no other: their records
   * and slots (store/solve-records.ts), every key of which starts with SOLVE_PREFIX. Put, Update
   * and Delete, each only where the key starts so (IAM's dynamodb:LeadingKeys); the rest of the
   * table stays read-only to it.
   */
  keepSolvesIn(table: ITableV2): void {
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${SOLVE_PREFIX}*`] } },
      }),
    );
  }

  /** Lets the function read answers from `table` (GetItem and BatchGetItem only) and tells it the table's name. */
  readFrom(table: ITableV2): void {
    table.grant(this.role, 'dynamodb:GetItem', 'dynamodb:BatchGetItem');
    this.function.addEnvironment('TABLE_NAME', table.tableName);
  }
}
