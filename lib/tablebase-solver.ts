/**
 * The background solver: a function of its own (functions/solver.ts) that the API invokes
 * asynchronously with a question past one request's search, for up to Lambda's 15 minutes. It
 * reads the puzzles' estimate tables from its package, as the API does, and may write the
 * background solves' items of the table, nothing else. Lambda's own retries are off: a failed solve
 * writes why, and the next ask after a while starts another. How many run at once is capped by the
 * slots in the table (SOLVER_SLOTS), not by reserved concurrency, which a new account refuses.
 */
import { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { fileURLToPath } from 'node:url';
import { SOLVER_MEMORY_MB, SOLVER_TIMEOUT_SECONDS } from './function-defaults';
import { TablebaseFunction } from './tablebase-function';

const ENTRY = fileURLToPath(new URL('../functions/solver.ts', import.meta.url));

export interface TablebaseSolverProps {
  readonly table: ITableV2;
  /** The function that starts solves: it may invoke this one, and is told its name. */
  readonly api: TablebaseFunction;
  /** How many solves may run at once, service-wide. */
  readonly slots: number;
  /** Imports the bundle leaves out (the commands' roles, the benchmarks). */
  readonly leaveOut: readonly string[];
}

export class TablebaseSolver extends Construct {
  readonly solver: TablebaseFunction;

  constructor(scope: Construct, id: string, props: TablebaseSolverProps) {
    super(scope, id);
    const solver = new TablebaseFunction(this, 'Solver', {
      entry: ENTRY,
      memorySize: SOLVER_MEMORY_MB,
      timeout: Duration.seconds(SOLVER_TIMEOUT_SECONDS),
      leaveOut: props.leaveOut,
      packageTables: true,
    });
    solver.readFrom(props.table);
    solver.keepSolvesIn(props.table);
    // an event Lambda could not start within a minute is dropped: its solve's record says so at its time
    solver.function.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.minutes(1) });
    solver.function.addEnvironment('SOLVER_SLOTS', String(props.slots));
    this.solver = solver;

    const { api } = props;
    api.keepSolvesIn(props.table);
    // the function itself, not its versions (grantInvoke's `:*`): the API invokes $LATEST alone
    api.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [solver.function.functionArn] }));
    api.function.addEnvironment('SOLVER_FUNCTION_NAME', solver.function.functionName);
    api.function.addEnvironment('SOLVER_SLOTS', String(props.slots));
  }
}
