/**
 * The deploy's custom resource as CDK's provider framework drives it (aws-cdk-lib custom-resources,
 * provider-framework/runtime/framework.js), stood in for on this machine around a function's warm
 * environments (lambda-environments.ts): what `cdk deploy` does with the stack's loader
 * (lib/tablebase-loader.ts, which is both the provider's onEvent and its isComplete handler).
 *
 * As the framework does: CloudFormation's request goes to onEvent once; its answer is merged into
 * the request (`{ ...request, ...answer, PhysicalResourceId }`), and that one event goes to
 * isComplete at once, then again after each `queryInterval`, until an answer says `IsComplete`.
 * The answer of a failed invocation fails the resource with the framework's reason: the function's
 * `errorMessage`, "\n\nLogs: /aws/lambda/NAME\n", then the error's stack after its first line
 * (`includeStackTraces` is on); a failure with no stack (Lambda's own: a timeout, a runtime killed)
 * reads as the framework's own Error's stack, whose frames are left out here. No invocation is
 * retried after a failure: the deploy fails, and a later deploy starts the sequence again.
 *
 * CloudFormation waits for the resource at most its ServiceTimeout (the stack's hour,
 * lib/load-plan.ts): a response later than that fails it. A rehearsal need not sit through the
 * framework's waits between runs: `waitSeconds` is what this loop waits, and the deploy's time
 * counts the framework's own interval after each run whatever this loop waited.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEPLOY_LOAD_MAX_SECONDS, LOADER_QUERY_INTERVAL_SECONDS } from '../lib/load-plan';
import type { FunctionErrorPayload, InvocationFigures, LambdaEnvironments } from './lambda-environments';

export type RequestType = 'Create' | 'Update' | 'Delete';
export type Properties = Readonly<Record<string, string>>;

/** CloudFormation's request to a custom resource's provider (CloudFormation user guide, "Custom resource request objects"). */
export interface CloudFormationRequest {
  readonly RequestType: RequestType;
  readonly ServiceToken: string;
  readonly ResponseURL: string;
  readonly StackId: string;
  readonly RequestId: string;
  readonly LogicalResourceId: string;
  readonly ResourceType: string;
  /** CloudFormation passes every value as a string, the service token among them. */
  readonly ResourceProperties: Properties;
  /** Update only: the properties before. */
  readonly OldResourceProperties?: Properties;
  /** Update and Delete: the name the resource was given. */
  readonly PhysicalResourceId?: string;
}

/** The framework's marker for a Create that failed before it had a name: the Delete that follows is answered at once (cfn-response.js). */
export const CREATE_FAILED_PHYSICAL_ID = 'AWSCDK::CustomResourceProviderFramework::CREATE_FAILED';
const MISSING_PHYSICAL_ID = 'AWSCDK::CustomResourceProviderFramework::MISSING_PHYSICAL_ID';

const SERVICE_TOKEN = 'arn:aws:lambda:us-east-1:000000000000:function:Tablebase-LoaderProviderframeworkonEvent';

/** A deploy's request for the stack's load (lib/tablebase-loader.ts: Custom::TablebaseLoad); for an Update or a Delete, the resource as it stands. */
export function resourceRequest(type: RequestType, properties: Properties, standing?: { readonly physicalResourceId: string; readonly properties: Properties }): CloudFormationRequest {
  if (type !== 'Create' && !standing) throw new Error(`an ${type} request names the resource as it stands`);
  const id = randomUUID();
  return {
    RequestType: type,
    ServiceToken: SERVICE_TOKEN,
    ResponseURL: `https://cloudformation-custom-resource-response-useast1.s3.amazonaws.com/rehearsal/${id}`,
    StackId: 'arn:aws:cloudformation:us-east-1:000000000000:stack/Tablebase/00000000-0000-0000-0000-000000000000',
    RequestId: id,
    LogicalResourceId: 'LoaderLoad',
    ResourceType: 'Custom::TablebaseLoad',
    ResourceProperties: { ServiceToken: SERVICE_TOKEN, ...properties },
    ...(type === 'Update' ? { OldResourceProperties: { ServiceToken: SERVICE_TOKEN, ...standing!.properties } } : {}),
    ...(standing ? { PhysicalResourceId: standing.physicalResourceId } : {}),
  };
}

/** What the framework reads of a handler's answer. */
interface HandlerAnswer {
  readonly PhysicalResourceId?: string;
  readonly IsComplete?: boolean;
  readonly Data?: Record<string, unknown>;
}

export interface ProviderRun {
  readonly handler: 'onEvent' | 'isComplete';
  readonly requestType: RequestType;
  /** The function's answer, when it answered. */
  readonly answer?: unknown;
  /** Its failure, as Lambda's Invoke reported it. */
  readonly failure?: FunctionErrorPayload;
  readonly figures: InvocationFigures;
  /** What the run read and wrote (ProviderLoopOptions.meter), when measured. */
  readonly readUnits?: number;
  readonly writes?: number;
}

export interface ProviderOutcome {
  readonly status: 'SUCCESS' | 'FAILED';
  /** CloudFormation's status reason for a failure, as the framework gives it. */
  readonly reason?: string;
  readonly physicalResourceId: string;
  readonly runs: readonly ProviderRun[];
  /** From the request to the response, on this machine's clock. */
  readonly wallSeconds: number;
  /** The same with the framework's interval after each run counted in full, however long this loop waited. */
  readonly deploySeconds: number;
}

