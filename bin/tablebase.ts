/** The CDK app: `npx cdk synth` needs no AWS account (the stack is environment-agnostic). */
import { Annotations, App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { credentialsWarning } from '../lib/stack-settings';
import { TablebaseStack } from '../lib/tablebase-stack';
import { registry } from '../puzzles/registered';

const app = new App();
try {
  const stack = new TablebaseStack(app, 'Tablebase', {
    registry,
    description: 'tablebase: precomputed puzzle answers behind a Lambda Function URL',
    loads: await registry.loadChoices(),
  });
  const noCredentials = credentialsWarning(process.env);
  if (noCredentials) Annotations.of(stack).addWarningV2('tablebase:noCredentials', noCredentials);
} catch (error) {
  // a setting refused (a misspelt key, a bad value): its sentence, not a stack trace
  console.error(`The stack was not synthesized: ${(error as Error).message}`);
  process.exit(1);
}
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
