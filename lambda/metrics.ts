/**
 * The function's metrics, for every request: how it was answered (from the table, by search, from
 * the instance's cache, or not at all), whether it was refused or could not be answered now, and
 * how long it took. Written as CloudWatch embedded metric format lines on stdout, one per request
 * (what Powertools for AWS Lambda's Metrics writes, namespace, dimensions and units alike, held to
 * its lines by test/lambda/powertools-parity.test.ts): CloudWatch turns them into metrics, with no
 * API call in the request's path.
 *
 * Written here rather than by Powertools' Metrics: the line is the same few fields every time, and
 * made from text prepared once it costs the request nothing, nor the function's start a library.
 */
import { SERVICE_NAME } from './log';

export const METRICS_NAMESPACE = 'tablebase';

/** How a request was served: one source, several (a batch), or none (a refusal, the page, /health). */
export type Served = 'table' | 'search' | 'kept' | 'cache' | 'mixed' | 'none';

export interface RequestOutcome {
  readonly served: Served;
  readonly status: number;
  readonly latencyMs: number;
}

/** What the handler records; tests pass their own. */
export interface RequestMetrics {
  request(outcome: RequestOutcome): void;
}

export const NO_METRICS: RequestMetrics = { request: () => {} };

/** The metrics of a request, in the order they are written, with their CloudWatch units. */
const METRICS = [
  { Name: 'Requests', Unit: 'Count' },
  { Name: 'Latency', Unit: 'Milliseconds' },
  { Name: 'Refusals', Unit: 'Count' },
  { Name: 'Unavailable', Unit: 'Count' },
] as const;

/** What tells CloudWatch which members are metrics: the same for every line but its timestamp. */
const DIRECTIVE = JSON.stringify([{ Namespace: METRICS_NAMESPACE, Dimensions: [['service', 'Source']], Metrics: METRICS }]);

/** Writes each request's line with `write` (stdout by default). */
export function createMetrics(write: (text: string) => void = (text) => void process.stdout.write(text)): RequestMetrics {
  return {
    request({ served, status, latencyMs }) {
      // One line per request, its metrics under the dimensions service and Source.
      const refused = status >= 400 && status < 500 ? 1 : 0;
      const unavailable = status === 503 ? 1 : 0;
      const latency = Number.isFinite(latencyMs) ? latencyMs : 0; // JSON has no NaN
      write(
        `{"_aws":{"Timestamp":${Date.now()},"CloudWatchMetrics":${DIRECTIVE}},"service":"${SERVICE_NAME}","Source":"${served}","Requests":1,"Latency":${latency},"Refusals":${refused},"Unavailable":${unavailable}}\n`,
      );
    },
  };
}
