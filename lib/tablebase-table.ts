/**
 * The DynamoDB table of precomputed answers: the key schema from the shared table-schema module,
 * on-demand billing with a cap on reads, point-in-time recovery, and a removal policy that keeps
 * the data by default (reloading it takes a while and costs money).
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { PARTITION_KEY } from '../store/table-schema';

/**
 * The most read units a second the table serves, whatever asks: past it DynamoDB throttles, and
 * the function answers by search instead (capped itself by its concurrency). 1,000 units a
 * second are 2,000 page reads (half a unit each, eventually consistent): every answer of a burst
 * of ten uncached 1,000-query batches within a second or two, and the deploy's verification scans
 * of the largest load there is (six scans of 400 MB, about 300,000 units) in five minutes. At
 * on-demand's $0.125 per million read units (us-east-1), the cap costs at most $0.45 an hour.
 */
export const TABLE_MAX_READ_UNITS = 1000;

export interface TablebaseTableProps {
  /**
   * What deleting the stack, or replacing the table, does to it.
   * @default RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE: kept, except when the stack's first create fails
   */
  readonly removalPolicy?: RemovalPolicy;
}

export class TablebaseTable extends Construct {
  readonly table: TableV2;

  constructor(scope: Construct, id: string, props: TablebaseTableProps = {}) {
    super(scope, id);
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: PARTITION_KEY, type: AttributeType.STRING },
      billing: Billing.onDemand({ maxReadRequestUnits: TABLE_MAX_READ_UNITS }),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // A table that never held a load (the first deploy failed) is not worth keeping: CloudFormation
      // deletes it with the failed create (RetainExceptOnCreate), and a retry starts clean.
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
  }
}
