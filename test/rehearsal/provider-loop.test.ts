/**
 * The rehearsals' stand-in of CDK's provider framework (rehearsal/provider-loop.ts), held
 * to what aws-cdk-lib's framework.js and cfn-response.js do: the events each handler is given, when
 * the sequence ends, and the reason CloudFormation is told of a failure. The function is a stub
 * here; test/lib/loader-bundle.slow.test.ts runs the loader's bundle through the same loop.
 */
import { describe, expect, it } from 'vitest';
import { type FunctionErrorPayload, type Invoked, thrownPayload } from '../../rehearsal/lambda-environments';
import { CREATE_FAILED_PHYSICAL_ID, failureReason, resourceRequest, runProviderLoop } from '../../rehearsal/provider-loop';

const FIGURES = { cold: false, seconds: 0, handlerMs: 1, peakMemoryMb: undefined };

/** A function answering each event in turn from `answers` (a payload, or a failure), keeping the events it was given. */
function stub(answers: readonly ({ readonly failure: FunctionErrorPayload } | Record<string, unknown>)[]) {
  const events: Record<string, unknown>[] = [];
  return {
    events,
    async invoke(event: unknown): Promise<Invoked> {
      events.push(event as Record<string, unknown>);
      const answer = answers[Math.min(events.length - 1, answers.length - 1)];
      return 'failure' in answer ? { FunctionError: 'Unhandled', Payload: answer.failure as FunctionErrorPayload, figures: FIGURES } : { Payload: answer, figures: FIGURES };
    },
  };
}

const properties = { Loader: '1', Load: '--tables eight', Table: 'tablebase' };
const stack = ['UsageError: the load cannot run', '    at load (/var/task/index.js:1:2)', '    at handler (/var/task/index.js:3:4)'];

