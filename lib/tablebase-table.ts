/**
 * The DynamoDB table of precomputed answers: the key schema from the shared table-schema module,
 * on-demand billing, point-in-time recovery, and a removal policy that keeps the data by default
 * (reloading it takes a while and costs money).
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { PARTITION_KEY } from '../store/table-schema';

export interface TablebaseTableProps {
  /** @default RemovalPolicy.RETAIN */
  readonly removalPolicy?: RemovalPolicy;
}

export class TablebaseTable extends Construct {
  readonly table: TableV2;

  constructor(scope: Construct, id: string, props: TablebaseTableProps = {}) {
    super(scope, id);
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: PARTITION_KEY, type: AttributeType.STRING },
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });
  }
}
