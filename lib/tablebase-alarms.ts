/**
 * Alarms that tell someone when the service hurts: the function failing, being throttled, or
 * running close to its timeout, the table throttling reads or writes, and the background solver
 * failing. With an e-mail address
 * they notify an SNS topic (encrypted with a key of its own that CloudWatch may use, and reachable
 * only over TLS) that mails it; without one they still show in the CloudWatch console.
 */
import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type ITableV2, Operation } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface TablebaseAlarmsProps {
  readonly function: IFunction;
  /** The function's timeout, which the duration alarm compares against. */
  readonly timeout: Duration;
  readonly table: ITableV2;
  /**
   * The background solver, whose failures no request sees (a solve that fails as it should writes
   * why; one that dies, or times out, is an error of the function).
   * @default - no solver alarm
   */
  readonly solver?: IFunction;
  /**
   * Where alarms are mailed.
   * @default - no topic: the alarms only show in the CloudWatch console
   */
  readonly email?: string;
}

/** Alarm when p99 duration passes this share of the timeout: slow answers come before timeouts. */
const DURATION_SHARE_OF_TIMEOUT = 0.8;
/** Every alarm looks at 5-minute periods. */
const PERIOD = Duration.minutes(5);

export class TablebaseAlarms extends Construct {
  readonly alarms: Alarm[];
  readonly topic: Topic | undefined;

  constructor(scope: Construct, id: string, props: TablebaseAlarmsProps) {
    super(scope, id);
    const fn = props.function;
    const alarm = (name: string, metric: IMetric, threshold: number, description: string, periods = 1) =>
      new Alarm(this, name, {
        metric,
        threshold,
        evaluationPeriods: periods,
        datapointsToAlarm: periods,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
    this.alarms = [
      alarm('FunctionErrors', fn.metricErrors({ period: PERIOD, statistic: 'Sum' }), 1, 'The function failed (an uncaught error or a timeout): requests got errors.'),
      alarm('FunctionThrottles', fn.metricThrottles({ period: PERIOD, statistic: 'Sum' }), 1, 'The function was throttled: some requests got 429.'),
      alarm(
        'FunctionSlow',
        fn.metricDuration({ period: PERIOD, statistic: 'p99' }),
        props.timeout.toMilliseconds() * DURATION_SHARE_OF_TIMEOUT,
        `The slowest 1% of invocations took over ${DURATION_SHARE_OF_TIMEOUT * 100}% of the timeout for 10 minutes: answers risk timing out.`,
        2,
      ),
      alarm(
        'TableThrottles',
        props.table.metricThrottledRequestsForOperations({
          operations: [Operation.GET_ITEM, Operation.BATCH_GET_ITEM, Operation.BATCH_WRITE_ITEM, Operation.PUT_ITEM],
          period: PERIOD,
        }),
        1,
        'The table throttled requests: reads fell back to search, or a load slowed down.',
      ),
      ...(props.solver
        ? [alarm('SolverErrors', props.solver.metricErrors({ period: PERIOD, statistic: 'Sum' }), 1, 'The background solver failed without writing why (an uncaught error, a timeout, out of memory): the question says so only once its 16 minutes are up.')]
        : []),
    ];

    if (props.email) {
      // CloudWatch can publish to an encrypted topic only with a key whose policy lets it: on behalf
      // of this account's alarms alone (aws:SourceAccount), so that no other account's alarm can use
      // the key through the service (the confused deputy).
      // Deleted with the stack (after KMS's shortest wait): it guards alarm mail in flight, nothing kept.
      const key = new Key(this, 'TopicKey', { enableKeyRotation: true, description: 'Encrypts the tablebase alarm topic', removalPolicy: RemovalPolicy.DESTROY, pendingWindow: Duration.days(7) });
      key.addToResourcePolicy(
        new PolicyStatement({
          principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
          actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
          resources: ['*'],
          conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
        }),
      );
      this.topic = new Topic(this, 'Topic', { masterKey: key, enforceSSL: true, displayName: 'tablebase alarms' });
      this.topic.addSubscription(new EmailSubscription(props.email));
      for (const each of this.alarms) each.addAlarmAction(new SnsAction(this.topic));
    }
  }
}
