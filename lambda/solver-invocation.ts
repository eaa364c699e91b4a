/**
 * Starts a background solve on AWS: the solver function (functions/solver.ts) invoked asynchronously,
 * so that the request that started it answers 202 at once. Lambda queues the event and the
 * solver runs for up to its timeout; the deploy turns Lambda's own retries off (a failed solve
 * writes why, and the next ask after a while starts a new one).
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { SolveJob, SolveStarter } from './background-solves';
import { functionCredentials } from './credentials';

/** The solver function's timeout: Lambda's most, 15 minutes (the stack gives the function the same). */
export const SOLVER_TIMEOUT_MS = 15 * 60_000;
/** The invocation is queued in well under this; past it, the request says the solver could not be started. */
const INVOKE_TIMEOUT_MS = 3000;

export function solverInvocation(functionName: string): SolveStarter {
  // Made at the first solve: most containers never start one.
  let client: LambdaClient | undefined;
  return {
    solveMs: SOLVER_TIMEOUT_MS,
    async start(job: SolveJob) {
      // the role's credentials, as the table's client takes them; AWS_ENDPOINT_URL_LAMBDA (the SDK's own setting) points it elsewhere, as the bundle's tests do
      client ??= new LambdaClient({ credentials: functionCredentials() });
      const result = await client.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: new TextEncoder().encode(JSON.stringify(job)) }), {
        abortSignal: AbortSignal.timeout(INVOKE_TIMEOUT_MS),
      });
      if (result.StatusCode !== 202) throw new Error(`Lambda answered the solver's invocation with ${result.StatusCode}, not 202`);
    },
  };
}
