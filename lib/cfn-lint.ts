/**
 * cfn-lint's findings that the stack acknowledges, each on the resources it concerns, in the
 * template itself (`Metadata: cfn-lint: config: ignore_checks`, which cfn-lint reads and
 * CloudFormation ignores), as cdk-nag's are acknowledged with Validations: each where it is made,
 * with its reason beside it. test/lib/cfn-lint.slow.test.ts runs cfn-lint on the synthesized templates
 * and expects no other finding.
 */
import { CfnResource, type IAspect } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** Tells cfn-lint to skip `rules` on this resource alone. */
export function ignoreCfnLint(resource: CfnResource, ...rules: string[]): void {
  const metadata = (resource.getMetadata('cfn-lint') ?? {}) as { config?: { ignore_checks?: string[] } };
  const ignored = [...new Set([...(metadata.config?.ignore_checks ?? []), ...rules])].sort();
  resource.addMetadata('cfn-lint', { ...metadata, config: { ...metadata.config, ignore_checks: ignored } });
}

/** What CDK makes depend on its role, and names the role of by GetAtt too. */
const ROLE_USERS = ['AWS::Lambda::Function', 'AWS::StepFunctions::StateMachine'];

/**
 * W3005 (a DependsOn that a Ref or GetAtt already enforces) on every Lambda function and state
 * machine (the load's provider framework's waiter): CDK makes each, its own constructs' too,
 * depend on its role and the role's policy, and names the role by GetAtt as well. The repetition is
 * CDK's and harmless (the order is the same either way); they are made by CDK's constructs, where
 * the stack cannot take it out.
 */
export class AcknowledgeFunctionRoleDependency implements IAspect {
  visit(node: IConstruct): void {
    if (node instanceof CfnResource && ROLE_USERS.includes(node.cfnResourceType)) ignoreCfnLint(node, 'W3005');
  }
}
