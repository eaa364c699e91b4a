import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '../../lib/feature-flags';
import { TablebaseStack } from '../../lib/tablebase-stack';
import { TABLE_MAX_READ_UNITS } from '../../lib/tablebase-table';
import { EDGE_RATE_LIMIT, type EdgePlan } from '../../lib/tablebase-edge';
import { normaliseQueryCode, queryFieldsByPath } from '../../lib/edge-query';
import { credentialsWarning } from '../../lib/stack-settings';
import { type Registry, tableSpecs } from '../../puzzles/registry';
import { registry } from '../../puzzles/registered';
import { registry as threePuzzles } from '../support/three-puzzles';

const loads = await registry.loadChoices();
const threePuzzlesLoads = await threePuzzles.loadChoices();

/**
 * The stack as `cdk synth` makes it (cdk.json's feature flags), without bundling (test/lib/bundle.slow.test.ts builds and runs the bundle itself):
 * of the service's puzzles, or of the three whose load figures a test checks.
 */
function synth(context: Record<string, unknown> = {}, of: { registry: Registry; loads: typeof loads } = { registry, loads }) {
  const app = new App({ context: { ...FEATURE_FLAGS, 'aws:cdk:bundling-stacks': [], ...context } });
  const stack = new TablebaseStack(app, 'Tablebase', of);
  return { app, stack, template: Template.fromStack(stack) };
}

type Statement = { Action: string | string[]; Resource: unknown; Effect: string; Condition?: unknown };

/** Every IAM policy statement of the stack's own roles (`role` a logical id prefix: ApiFunction, LoaderFunction). */
function statements(template: Template, role = ''): Statement[] {
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(`"${role}`))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
}

const actionsOf = (all: Statement[]) => all.flatMap((statement) => [statement.Action].flat()).sort();

const byDefault = synth();
const WEB_ACL = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/tablebase/0123abcd-4567-89ef-0123-456789abcdef';
const asPublic = synth({ public: 'true', reservedConcurrency: '5', removalPolicy: 'destroy', alarmEmail: 'ops@example.com' });
const guarded = synth({ public: 'true', webAclArn: WEB_ACL });
const payg = synth({ public: 'true', edgePlan: 'payg' });
const onPlan = Object.fromEntries((['free', 'pro', 'business', 'premium'] as const).map((plan) => [plan, synth({ public: 'true', edgePlan: plan })])) as Record<Exclude<EdgePlan, 'payg'>, ReturnType<typeof synth>>;

/** AWS-managed policies, by the ids the CloudFront developer guide gives. */
const ELEMENTAL_MEDIA_PACKAGE = '08627262-05a9-4f76-9ded-b50ca2e3a84f';
const SECURITY_HEADERS_POLICY = '67f7725c-6f97-4210-82d7-5512b31e9d03';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

/** The distribution's configuration (the template has one distribution at most). */
function distributionConfig(template: Template) {
  const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
  return distribution.Properties.DistributionConfig;
}

/**
 * Each resource's logical ids it depends on: DependsOn, Ref, Fn::GetAtt and the names in Fn::Sub
 * (pseudo parameters and parameters aside), as CloudFormation reads them.
 */
function dependencies(template: Template): Map<string, Set<string>> {
  const resources = template.toJSON().Resources as Record<string, { DependsOn?: string | string[]; Properties?: unknown; [key: string]: unknown }>;
  const graph = new Map<string, Set<string>>();
  const visit = (value: unknown, into: Set<string>): void => {
    if (Array.isArray(value)) for (const item of value) visit(item, into);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'Ref' && typeof inner === 'string') into.add(inner);
        else if (key === 'Fn::GetAtt') into.add(Array.isArray(inner) ? String(inner[0]) : String(inner).split('.')[0]);
        else if (key === 'Fn::Sub') {
          const text = Array.isArray(inner) ? inner[0] : inner;
          for (const [, name] of String(text).matchAll(/\$\{([^}!.]+)[^}]*\}/g)) into.add(name);
          if (Array.isArray(inner)) visit(inner[1], into);
        } else visit(inner, into);
      }
    }
  };
  for (const [id, resource] of Object.entries(resources)) {
    const into = new Set<string>([resource.DependsOn ?? []].flat());
    const { DependsOn: _, ...rest } = resource;
    visit(rest, into);
    graph.set(id, new Set([...into].filter((name) => name !== id && name in resources)));
  }
  return graph;
}

/**
 * The order CloudFormation deletes a stack's resources in: a resource only once every resource
 * that depends on it is gone (the reverse of creation). Resources of one wave may go at once.
 */
function deletionWaves(template: Template): string[][] {
  const graph = dependencies(template);
  const left = new Set(graph.keys());
  const waves: string[][] = [];
  while (left.size > 0) {
    const wave = [...left].filter((id) => ![...left].some((other) => graph.get(other)!.has(id)));
    if (wave.length === 0) throw new Error(`a dependency cycle among ${[...left].join(', ')}`);
    for (const id of wave) left.delete(id);
    waves.push(wave.sort());
  }
  return waves;
}

/** Whether `from` depends on `on`, directly or through others: then CloudFormation deletes `from` first, always. */
function dependsOn(template: Template, from: string, on: string): boolean {
  const graph = dependencies(template);
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    for (const next of graph.get(id) ?? []) {
      if (next === on) return true;
      if (!seen.has(next)) stack.push(next), seen.add(next);
    }
  }
  return false;
}

