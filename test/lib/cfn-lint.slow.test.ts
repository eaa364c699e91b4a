/**
 * cfn-lint (AWS's CloudFormation linter, Python: `pip install cfn-lint`; CI has it) on every
 * template the stack synthesizes: private, and public on the Free, Pro and Business plans and on
 * pay-as-you-go with a web ACL of one's own. It must find nothing: what it would find on CDK's own
 * making, or on a resource type its specification does not know yet, is acknowledged in the
 * template by lib/cfn-lint.ts, on those resources only, each with its reason.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '../../lib/feature-flags';
import { TablebaseStack } from '../../lib/tablebase-stack';
import { registry } from '../../puzzles/registered';

const loads = await registry.loadChoices();
const WEB_ACL = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/tablebase/0123abcd-4567-89ef-0123-456789abcdef';

const SETTINGS: Record<string, Record<string, string>> = {
  private: {},
  'public-free': { public: 'true' },
  'public-pro': { public: 'true', edgePlan: 'pro' },
  'public-business': { public: 'true', edgePlan: 'business' },
  'public-payg-web-acl': { public: 'true', edgePlan: 'payg', webAclArn: WEB_ACL },
};

/** The template as `cdk synth` makes it (cdk.json's feature flags), without bundling. */
function template(context: Record<string, string>): Record<string, any> {
  const app = new App({ context: { ...FEATURE_FLAGS, 'aws:cdk:bundling-stacks': [], ...context } });
  return Template.fromStack(new TablebaseStack(app, 'Tablebase', { registry, loads })).toJSON();
}

const folder = mkdtempSync(join(tmpdir(), 'tablebase-cfn-lint-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const templates = Object.fromEntries(Object.entries(SETTINGS).map(([name, context]) => [name, template(context)]));

function cfnLint(...args: string[]): { status: number; output: string } {
  try {
    return { status: 0, output: execFileSync('cfn-lint', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { status?: number; stdout?: string; stderr?: string };
    if (failure.code === 'ENOENT') throw new Error('cfn-lint is not installed: install it (pip install cfn-lint, version 1.51 or newer; CI has it) to check the templates.');
    return { status: failure.status ?? -1, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

/** A template without the subscription's acknowledgement: cfn-lint must report it, and nothing else. */
function bare(body: Record<string, any>): Record<string, any> {
  const copy = structuredClone(body);
  for (const resource of Object.values(copy.Resources as Record<string, any>)) if (resource.Type === 'AWS::PricingPlanManager::Subscription') delete resource.Metadata;
  return copy;
}

describe('cfn-lint', () => {
  it('finds nothing in any template the stack makes (private; public free, pro, business; payg with a web ACL by ARN), and E3006 alone on an unacknowledged subscription', () => {
    // one run for all (cfn-lint takes seconds to start)
    const files = Object.entries({ ...templates, 'unacknowledged-subscription': bare(templates['public-free']) }).map(([name, body]) => {
      const file = join(folder, `${name}.json`);
      writeFileSync(file, JSON.stringify(body, null, 1));
      return file;
    });
    const { status, output } = cfnLint('--format', 'parseable', '--', ...files);
    const findings = output.trim().split('\n').filter(Boolean);
    // cfn-lint 1.51 (these machines') knows no such resource type yet; a later one that does finds
    // nothing there either, and the acknowledgement is then only unneeded
    expect(findings.length).toBeLessThanOrEqual(1);
    for (const finding of findings) expect(finding).toMatch(/unacknowledged-subscription\.json:.*:E3006:Resource type 'AWS::PricingPlanManager::Subscription' does not exist/);
    expect(status !== 0).toBe(findings.length > 0);
  });

  it('skips only E3006 (a resource type its specification does not know), and only on the plan\'s subscription; W3005 on CDK\'s functions and state machine', () => {
    for (const [name, body] of Object.entries(templates)) {
      for (const [id, resource] of Object.entries(body.Resources as Record<string, any>)) {
        const ignored = resource.Metadata?.['cfn-lint']?.config?.ignore_checks;
        if (resource.Type === 'AWS::PricingPlanManager::Subscription') expect(ignored, `${name} ${id}`).toEqual(['E3006']);
        else if (resource.Type === 'AWS::Lambda::Function' || resource.Type === 'AWS::StepFunctions::StateMachine') expect(ignored, `${name} ${id}`).toEqual(['W3005']); // CDK's DependsOn on a role it also names by GetAtt
        else expect(ignored, `${name} ${id}`).toBeUndefined();
      }
    }
    expect(Object.values(templates['private'].Resources).some((resource: any) => resource.Type === 'AWS::PricingPlanManager::Subscription')).toBe(false);
  });
});
