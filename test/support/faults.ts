/**
 * Faults a real DynamoDB-compatible server never produces, injected into the real SDK client's
 * middleware stack so that everything else (serialization, HTTP, the server) stays real.
 */
import { type DynamoDBClient, type KeysAndAttributes, ProvisionedThroughputExceededException, type WriteRequest } from '@aws-sdk/client-dynamodb';

export interface FaultPlan {
  /** Share of BatchWriteItem calls that store only part of their items and return the rest as UnprocessedItems. */
  unprocessed?: number;
  /** Share of BatchWriteItem calls refused with a throttling error. */
  throttle?: number;
  /** After this many BatchWriteItem calls, every further call fails as if the process had crashed. */
  crashAfter?: number;
  /** Share of BatchGetItem calls that read only part of their keys and return the rest as UnprocessedKeys. */
  unprocessedKeys?: number;
  /** Share of Scan calls refused with a throttling error (a table at its cap on reads). */
  scanThrottle?: number;
  random: () => number;
}

export interface FaultLog {
  calls: number;
  unprocessed: number;
  throttled: number;
  /** BatchGetItem calls, and those answered only in part. */
  reads: number;
  unprocessedReads: number;
  /** Scan calls refused with a throttling error. */
  scansThrottled: number;
}

export function injectFaults(client: DynamoDBClient, plan: FaultPlan): FaultLog {
  const log: FaultLog = { calls: 0, unprocessed: 0, throttled: 0, reads: 0, unprocessedReads: 0, scansThrottled: 0 };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'ScanCommand') {
        if (plan.random() >= (plan.scanThrottle ?? 0)) return next(args);
        log.scansThrottled++;
        throw new ProvisionedThroughputExceededException({ message: 'Rate of requests exceeds the allowed throughput.', $metadata: { httpStatusCode: 400 } });
      }
      if (context.commandName === 'BatchGetItemCommand') {
        log.reads++;
        if (plan.random() >= (plan.unprocessedKeys ?? 0)) return next(args);
        log.unprocessedReads++;
        const input = args.input as { RequestItems: Record<string, KeysAndAttributes> };
        const [table, request] = Object.entries(input.RequestItems)[0];
        const keep = Math.floor(plan.random() * request.Keys!.length); // possibly none
        const held = { ...request, Keys: request.Keys!.slice(keep) };
        const result =
          keep > 0
            ? await next({ ...args, input: { ...input, RequestItems: { [table]: { ...request, Keys: request.Keys!.slice(0, keep) } } } })
            : { output: { $metadata: { httpStatusCode: 200 }, Responses: { [table]: [] } }, response: {} };
        (result.output as { UnprocessedKeys?: Record<string, KeysAndAttributes> }).UnprocessedKeys = { [table]: held };
        return result;
      }
      if (context.commandName !== 'BatchWriteItemCommand') return next(args);
      log.calls++;
      if (plan.crashAfter !== undefined && log.calls > plan.crashAfter) {
        throw Object.assign(new Error('simulated crash of the loader'), { name: 'SimulatedCrash' });
      }
      if (plan.random() < (plan.throttle ?? 0)) {
        log.throttled++;
        throw new ProvisionedThroughputExceededException({ message: 'Rate of requests exceeds the allowed throughput.', $metadata: { httpStatusCode: 400 } });
      }
      if (plan.random() >= (plan.unprocessed ?? 0)) return next(args);
      log.unprocessed++;
      const input = args.input as { RequestItems: Record<string, WriteRequest[]> };
      const [table, requests] = Object.entries(input.RequestItems)[0];
      const keep = Math.floor(plan.random() * requests.length); // possibly none
      const sent = requests.slice(0, keep);
      const held = requests.slice(keep);
      const result =
        sent.length > 0
          ? await next({ ...args, input: { ...input, RequestItems: { [table]: sent } } })
          : { output: { $metadata: { httpStatusCode: 200 } }, response: {} };
      (result.output as { UnprocessedItems?: Record<string, WriteRequest[]> }).UnprocessedItems = { [table]: held };
      return result;
    },
    { step: 'initialize', name: 'injectFaults' },
  );
  return log;
}

/** Faults a test turns on and off: while `down`, every call fails as a network would; every call takes `slowMs` more. */
export interface SwitchedFaults {
  down: boolean;
  slowMs: number;
}

/** Puts switched faults around `client`'s calls (all off); `message` is the failure's. */
export function switchFaults(client: DynamoDBClient, message = 'the network is down'): SwitchedFaults {
  const faults: SwitchedFaults = { down: false, slowMs: 0 };
  client.middlewareStack.add(
    (next) => async (args) => {
      if (faults.down) throw Object.assign(new Error(message), { name: 'NetworkDown' });
      if (faults.slowMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.slowMs));
      return next(args);
    },
    { step: 'initialize', name: 'switchedFaults' },
  );
  return faults;
}