describe('the table', () => {
  const { template } = byDefault;

  it('has the shared key schema, on-demand billing with reads capped, and point-in-time recovery', () => {
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
      Replicas: [
        Match.objectLike({
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          ReadOnDemandThroughputSettings: { MaxReadRequestUnits: TABLE_MAX_READ_UNITS },
        }),
      ],
    });
    expect(TABLE_MAX_READ_UNITS).toBe(1000); // the README's worst case counts on it
  });

  it('is kept on update and delete but not after a failed first create, and destroyed only when asked', () => {
    template.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'RetainExceptOnCreate', UpdateReplacePolicy: 'Retain' });
    asPublic.template.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Delete' });
  });
});

describe('the function', () => {
  const { template } = byDefault;

  it('runs Node.js 24 on arm64 with explicit memory and timeout, source maps and JSON logs', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      MemorySize: 1769,
      Timeout: 10,
      Handler: 'index.handler',
      LoggingConfig: Match.objectLike({ LogFormat: 'JSON' }),
      Environment: { Variables: { NODE_OPTIONS: '--enable-source-maps', TABLE_NAME: { Ref: Match.stringLikeRegexp('^AnswersTable') } } },
    });
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });

  it('logs, as every function of the stack does, CDK\'s own (the load\'s provider, the invalidation) included, to a group kept a month and deleted with the stack', () => {
    for (const [one, edge] of [[byDefault.template, false], [asPublic.template, true]] as const) {
      const groups = one.findResources('AWS::Logs::LogGroup');
      for (const [id, group] of Object.entries(groups)) expect([id, group.Properties.RetentionInDays, group.DeletionPolicy]).toEqual([id, 30, 'Delete']);
      const functions = Object.entries(one.findResources('AWS::Lambda::Function'));
      expect(functions.map(([id]) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual(
        edge
          ? ['AWS679f53fac002430cb0da5b7982bd2287', 'ApiFunction', 'BackgroundSolverFunction', 'LoaderFunction', 'LoaderProviderframeworkisComplete', 'LoaderProviderframeworkonEvent', 'LoaderProviderframeworkonTimeout']
          : ['ApiFunction', 'BackgroundSolverFunction', 'LoaderFunction', 'LoaderProviderframeworkisComplete', 'LoaderProviderframeworkonEvent', 'LoaderProviderframeworkonTimeout'],
      );
      for (const [id, fn] of functions) expect(Object.keys(groups), id).toContain(fn.Properties.LoggingConfig?.LogGroup?.Ref);
    }
  });

  it('has a background solver: 15 minutes, one vCPU, invoked asynchronously without Lambda\'s retries, its slots the API\'s, the API told its name', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Handler: 'index.handler',
      MemorySize: 1769,
      Timeout: 900,
      Environment: { Variables: { NODE_OPTIONS: '--enable-source-maps', TABLE_NAME: { Ref: Match.stringLikeRegexp('^AnswersTable') }, SOLVER_SLOTS: '2' } },
    });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { FunctionName: { Ref: Match.stringLikeRegexp('^BackgroundSolverFunction') }, MaximumRetryAttempts: 0, MaximumEventAgeInSeconds: 60 });
    template.hasResourceProperties('AWS::Lambda::Function', {
      MemorySize: 1769,
      Environment: { Variables: Match.objectLike({ SOLVER_FUNCTION_NAME: { Ref: Match.stringLikeRegexp('^BackgroundSolverFunction') }, SOLVER_SLOTS: '2' }) },
    });
  });

  it('reserves no concurrency unless asked, privately', () => {
    expect(template.findResources('AWS::Lambda::Function', { Properties: { ReservedConcurrentExecutions: Match.anyValue() } })).toEqual({});
    synth({ reservedConcurrency: '5' }).template.hasResourceProperties('AWS::Lambda::Function', { ReservedConcurrentExecutions: 5 });
  });
});