describe('the provider loop', () => {
  it('gives onEvent the request, then isComplete the request merged with its answer, the same each run, until one says it is complete', async () => {
    const fn = stub([
      { PhysicalResourceId: 'tables in tablebase', IsComplete: false, tables: [], unfinished: [{ table: 'eight', said: 'eight: not started' }] },
      { PhysicalResourceId: 'tables in tablebase', IsComplete: false },
      { PhysicalResourceId: 'tables in tablebase', IsComplete: false },
      { PhysicalResourceId: 'tables in tablebase', IsComplete: true },
    ]);
    const request = resourceRequest('Create', properties);
    const outcome = await runProviderLoop(fn, request, { waitSeconds: 0 });
    expect(outcome).toMatchObject({ status: 'SUCCESS', physicalResourceId: 'tables in tablebase' });
    expect(outcome.runs.map((run) => run.handler)).toEqual(['onEvent', 'isComplete', 'isComplete', 'isComplete']);
    expect(fn.events[0]).toEqual(request);
    expect(fn.events[0]).not.toHaveProperty('PhysicalResourceId');
    expect(fn.events[0].ResourceProperties).toEqual({ ServiceToken: request.ServiceToken, ...properties });
    expect(fn.events[1]).toEqual({ ...request, IsComplete: false, tables: [], unfinished: [{ table: 'eight', said: 'eight: not started' }], PhysicalResourceId: 'tables in tablebase' });
    expect(fn.events[2]).toEqual(fn.events[1]);
    expect(fn.events[3]).toEqual(fn.events[1]);
    // The framework's 10 s after each of the first two isComplete runs count in the deploy's time, not waited here.
    expect(outcome.deploySeconds - outcome.wallSeconds).toBeCloseTo(20, 2);
  });

  it('gives an Update its old properties and its name, and runs isComplete even when onEvent says the load is complete', async () => {
    const fn = stub([{ PhysicalResourceId: 'tables in tablebase', IsComplete: true }]);
    const request = resourceRequest('Update', { ...properties, Loader: '2' }, { physicalResourceId: 'tables in tablebase', properties });
    const outcome = await runProviderLoop(fn, request, { waitSeconds: 0 });
    expect(outcome.status).toBe('SUCCESS');
    expect(outcome.runs.map((run) => run.handler)).toEqual(['onEvent', 'isComplete']);
    expect(fn.events[0]).toMatchObject({ RequestType: 'Update', PhysicalResourceId: 'tables in tablebase', ResourceProperties: { Loader: '2' }, OldResourceProperties: { Loader: '1' } });
  });

  it("fails with the function's error message, its logs and its stack after the first line; a Create that failed at once gets the framework's marker", async () => {
    const thrown = thrownPayload(stack.join('\n'));
    expect(thrown).toEqual({ errorType: 'UsageError', errorMessage: 'the load cannot run', trace: stack });
    const onEvent = await runProviderLoop(stub([{ failure: thrown }]), resourceRequest('Create', properties), { waitSeconds: 0 });
    expect(onEvent).toMatchObject({ status: 'FAILED', physicalResourceId: CREATE_FAILED_PHYSICAL_ID });
    expect(onEvent.reason).toBe('the load cannot run\n\nLogs: /aws/lambda/tablebase-bundle\n\n    at load (/var/task/index.js:1:2)\n    at handler (/var/task/index.js:3:4)');
    expect(onEvent.runs).toHaveLength(1);

    // Lambda's own failure has no stack: the framework's own Error carries the message.
    const timedOut = { errorType: 'Sandbox.Timedout', errorMessage: 'Task timed out after 60.00 seconds' };
    const isComplete = await runProviderLoop(stub([{ PhysicalResourceId: 'tables in tablebase', IsComplete: false }, { failure: timedOut }]), resourceRequest('Create', properties), { waitSeconds: 0, functionName: 'Tablebase-Loader' });
    expect(isComplete).toMatchObject({ status: 'FAILED', physicalResourceId: 'tables in tablebase', reason: 'Error: Task timed out after 60.00 seconds\n\nLogs: /aws/lambda/Tablebase-Loader\n' });
    expect(failureReason({ errorType: 'Error', errorMessage: '' }, 'f')).toBe('Error: error\n\nLogs: /aws/lambda/f\n');
  });

  it('reads a message of several lines, and a stack without frames', () => {
    expect(thrownPayload('VerificationError: 3 pages differ:\nthe first: g1/p2\n    at check (x.js:1:1)')).toMatchObject({ errorType: 'VerificationError', errorMessage: '3 pages differ:\nthe first: g1/p2' });
    expect(thrownPayload('not an error at all')).toMatchObject({ errorType: 'Error', errorMessage: 'not an error at all' });
  });

  it("refuses a Delete that changes the resource's name, answers a Delete of a failed Create without the function, and refuses Data before completion", async () => {
    const standing = { physicalResourceId: 'tables in tablebase', properties };
    const renamed = await runProviderLoop(stub([{ PhysicalResourceId: 'another', IsComplete: true }]), resourceRequest('Delete', properties, standing), { waitSeconds: 0 });
    expect(renamed).toMatchObject({ status: 'FAILED', reason: 'Error: DELETE: cannot change the physical resource ID from "tables in tablebase" to "another" during deletion' });

    const fn = stub([{ IsComplete: true }]);
    const afterFailedCreate = await runProviderLoop(fn, resourceRequest('Delete', properties, { physicalResourceId: CREATE_FAILED_PHYSICAL_ID, properties }), { waitSeconds: 0 });
    expect(afterFailedCreate).toMatchObject({ status: 'SUCCESS', runs: [] });
    expect(fn.events).toEqual([]);

    const withData = await runProviderLoop(stub([{ IsComplete: false, Data: { tables: 2 } }]), resourceRequest('Create', properties), { waitSeconds: 0 });
    expect(withData).toMatchObject({ status: 'FAILED', reason: 'Error: "Data" is not allowed if "IsComplete" is "False"' });
  });

  it("fails a load that is never complete once the deploy's time passes the resource's ServiceTimeout", async () => {
    const outcome = await runProviderLoop(stub([{ IsComplete: false }]), resourceRequest('Create', properties), { waitSeconds: 0, totalSeconds: 45 });
    expect(outcome).toMatchObject({ status: 'FAILED', reason: "no response within the custom resource's ServiceTimeout of 45 s: CloudFormation fails it" });
    // onEvent, then isComplete at 0, 10, 20, 30 and 40 s: the last answer comes after 45 s.
    expect(outcome.runs).toHaveLength(6);
  });
});