export interface ProviderLoopOptions {
  /** What this loop waits between isComplete runs (a rehearsal may wait less); the stack's queryInterval unless told. */
  readonly waitSeconds?: number;
  /** The provider's queryInterval, counted in the deploy's time; the stack's unless told. */
  readonly queryIntervalSeconds?: number;
  /** The resource's ServiceTimeout (and the provider's totalTimeout); the stack's hour unless told. */
  readonly totalSeconds?: number;
  /** The function's name in the reason's "Logs: /aws/lambda/NAME" (the stand-in runtime's AWS_LAMBDA_FUNCTION_NAME unless told). */
  readonly functionName?: string;
  /** Read units and write requests the table has taken so far, to tell each run's own. */
  readonly meter?: () => { readonly readUnits: number; readonly writes: number };
  /** Hears of each run as it ends. */
  readonly onRun?: (run: ProviderRun) => void;
}

/** A failure the framework reports to CloudFormation, with the reason it gives. */
class FrameworkFailure extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** framework.js invokeUserFunction, then cfn-response.js safeHandler: the reason CloudFormation shows for a failed invocation. */
export function failureReason(payload: FunctionErrorPayload, functionName: string): string {
  const message = [payload.errorMessage || 'error', '', `Logs: /aws/lambda/${functionName}`, ''].join('\n');
  return payload.trace ? [message, ...payload.trace.slice(1)].join('\n') : `Error: ${message}`;
}

/** The request's sequence run to its response: onEvent, then isComplete until the load says it is complete, or a failure, or the hour. */
export async function runProviderLoop(environments: Pick<LambdaEnvironments, 'invoke'>, request: CloudFormationRequest, options: ProviderLoopOptions = {}): Promise<ProviderOutcome> {
  const interval = options.queryIntervalSeconds ?? LOADER_QUERY_INTERVAL_SECONDS;
  const wait = options.waitSeconds ?? interval;
  const total = options.totalSeconds ?? DEPLOY_LOAD_MAX_SECONDS;
  const functionName = options.functionName ?? 'tablebase-bundle';
  const started = performance.now();
  const runs: ProviderRun[] = [];
  let unwaited = 0;
  const wallSeconds = () => (performance.now() - started) / 1000;
  const deploySeconds = () => wallSeconds() + unwaited;
  const outcome = (status: ProviderOutcome['status'], physicalResourceId: string, reason?: string): ProviderOutcome => ({ status, reason, physicalResourceId, runs, wallSeconds: wallSeconds(), deploySeconds: deploySeconds() });
  // CloudFormation stops waiting at the resource's ServiceTimeout, whatever the framework is doing then.
  const late = (physicalResourceId: string) => (deploySeconds() > total ? outcome('FAILED', physicalResourceId, `no response within the custom resource's ServiceTimeout of ${total} s: CloudFormation fails it`) : undefined);

  // A Delete of a resource whose Create failed before it had a name: answered without the function.
  if (request.RequestType === 'Delete' && request.PhysicalResourceId === CREATE_FAILED_PHYSICAL_ID) return outcome('SUCCESS', CREATE_FAILED_PHYSICAL_ID);

  const invoke = async (handler: ProviderRun['handler'], event: object): Promise<HandlerAnswer> => {
    const before = options.meter?.();
    const invoked = await environments.invoke(event);
    const after = options.meter?.();
    const counted = before && after ? { readUnits: after.readUnits - before.readUnits, writes: after.writes - before.writes } : {};
    const run: ProviderRun = invoked.FunctionError
      ? { handler, requestType: request.RequestType, failure: invoked.Payload, figures: invoked.figures, ...counted }
      : { handler, requestType: request.RequestType, answer: invoked.Payload, figures: invoked.figures, ...counted };
    runs.push(run);
    options.onRun?.(run);
    if (invoked.FunctionError) throw new FrameworkFailure(failureReason(invoked.Payload, functionName));
    return (invoked.Payload ?? {}) as HandlerAnswer;
  };

  let physicalResourceId = request.PhysicalResourceId;
  try {
    const answer = await invoke('onEvent', { ...request, ResourceProperties: request.ResourceProperties ?? {} });
    physicalResourceId = answer.PhysicalResourceId || (request.RequestType === 'Create' ? request.RequestId : request.PhysicalResourceId!);
    if (request.RequestType === 'Delete' && physicalResourceId !== request.PhysicalResourceId) {
      throw new FrameworkFailure(`Error: DELETE: cannot change the physical resource ID from "${request.PhysicalResourceId}" to "${answer.PhysicalResourceId}" during deletion`);
    }
    // The waiter's input, which every isComplete run is given. Its retries (totalTimeout /
    // queryInterval, each after the interval) run out no sooner than CloudFormation's wait of the
    // same hour, which ends the loop.
    const event = { ...request, ...answer, PhysicalResourceId: physicalResourceId };
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) {
        await sleep(wait * 1000);
        unwaited += interval - wait;
      }
      const waitedTooLong = late(physicalResourceId);
      if (waitedTooLong) return waitedTooLong;
      const result = await invoke('isComplete', event);
      const answeredTooLate = late(physicalResourceId);
      if (answeredTooLate) return answeredTooLate;
      if (result.IsComplete) return outcome('SUCCESS', result.PhysicalResourceId ?? physicalResourceId);
      if (result.Data && Object.keys(result.Data).length > 0) throw new FrameworkFailure('Error: "Data" is not allowed if "IsComplete" is "False"');
    }
  } catch (error) {
    if (!(error instanceof FrameworkFailure)) throw error;
    return outcome('FAILED', physicalResourceId ?? (request.RequestType === 'Create' ? CREATE_FAILED_PHYSICAL_ID : MISSING_PHYSICAL_ID), error.reason);
  }
}