describe('permissions', () => {
  /** The statement of `all` that allows `action`. */
  const allowing = (all: Statement[], action: string) => all.find((statement) => [statement.Action].flat().includes(action))!;
  const TABLE_ARN = { 'Fn::GetAtt': [expect.stringMatching(/^AnswersTable/), 'Arn'] };
  /** Writes of the background solves' items alone: every key they touch starts with solve#. */
  const SOLVES_ONLY = { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['solve#*'] } };

  it('allow the API reading the table, writing the background solves\' items alone, starting the solver, and writing its logs, nothing else', () => {
    const all = statements(byDefault.template, 'ApiRole');
    expect(actionsOf(all)).toEqual([
      'dynamodb:BatchGetItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem',
      'lambda:InvokeFunction', 'logs:CreateLogStream', 'logs:PutLogEvents',
    ]);
    expect(all.every((statement) => statement.Effect === 'Allow')).toBe(true);
    expect(allowing(all, 'dynamodb:GetItem')).toMatchObject({ Resource: TABLE_ARN });
    expect(allowing(all, 'dynamodb:GetItem').Condition).toBeUndefined();
    expect(allowing(all, 'dynamodb:PutItem')).toMatchObject({ Action: ['dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'], Resource: TABLE_ARN, Condition: SOLVES_ONLY });
    expect(allowing(all, 'lambda:InvokeFunction').Resource).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^BackgroundSolverFunction/), 'Arn'] });
  });

  it('allow the solver reading the table and writing the background solves\' items alone, and its logs', () => {
    const all = statements(byDefault.template, 'BackgroundSolverRole');
    expect(actionsOf(all)).toEqual(['dynamodb:BatchGetItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'logs:CreateLogStream', 'logs:PutLogEvents']);
    expect(allowing(all, 'dynamodb:PutItem')).toMatchObject({ Resource: TABLE_ARN, Condition: SOLVES_ONLY });
  });

  it('allow the loader exactly what a load does, on this table only, and its logs', () => {
    const all = statements(byDefault.template, 'LoaderFunction');
    expect(actionsOf(all)).toEqual([
      'dynamodb:BatchGetItem', 'dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:DescribeTable', 'dynamodb:GetItem',
      'dynamodb:PutItem', 'dynamodb:Scan', 'dynamodb:UpdateItem', 'logs:CreateLogStream', 'logs:PutLogEvents',
    ]);
    const table = all.find((statement) => [statement.Action].flat().includes('dynamodb:PutItem'))!;
    expect(table.Resource).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^AnswersTable/), 'Arn'] });
  });

  it('use no wildcard and no managed policy in the stack\'s own roles', () => {
    // the provider framework's policies (CDK's own) invoke a function and its versions (its ARN with ":*")
    const own = Object.entries(byDefault.template.findResources('AWS::IAM::Policy')).filter(([id]) => !id.startsWith('LoaderProvider'));
    expect(own.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(Object.fromEntries(own))).not.toMatch(/"\*"|:\*"|dynamodb:\*/);
    for (const [id, role] of Object.entries(byDefault.template.findResources('AWS::IAM::Role'))) {
      // CDK's own provider framework keeps AWSLambdaBasicExecutionRole; the stack's roles have none
      if (!id.startsWith('LoaderProvider')) expect(role.Properties.ManagedPolicyArns, id).toBeUndefined();
    }
  });
});

