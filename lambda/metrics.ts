/**
 * The function's metrics, for every request: how it was answered (from the table, by search, from
 * the instance's cache, or not at all), whether it was refused or could not be answered now, and
 * how long it took. Powertools for AWS Lambda's Metrics writes them as CloudWatch embedded metric
 * format lines on stdout, one per request: CloudWatch turns them into metrics, with no API call
 * in the request's path.
 */
import { MetricUnit, Metrics } from '@aws-lambda-powertools/metrics';
import { SERVICE_NAME } from './log';

export const METRICS_NAMESPACE = 'tablebase';

/** How a request was served: one source, several (a batch), or none (a refusal, the page, /health). */
export type Served = 'table' | 'search' | 'cache' | 'mixed' | 'none';

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

export function createMetrics(): RequestMetrics {
  const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: SERVICE_NAME });
  return {
    request({ served, status, latencyMs }) {
      // One line per request, its metrics under the dimension Source.
      metrics.addDimension('Source', served);
      metrics.addMetric('Requests', MetricUnit.Count, 1);
      metrics.addMetric('Latency', MetricUnit.Milliseconds, latencyMs);
      metrics.addMetric('Refusals', MetricUnit.Count, status >= 400 && status < 500 ? 1 : 0);
      metrics.addMetric('Unavailable', MetricUnit.Count, status === 503 ? 1 : 0);
      metrics.publishStoredMetrics();
    },
  };
}
