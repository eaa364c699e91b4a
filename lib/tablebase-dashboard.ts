/**
 * The operator's view: how the answers were found (the share from the table above all), how long
 * they took by source, refusals and 503s, beside the stack's alarms. It reads the function's own
 * metrics (lambda/metrics.ts), written as embedded metric format lines.
 */
import { Duration } from 'aws-cdk-lib';
import { type Alarm, AlarmStatusWidget, Dashboard, GraphWidget, MathExpression, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { Construct } from 'constructs';
import { SERVICE_NAME } from '../lambda/log';
import { METRICS_NAMESPACE, type Served } from '../lambda/metrics';

const PERIOD = Duration.minutes(5);
const ANSWERED: readonly Served[] = ['table', 'search', 'kept', 'cache', 'mixed'];

export interface TablebaseDashboardProps {
  readonly alarms: readonly Alarm[];
}

function metric(name: string, source: Served, statistic = 'Sum'): Metric {
  return new Metric({ namespace: METRICS_NAMESPACE, metricName: name, dimensionsMap: { service: SERVICE_NAME, Source: source }, statistic, period: PERIOD, label: source });
}

export class TablebaseDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: TablebaseDashboardProps) {
    super(scope, id);
    const requests = Object.fromEntries(ANSWERED.map((source) => [source, metric('Requests', source)]));
    this.dashboard = new Dashboard(this, 'Dashboard', { defaultInterval: Duration.hours(3) });
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Answers by source (requests per 5 minutes)', left: Object.values(requests), stacked: true, width: 12 }),
      new GraphWidget({
        title: 'Share of answers by one read or the cache (%)',
        left: [new MathExpression({ expression: '100 * (FILL(table, 0) + FILL(kept, 0) + FILL(cache, 0)) / (FILL(table, 0) + FILL(search, 0) + FILL(kept, 0) + FILL(cache, 0) + FILL(mixed, 0))', usingMetrics: requests, label: 'table, kept or cache', period: PERIOD })],
        leftYAxis: { min: 0, max: 100 },
        width: 12,
      }),
      new GraphWidget({ title: 'Latency by source, p50 and p99 (ms)', left: ANSWERED.flatMap((source) => [metric('Latency', source, 'p50'), metric('Latency', source, 'p99')]), width: 12 }),
      new GraphWidget({ title: 'Refusals (4xx) and 503s', left: [metric('Refusals', 'none'), metric('Unavailable', 'none')], width: 12 }),
      new AlarmStatusWidget({ title: 'Alarms', alarms: [...props.alarms], width: 24 }),
    );
  }
}