describe('the function URL', () => {
  it('needs AWS_IAM auth, without CORS, private or public', () => {
    for (const { template } of [byDefault, asPublic]) template.hasResourceProperties('AWS::Lambda::Url', { AuthType: 'AWS_IAM', Cors: Match.absent() });
    byDefault.template.resourceCountIs('AWS::Lambda::Permission', 0);
    byDefault.template.resourceCountIs('AWS::CloudFront::Distribution', 0);
  });

  it('is an output, with the table name', () => {
    byDefault.template.hasOutput('Url', { Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiFunctionFunctionUrl'), 'FunctionUrl'] } });
    byDefault.template.hasOutput('TableName', { Value: { Ref: Match.stringLikeRegexp('^AnswersTable') } });
  });
});

describe('the public edge (public=true)', () => {
  const { template } = asPublic;

  it('is a CloudFront distribution whose origin access control alone may invoke the function, with both permissions', () => {
    template.resourceCountIs('AWS::CloudFront::Distribution', 1);
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: { OriginAccessControlOriginType: 'lambda', SigningBehavior: 'always', SigningProtocol: 'sigv4' },
    });
    for (const action of ['lambda:InvokeFunctionUrl', 'lambda:InvokeFunction']) {
      template.hasResourceProperties('AWS::Lambda::Permission', {
        Action: action,
        Principal: 'cloudfront.amazonaws.com',
        SourceArn: Match.objectLike({ 'Fn::Join': Match.arrayWith([Match.arrayWith([Match.stringLikeRegexp(':distribution/'), { Ref: Match.stringLikeRegexp('^EdgeDistribution') }])]) }),
      });
    }
    expect(JSON.stringify(template.findResources('AWS::Lambda::Permission'))).not.toMatch(/"Principal":"\*"/);
  });

  it('names its origin access control, cache policy, function and headers policy per region: a second region of the account does not collide', () => {
    const { template } = onPlan.business; // the plan with policies of its own
    const names = [
      ['AWS::CloudFront::OriginAccessControl', 'OriginAccessControlConfig'],
      ['AWS::CloudFront::CachePolicy', 'CachePolicyConfig'],
      ['AWS::CloudFront::ResponseHeadersPolicy', 'ResponseHeadersPolicyConfig'],
      ['AWS::CloudFront::Function', undefined],
    ].map(([type, config]) => {
      const [resource] = Object.values(template.findResources(type!));
      return { type, name: config ? resource.Properties[config].Name : resource.Properties.Name };
    });
    for (const { type, name } of names) expect(JSON.stringify(name), type).toContain('{"Ref":"AWS::Region"}');
    const [access] = Object.values(template.findResources('AWS::CloudFront::OriginAccessControl'));
    const [prefix] = access.Properties.OriginAccessControlConfig.Name['Fn::Join'][1];
    expect(prefix.length + 'ap-southeast-5'.length).toBeLessThanOrEqual(64); // its longest name, in the longest region name
  });

  it('keys the cache on the path alone, where the viewer-request function writes the question; forwards every viewer header but Host', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          AllowedMethods: Match.arrayWith(['GET', 'HEAD', 'POST']),
          CachedMethods: ['GET', 'HEAD'],
          ViewerProtocolPolicy: 'redirect-to-https',
          OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
        }),
        // a 5xx is kept 10 s by CloudFront unless told otherwise: not at all (429 takes no such setting)
        CustomErrorResponses: [500, 502, 503, 504].map((code) => ({ ErrorCode: code, ErrorCachingMinTTL: 0 })),
      }),
    });
  });

  it('writes each question, in a normal order and encoding, into the path at every viewer request, before the cache and the signature (lib/edge-query.ts)', () => {
    const [query] = Object.entries(template.findResources('AWS::CloudFront::Function'));
    expect(query[1].Properties).toMatchObject({ FunctionConfig: { Runtime: 'cloudfront-js-2.0' }, AutoPublish: true });
    expect(query[1].Properties.FunctionCode).toBe(normaliseQueryCode(queryFieldsByPath(registry.PUZZLES)));
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({ FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [query[0], 'FunctionARN'] } }] }),
      }),
    });
  });

  it('adds HSTS, frame-ancestors (where the function set no policy of its own), nosniff and a referrer policy to every response, on a plan that takes a policy of its own', () => {
    const { template } = onPlan.business;
    const [headers] = Object.entries(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    expect(headers[1].Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig).toEqual({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true },
      ContentSecurityPolicy: { ContentSecurityPolicy: "frame-ancestors 'none'", Override: false },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ContentTypeOptions: { Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'no-referrer', Override: true },
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ DefaultCacheBehavior: Match.objectLike({ ResponseHeadersPolicyId: { Ref: headers[0] } }) }),
    });
  });

  it('has a web ACL for CloudFront of its own, which blocks a client address past 500 requests in 5 minutes', () => {
    template.resourceCountIs('AWS::WAFv2::WebACL', 1);
    const [acl] = Object.entries(template.findResources('AWS::WAFv2::WebACL'));
    expect(acl[1].Properties).toMatchObject({
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: [
        {
          Priority: 0,
          Action: { Block: {} },
          Statement: { RateBasedStatement: { AggregateKeyType: 'IP', Limit: EDGE_RATE_LIMIT, EvaluationWindowSec: 300 } },
          VisibilityConfig: Match.anyValue(),
        },
      ].map((rule) => ({ ...rule, VisibilityConfig: expect.objectContaining({ CloudWatchMetricsEnabled: true }) })),
    });
    expect(EDGE_RATE_LIMIT).toBe(500); // the README's figures count on it
    template.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ WebACLId: { 'Fn::GetAtt': [acl[0], 'Arn'] } }) });
  });

  it('is on CloudFront\'s flat-rate Free plan by default, for its distribution and its web ACL; another tier or pay-as-you-go when asked', () => {
    template.resourceCountIs('AWS::PricingPlanManager::Subscription', 1);
    const [acl] = Object.keys(template.findResources('AWS::WAFv2::WebACL'));
    template.hasResourceProperties('AWS::PricingPlanManager::Subscription', {
      PlanFamily: 'CloudFront',
      PlanTier: 'FREE',
      ResourceArns: [
        { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':cloudfront::', { Ref: 'AWS::AccountId' }, ':distribution/', { Ref: Match.stringLikeRegexp('^EdgeDistribution') }]] },
        { 'Fn::GetAtt': [acl, 'Arn'] },
      ],
    });
    synth({ public: 'true', edgePlan: 'pro' }).template.hasResourceProperties('AWS::PricingPlanManager::Subscription', { PlanTier: 'PRO' });
    // Pay-as-you-go: no plan, the same web ACL
    payg.template.resourceCountIs('AWS::PricingPlanManager::Subscription', 0);
    payg.template.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT', Rules: [Match.objectLike({ Statement: { RateBasedStatement: Match.objectLike({ Limit: EDGE_RATE_LIMIT }) } })] });
    // A web ACL of your own, by ARN, in place of the edge's
    guarded.template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    guarded.template.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ WebACLId: WEB_ACL }) });
    guarded.template.hasResourceProperties('AWS::PricingPlanManager::Subscription', { ResourceArns: [Match.anyValue(), WEB_ACL] });
  });

  it('must be deployed in us-east-1 (a template rule refuses any other region), unless pay-as-you-go with a web ACL given by ARN', () => {
    const edgeRule = (one: Template) => Object.entries(one.toJSON().Rules ?? {}).find(([id]) => id.startsWith('EdgeRegion'))?.[1] as { Assertions: { Assert: unknown; AssertDescription: string }[] } | undefined;
    for (const { template: one } of [asPublic, payg, guarded]) {
      expect(edgeRule(one)?.Assertions).toEqual([{ Assert: { 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-east-1'] }, AssertDescription: expect.stringMatching(/can only be created in us-east-1: deploy this stack there/) }]);
    }
    const elsewhere = synth({ public: 'true', edgePlan: 'payg', webAclArn: WEB_ACL }).template;
    expect(edgeRule(elsewhere)).toBeUndefined();
    elsewhere.resourceCountIs('AWS::WAFv2::WebACL', 0);
    elsewhere.resourceCountIs('AWS::PricingPlanManager::Subscription', 0);
    expect(edgeRule(byDefault.template)).toBeUndefined();
  });

  it('is invalidated when the function changes, by a call allowed on this distribution only', () => {
    const [invalidation] = Object.values(template.findResources('Custom::AWS'));
    expect(JSON.stringify(invalidation.Properties.Update)).toMatch(/createInvalidation/);
    expect(JSON.stringify(invalidation.Properties.Update)).toMatch(/ApiFunctionCurrentVersion/);
    const policy = Object.values(template.findResources('AWS::IAM::Policy')).find((one) => JSON.stringify(one).includes('cloudfront:CreateInvalidation'))!;
    expect(policy.Properties.PolicyDocument.Statement).toEqual([
      expect.objectContaining({ Action: 'cloudfront:CreateInvalidation', Resource: expect.objectContaining({ 'Fn::Join': expect.any(Array) }) }),
    ]);
  });

  it('reserves no concurrency by default (a new account could not: it must keep 100 unreserved), and N on request', () => {
    for (const { template: one } of [guarded, payg, onPlan.free]) {
      expect(one.findResources('AWS::Lambda::Function', { Properties: { ReservedConcurrentExecutions: Match.anyValue() } })).toEqual({});
    }
    template.hasResourceProperties('AWS::Lambda::Function', { ReservedConcurrentExecutions: 5 });
    expect(synth({ public: 'true', reservedConcurrency: 'none' }).template.findResources('AWS::Lambda::Function', { Properties: { ReservedConcurrentExecutions: Match.anyValue() } })).toEqual({});
  });

  it('is the output URL, with the function URL behind it', () => {
    template.hasOutput('Url', { Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('^EdgeDistribution'), 'DomainName'] }, '/']] } });
    template.hasOutput('FunctionUrl', { Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiFunctionFunctionUrl'), 'FunctionUrl'] } });
  });
});

