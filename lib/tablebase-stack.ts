/**
 * The AWS stack. So far it holds nothing: the table, the function and its URL are added by the
 * deployment work (see the README's roadmap), each as a small construct with secure defaults.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';

export class TablebaseStack extends Stack {
  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
  }
}