describe('what each plan accepts', () => {
  it.each(['free', 'pro'] as const)('%s: AWS-managed policies only, no price class, no standard logging, at most 5 cache behaviors and 5 web ACL rules', (plan) => {
    const { template } = onPlan[plan];
    template.resourceCountIs('AWS::CloudFront::CachePolicy', 0);
    template.resourceCountIs('AWS::CloudFront::ResponseHeadersPolicy', 0);
    template.resourceCountIs('AWS::CloudFront::OriginRequestPolicy', 0);
    template.hasResourceProperties('AWS::PricingPlanManager::Subscription', { PlanTier: plan.toUpperCase() });
    const config = distributionConfig(template);
    expect([undefined, 'PriceClass_All']).toContain(config.PriceClass);
    expect(config.Logging).toBeUndefined();
    expect(config.ForwardedValues).toBeUndefined();
    expect(1 + (config.CacheBehaviors ?? []).length).toBeLessThanOrEqual(5);
    expect(config.DefaultCacheBehavior).toMatchObject({
      CachePolicyId: ELEMENTAL_MEDIA_PACKAGE, // MinTTL 0: the function's no-store holds
      ResponseHeadersPolicyId: SECURITY_HEADERS_POLICY,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
    });
    for (const behavior of [config.DefaultCacheBehavior, ...(config.CacheBehaviors ?? [])]) {
      expect(behavior.ForwardedValues).toBeUndefined();
      for (const id of [behavior.CachePolicyId, behavior.ResponseHeadersPolicyId, behavior.OriginRequestPolicyId]) expect(id).toMatch(/^[0-9a-f-]{36}$/); // an id, not a Ref to a policy of the stack
    }
    const [acl] = Object.values(template.findResources('AWS::WAFv2::WebACL'));
    expect(acl.Properties.Rules.length).toBeLessThanOrEqual(5);
  });

  it.each(['free', 'pro', 'business', 'premium'] as const)('%s: nothing no plan takes (real-time logs, continuous deployment, field-level encryption, legacy ForwardedValues, origin access identities)', (plan) => {
    const { template } = onPlan[plan];
    for (const type of ['AWS::CloudFront::RealtimeLogConfig', 'AWS::CloudFront::ContinuousDeploymentPolicy', 'AWS::CloudFront::CloudFrontOriginAccessIdentity']) template.resourceCountIs(type, 0);
    const config = distributionConfig(template);
    expect(config.ContinuousDeploymentPolicyId).toBeUndefined();
    for (const behavior of [config.DefaultCacheBehavior, ...(config.CacheBehaviors ?? [])]) {
      expect(behavior.RealtimeLogConfigArn).toBeUndefined();
      expect(behavior.FieldLevelEncryptionId).toBeUndefined();
      expect(behavior.ForwardedValues).toBeUndefined();
    }
    for (const origin of config.Origins) expect(origin.S3OriginConfig?.OriginAccessIdentity).toBeUndefined();
  });

  it.each(['business', 'premium'] as const)('%s: a cache policy of its own on the path alone and a stricter headers policy, all edge locations', (plan) => {
    const { template } = onPlan[plan];
    template.hasResourceProperties('AWS::PricingPlanManager::Subscription', { PlanTier: plan.toUpperCase() });
    const [policy] = Object.entries(template.findResources('AWS::CloudFront::CachePolicy'));
    expect(policy[1].Properties.CachePolicyConfig).toMatchObject({
      DefaultTTL: 0,
      MinTTL: 0,
      MaxTTL: 86400,
      ParametersInCacheKeyAndForwardedToOrigin: {
        QueryStringsConfig: { QueryStringBehavior: 'none' },
        HeadersConfig: { HeaderBehavior: 'none' },
        CookiesConfig: { CookieBehavior: 'none' },
        EnableAcceptEncodingGzip: true,
        EnableAcceptEncodingBrotli: true,
      },
    });
    const [headers] = Object.keys(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const config = distributionConfig(template);
    expect(config.DefaultCacheBehavior).toMatchObject({ CachePolicyId: { Ref: policy[0] }, ResponseHeadersPolicyId: { Ref: headers }, OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER });
    expect(config.PriceClass).toBeUndefined();
    expect(config.Logging).toBeUndefined();
  });

  it('payg: the same policies of its own, and the cheapest price class (PriceClass_100)', () => {
    const config = distributionConfig(payg.template);
    payg.template.resourceCountIs('AWS::CloudFront::CachePolicy', 1);
    payg.template.resourceCountIs('AWS::CloudFront::ResponseHeadersPolicy', 1);
    expect(config.PriceClass).toBe('PriceClass_100');
    expect(config.DefaultCacheBehavior.CachePolicyId).toEqual({ Ref: expect.stringMatching(/^EdgeAnswers/) });
  });
});

describe('the public edge\'s teardown', () => {
  const idOf = (template: Template, type: string) => Object.keys(template.findResources(type))[0];

  it.each(['free', 'pro', 'business'] as const)('%s: deletes the plan\'s subscription first, then the distribution (refused while on a plan), then its web ACL', (plan) => {
    const { template } = onPlan[plan];
    const [subscription, distribution, acl] = ['AWS::PricingPlanManager::Subscription', 'AWS::CloudFront::Distribution', 'AWS::WAFv2::WebACL'].map((type) => idOf(template, type));
    const waves = deletionWaves(template);
    const wave = (id: string) => waves.findIndex((one) => one.includes(id));
    expect(wave(subscription)).toBeLessThan(wave(distribution));
    expect(wave(distribution)).toBeLessThan(wave(acl));
    // and so in every order CloudFormation may take: each depends on the next
    expect(dependsOn(template, subscription, distribution)).toBe(true);
    expect(dependsOn(template, distribution, acl)).toBe(true);
    expect(dependsOn(template, distribution, subscription)).toBe(false);
  });

  it('reads dependencies as CloudFormation does: DependsOn, Ref, Fn::GetAtt and Fn::Sub', () => {
    const template = Template.fromJSON({
      Resources: {
        A: { Type: 'T', Properties: { X: { 'Fn::Sub': 'arn:${AWS::Partition}:x:${B.Arn}' } } },
        B: { Type: 'T', Properties: { X: { 'Fn::GetAtt': ['C', 'Arn'] } } },
        C: { Type: 'T', DependsOn: 'D' },
        D: { Type: 'T', Properties: { X: { 'Fn::Sub': ['${Name}', { Name: { Ref: 'E' } }] } } },
        E: { Type: 'T' },
      },
    });
    expect(deletionWaves(template)).toEqual([['A'], ['B'], ['C'], ['D'], ['E']]);
  });
});

describe('alarms', () => {
  it('watch the function\'s errors, throttles and p99 duration near the timeout, the table\'s throttled requests, and the solver\'s errors', () => {
    const { template } = byDefault;
    template.resourceCountIs('AWS::CloudWatch::Alarm', 5);
    template.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'Errors', Namespace: 'AWS/Lambda', Dimensions: [{ Name: 'FunctionName', Value: { Ref: Match.stringLikeRegexp('^BackgroundSolverFunction') } }] });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'Errors', Namespace: 'AWS/Lambda', Statistic: 'Sum', Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'Throttles', Namespace: 'AWS/Lambda', Threshold: 1 });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'Duration', ExtendedStatistic: 'p99', Threshold: 8000, EvaluationPeriods: 2 });
    // The table's throttles: a sum over the operations the service and the loader use.
    const tableAlarm = Object.values(template.findResources('AWS::CloudWatch::Alarm')).find((alarm) => alarm.Properties.Metrics);
    expect(JSON.stringify(tableAlarm)).toMatch(/ThrottledRequests/);
    for (const operation of ['GetItem', 'BatchGetItem', 'BatchWriteItem', 'PutItem']) expect(JSON.stringify(tableAlarm)).toContain(`"${operation}"`);
    // Without an address, nothing to notify.
    template.resourceCountIs('AWS::SNS::Topic', 0);
    expect(JSON.stringify(template.findResources('AWS::CloudWatch::Alarm'))).not.toMatch(/AlarmActions/);
  });

  it('notify an encrypted, TLS-only topic that mails alarmEmail, when given, whose key CloudWatch may use for this account\'s alarms only', () => {
    const { template } = asPublic;
    template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', { PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) } });
    template.hasResource('AWS::KMS::Key', { DeletionPolicy: 'Delete', Properties: Match.objectLike({ PendingWindowInDays: 7 }) }); // nothing kept with it
    template.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'cloudwatch.amazonaws.com' }, Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } } }),
        ]),
      },
    });
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm'));
    expect(alarms).toHaveLength(5);
    for (const alarm of alarms) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: expect.stringMatching(/^AlarmsTopic/) }]);
  });
});

describe('the tables built at deploy', () => {
  // the load's figures are those of the three puzzles' tables (a tiny table more is a whole Scan more of the checks)
  const ofThree = (context: Record<string, unknown> = {}) => synth(context, { registry: threePuzzles, loads: threePuzzlesLoads });
  const loaderOf = (template: Template) => Object.entries(template.findResources('AWS::Lambda::Function')).filter(([id]) => id.startsWith('LoaderFunction')).map(([, resource]) => resource);

  it('are loaded by a function of its own, Node.js 24 on arm64, sized by the load\'s plan, stopping 90 s before its 14 minutes', () => {
    const [loader] = loaderOf(byDefault.template);
    expect(loader.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], MemorySize: 1769, Timeout: 840, Handler: 'index.handler' });
    expect(loader.Properties.Environment.Variables).toEqual({ NODE_OPTIONS: '--enable-source-maps', READ_UNITS_PER_SECOND: '500', STOP_BEFORE_TIMEOUT_SECONDS: '90', TABLE_NAME: { Ref: expect.stringMatching(/^AnswersTable/) } });
    // three whole knights spaces: one built at a time, in the memory one needs
    const whole = ofThree({ load: '--knights-depth 39 --goal mine=10110/01*11/10111/01001/00000 --goal far=01000/10100/11000/0111*/11011' });
    expect(loaderOf(whole.template)[0].Properties).toMatchObject({
      Environment: { Variables: { LOAD_OPTIONS: '--knights-depth 39 --goal mine=10110/01*11/10111/01001/00000 --goal far=01000/10100/11000/0111*/11011' } },
    });
    expect(loaderOf(whole.template)[0].Properties.MemorySize).toBeGreaterThan(1892);
    expect(loaderOf(synth({ load: '--knights-depth 39', loaderMemory: '4096' }).template)[0].Properties.MemorySize).toBe(4096);
  });

  it('are run by the provider framework once the table exists, the loader its onEvent and its isComplete, for an hour at most, again when the loader or the load changes', () => {
    const { template } = byDefault;
    template.resourceCountIs('Custom::TablebaseLoad', 1);
    const [load] = Object.values(template.findResources('Custom::TablebaseLoad'));
    expect(load.Properties).toMatchObject({ ServiceTimeout: '3600', Load: '', Table: { Ref: expect.stringMatching(/^AnswersTable/) }, Loader: { 'Fn::GetAtt': [expect.stringMatching(/^LoaderFunctionCurrentVersion/), 'Version'] } });
    // both of the framework's handlers invoke this deploy's version of the loader; the waiter asks every 10 s, 360 times (an hour)
    for (const framework of ['LoaderProviderframeworkonEvent', 'LoaderProviderframeworkisComplete']) {
      const [fn] = Object.entries(template.findResources('AWS::Lambda::Function')).filter(([id]) => id.startsWith(framework));
      expect(JSON.stringify(fn[1].Properties.Environment.Variables)).toMatch(/"USER_ON_EVENT_FUNCTION_ARN":{"Ref":"LoaderFunctionCurrentVersion[0-9A-Fa-f]+"}|"USER_IS_COMPLETE_FUNCTION_ARN":{"Ref":"LoaderFunctionCurrentVersion[0-9A-Fa-f]+"}/);
    }
    const [machine] = Object.values(template.findResources('AWS::StepFunctions::StateMachine'));
    expect(JSON.stringify(machine.Properties.DefinitionString)).toContain('\\"IntervalSeconds\\":10,\\"MaxAttempts\\":360');
  });

  it('are left to npm run precompute with loadTables=false', () => {
    const { template } = synth({ loadTables: 'false' });
    template.resourceCountIs('Custom::TablebaseLoad', 0);
    template.resourceCountIs('AWS::StepFunctions::StateMachine', 0);
    expect(loaderOf(template)).toEqual([]);
  });

  it('are estimated at synth: the load\'s time, runs and cost in an annotation', () => {
    const infosOf = (app: App) => app.synth().getStackByName('Tablebase').messages.filter((message) => message.level === 'info').map((message) => String(message.entry.data));
    expect(infosOf(ofThree().app)).toEqual([expect.stringMatching(/^The deploy's load: 3 tables \(knights#standard, eight, fifteen\): about 6,533 pages, .* estimated .* in 1 run of the loader at 1,769 MB .* about \$0\.0\d/)]);
    // the service's own: every table of its default load
    const tables = tableSpecs(loads, undefined, {}).map((spec) => spec.table);
    expect(infosOf(byDefault.app)).toEqual([expect.stringContaining(`The deploy's load: ${tables.length} tables (${tables.join(', ')}): about `)]);
  });

  it.each([
    // four whole spaces, one after another: past the hour
    [{ load: '--knights-depth 39 --goal a=11111/01111/0*011/00001/00000 --goal b=11111/01111/*0011/00001/00000 --goal c=11111/01111/0011*/00001/00000' }, /^Context load: the deploy cannot load this: it would take about \d+ minutes in \d+ runs of the loader, past the 48 minutes a deploy allows it .* npm run precompute -- --table <the TableName output> --region <the stack's region> --knights-depth 39 --goal a=/],
    [{ load: '--knights-depth 39', loaderMemory: '2048' }, /^Context load: the deploy cannot load this: the loader's memory of 2,048 MB is too small for these tables: the 1 it builds at once peak at about 1,892 MB; give loaderMemory=2752 or more/],
    [{ loaderMemory: 'lots' }, /^Context loaderMemory must be the loader's memory in MB, a whole number from 128 to 10240; got "lots"\.$/],
  ])('refuses a load it could not finish: %j', (context, message) => {
    expect(() => synth(context)).toThrow(message);
  });

  it('takes any load with loadTables=false: it is loaded from a machine instead', () => {
    expect(() => synth({ loadTables: 'false', load: '--knights-depth 39 --goal a=11111/01111/0*011/00001/00000 --goal b=11111/01111/*0011/00001/00000 --goal c=11111/01111/0011*/00001/00000' })).not.toThrow();
  });
});

describe('warnings at synth', () => {
  const warnings = (app: App) => app.synth().getStackByName('Tablebase').messages.filter((message) => message.level === 'warning').map((message) => String(message.entry.data));

  it('warn of pay-as-you-go without reserved concurrency, with the worst case, and of nothing else', () => {
    expect(warnings(payg.app)).toEqual([expect.stringMatching(/^edgePlan=payg without reservedConcurrency: nothing bounds the function's bill .* about \$68,000 a month .* Set -c reservedConcurrency=N/)]);
    expect(warnings(synth({ public: 'true', edgePlan: 'payg', reservedConcurrency: '10' }).app)).toEqual([]);
    expect(warnings(byDefault.app)).toEqual([]);
  });

  it('say what to set when the CDK CLI found no credentials, and nothing when it did or when it is not the CLI', () => {
    expect(credentialsWarning({ CDK_DEFAULT_REGION: 'us-east-1' })).toMatch(/^No AWS credentials were found, so no account: cdk synth needs none, but cdk bootstrap and cdk deploy do\. Set AWS_PROFILE .* AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/);
    expect(credentialsWarning({ CDK_DEFAULT_REGION: 'us-east-1', CDK_DEFAULT_ACCOUNT: '123456789012' })).toBeUndefined();
    expect(credentialsWarning({})).toBeUndefined();
  });
});

describe('the dashboard', () => {
  it('shows the answers by source, the table\'s share, latency by source, refusals and 503s, and the alarms', () => {
    const [dashboard] = Object.values(byDefault.template.findResources('AWS::CloudWatch::Dashboard'));
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const source of ['table', 'search', 'kept', 'cache', 'mixed']) expect(body).toContain(`\\"Source\\",\\"${source}\\"`);
    for (const name of ['Requests', 'Latency', 'Refusals', 'Unavailable']) expect(body).toContain(`\\"tablebase\\",\\"${name}\\"`);
    expect(body).toContain('100 * (FILL(table, 0) + FILL(kept, 0) + FILL(cache, 0)) / (FILL(table, 0) + FILL(search, 0) + FILL(kept, 0) + FILL(cache, 0) + FILL(mixed, 0))');
    expect(body).toMatch(/alarms/);
    expect((body.match(/FunctionErrors|FunctionThrottles|FunctionDuration|TableThrottles|Alarms[A-Za-z]*Alarm/g) ?? []).length).toBeGreaterThan(0);
  });
});

describe('settings', () => {
  it.each([
    [{ removalPolicy: 'snapshot' }, /removalPolicy must be "retain" or "destroy"/],
    [{ public: 'yes' }, /public must be "true" or "false"/],
    [{ reservedConcurrency: '0' }, /reservedConcurrency must be a whole number of at least 1/],
    [{ public: 'true', allowedOrigins: 'https://example.com' }, /allowedOrigins is gone: every answer allows any origin/],
    [{ webAclArn: WEB_ACL }, /webAclArn guards the public edge: give it with public=true/],
    [{ edgePlan: 'payg' }, /edgePlan prices the public edge: give it with public=true/],
    [{ public: 'true', edgePlan: 'FREE' }, /edgePlan must be "free", "pro", "business", "premium", "payg"; got "FREE"/],
    [{ public: 'true', webAclArn: 'arn:aws:wafv2:eu-west-1:123456789012:regional/webacl/x/y' }, /webAclArn must be the ARN of a WAF web ACL for CloudFront/],
    [{ reservedConcurrency: 'lots' }, /reservedConcurrency must be a whole number of at least 1, or "none"/],
    [{ alarmEmail: 'ops' }, /alarmEmail must be an e-mail address; got "ops"/],
    [{ loadTables: 'no' }, /loadTables must be "true" or "false"/],
    [{ load: '--knights-depth 64' }, /Context load: --knights-depth must be a whole number from 0 to 63; got "64"/],
    [{ load: '--goal Mine=10110/01*11/10111/01001/00000' }, /Context load: --goal Mine=.*the name is wrong/],
    [{ load: '--goal mine' }, /--goal takes NAME=BOARD/],
    [{ load: '--tables chess' }, /Context load: --tables: there is no table "chess"/],
    [{ load: '--depth 3' }, /Context load: Unknown option '--depth'.* The load options are --tables, --goal, --knights-depth\./],
    [{ knightsDepth: '39' }, /Context knightsDepth is gone: give the load's options as npm run precompute takes them, in the one setting load/],
    [{ pubilc: 'true' }, /^Context pubilc is not a setting of this stack; did you mean public\? The settings are removalPolicy, public, edgePlan, webAclArn, reservedConcurrency, alarmEmail, loadTables, load, loaderMemory\.$/],
    [{ Load: '--tables eight' }, /^Context Load is not a setting of this stack; did you mean load\?/],
    [{ region: 'eu-west-1' }, /^Context region is not a setting of this stack\. The settings are /],
  ])('refuses %j', (context, message) => {
    expect(() => synth(context)).toThrow(message);
  });
});

describe('cdk-nag AwsSolutions checks', () => {
  it('find nothing, private or public', () => {
    for (const { app } of [byDefault, asPublic, guarded, payg]) {
      expect(new AwsSolutionsChecks().validateScope(app).violations).toEqual([]);
    }
  });
});
