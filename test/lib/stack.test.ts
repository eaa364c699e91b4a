import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '../../lib/feature-flags';
import { TablebaseStack } from '../../lib/tablebase-stack';
import { TABLE_MAX_READ_UNITS } from '../../lib/tablebase-table';
import { loadChoices } from '../../puzzles/registry';

const loads = await loadChoices();

/** The stack as `cdk synth` makes it (cdk.json's feature flags), without bundling (test/lib/bundle.test.ts builds and runs the bundle itself). */
function synth(context: Record<string, unknown> = {}) {
  const app = new App({ context: { ...FEATURE_FLAGS, 'aws:cdk:bundling-stacks': [], ...context } });
  const stack = new TablebaseStack(app, 'Tablebase', { loads });
  return { app, stack, template: Template.fromStack(stack) };
}

type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

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
      MemorySize: 1024,
      Timeout: 10,
      Handler: 'index.handler',
      LoggingConfig: Match.objectLike({ LogFormat: 'JSON' }),
      Environment: { Variables: { NODE_OPTIONS: '--enable-source-maps', TABLE_NAME: { Ref: Match.stringLikeRegexp('^AnswersTable') } } },
    });
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });

  it('reserves no concurrency unless asked, privately', () => {
    expect(template.findResources('AWS::Lambda::Function', { Properties: { ReservedConcurrentExecutions: Match.anyValue() } })).toEqual({});
    synth({ reservedConcurrency: '5' }).template.hasResourceProperties('AWS::Lambda::Function', { ReservedConcurrentExecutions: 5 });
  });
});

describe('permissions', () => {
  it('allow the API reading the table with GetItem and BatchGetItem and writing the function logs, nothing else', () => {
    const all = statements(byDefault.template, 'ApiRole');
    expect(actionsOf(all)).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'logs:CreateLogStream', 'logs:PutLogEvents']);
    expect(all.every((statement) => statement.Effect === 'Allow')).toBe(true);
    const read = all.find((statement) => [statement.Action].flat().includes('dynamodb:GetItem'))!;
    expect(read.Resource).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^AnswersTable/), 'Arn'] });
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
    const json = JSON.stringify(byDefault.template.findResources('AWS::IAM::Policy'));
    expect(json).not.toMatch(/"\*"|:\*"|dynamodb:\*/);
    for (const [id, role] of Object.entries(byDefault.template.findResources('AWS::IAM::Role'))) {
      // CDK's own trigger provider keeps AWSLambdaBasicExecutionRole; the stack's roles have none
      if (!id.startsWith('AWSCDKTrigger')) expect(role.Properties.ManagedPolicyArns, id).toBeUndefined();
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

  it('caches by every query string and nothing else, up to a day, forwarding all but the Host header', () => {
    template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: {
        DefaultTTL: 0,
        MinTTL: 0,
        MaxTTL: 86400,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({ QueryStringsConfig: { QueryStringBehavior: 'all' }, HeadersConfig: { HeaderBehavior: 'none' }, CookiesConfig: { CookieBehavior: 'none' } }),
      },
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          AllowedMethods: Match.arrayWith(['GET', 'HEAD', 'POST']),
          CachedMethods: ['GET', 'HEAD'],
          ViewerProtocolPolicy: 'redirect-to-https',
          OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // AllViewerExceptHostHeader
        }),
        // a 5xx is kept 10 s by CloudFront unless told otherwise: not at all
        CustomErrorResponses: [500, 502, 503, 504].map((code) => ({ ErrorCode: code, ErrorCachingMinTTL: 0 })),
      }),
    });
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

  it('caps the function\'s concurrency (10 by default, none on request) and attaches a web ACL when given', () => {
    template.hasResourceProperties('AWS::Lambda::Function', { ReservedConcurrentExecutions: 5 });
    guarded.template.hasResourceProperties('AWS::Lambda::Function', { ReservedConcurrentExecutions: 10 });
    expect(synth({ public: 'true', reservedConcurrency: 'none' }).template.findResources('AWS::Lambda::Function', { Properties: { ReservedConcurrentExecutions: Match.anyValue() } })).toEqual({});
    guarded.template.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ WebACLId: WEB_ACL }) });
    template.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ WebACLId: Match.absent() }) });
  });

  it('is the output URL, with the function URL behind it', () => {
    template.hasOutput('Url', { Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('^EdgeDistribution'), 'DomainName'] }, '/']] } });
    template.hasOutput('FunctionUrl', { Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiFunctionFunctionUrl'), 'FunctionUrl'] } });
  });
});

describe('alarms', () => {
  it('watch the function\'s errors, throttles and p99 duration near the timeout, and the table\'s throttled requests', () => {
    const { template } = byDefault;
    template.resourceCountIs('AWS::CloudWatch::Alarm', 4);
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
    template.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'cloudwatch.amazonaws.com' }, Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } } }),
        ]),
      },
    });
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm'));
    expect(alarms).toHaveLength(4);
    for (const alarm of alarms) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: expect.stringMatching(/^AlarmsTopic/) }]);
  });
});

describe('the tables built at deploy', () => {
  const loaderOf = (template: Template) => Object.entries(template.findResources('AWS::Lambda::Function')).filter(([id]) => id.startsWith('LoaderFunction')).map(([, resource]) => resource);

  it('are loaded by a function of its own, Node.js 24 on arm64, sized for the depth, with 13 minutes', () => {
    const [loader] = loaderOf(byDefault.template);
    expect(loader.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], MemorySize: 1769, Timeout: 780, Handler: 'index.handler' });
    expect(loader.Properties.Environment.Variables).toEqual({ NODE_OPTIONS: '--enable-source-maps', TABLE_NAME: { Ref: expect.stringMatching(/^AnswersTable/) } });
    const whole = synth({ load: '--knights-depth 39 --goal mine=10110/01*11/10111/01001/00000 --goal far=01000/10100/11000/0111*/11011' });
    expect(loaderOf(whole.template)[0].Properties).toMatchObject({
      MemorySize: 3008,
      Environment: { Variables: { LOAD_OPTIONS: '--knights-depth 39 --goal mine=10110/01*11/10111/01001/00000 --goal far=01000/10100/11000/0111*/11011' } },
    });
  });

  it('run by a trigger once the table exists, waiting for it longer than it runs and less than its provider may', () => {
    const { template } = byDefault;
    template.resourceCountIs('Custom::Trigger', 1);
    template.hasResourceProperties('Custom::Trigger', { InvocationType: 'RequestResponse', Timeout: '840000', ExecuteOnHandlerChange: true, HandlerArn: { Ref: Match.stringLikeRegexp('^LoaderFunctionCurrentVersion') } });
    const [trigger] = Object.values(template.findResources('Custom::Trigger'));
    expect(trigger.DependsOn).toEqual(expect.arrayContaining([expect.stringMatching(/^AnswersTable/)]));
  });

  it('are left to npm run precompute with loadTables=false', () => {
    const { template } = synth({ loadTables: 'false' });
    template.resourceCountIs('Custom::Trigger', 0);
    expect(loaderOf(template)).toEqual([]);
  });
});

describe('the dashboard', () => {
  it('shows the answers by source, the table\'s share, latency by source, refusals and 503s, and the alarms', () => {
    const [dashboard] = Object.values(byDefault.template.findResources('AWS::CloudWatch::Dashboard'));
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const source of ['table', 'search', 'cache', 'mixed']) expect(body).toContain(`\\"Source\\",\\"${source}\\"`);
    for (const name of ['Requests', 'Latency', 'Refusals', 'Unavailable']) expect(body).toContain(`\\"tablebase\\",\\"${name}\\"`);
    expect(body).toContain('100 * (FILL(table, 0) + FILL(cache, 0)) / (FILL(table, 0) + FILL(search, 0) + FILL(cache, 0) + FILL(mixed, 0))');
    expect(body).toMatch(/alarms/);
    expect((body.match(/FunctionErrors|FunctionThrottles|FunctionDuration|TableThrottles|Alarms[A-Za-z]*Alarm/g) ?? []).length).toBeGreaterThan(0);
  });
});

describe('settings', () => {
  it.each([
    [{ removalPolicy: 'snapshot' }, /removalPolicy must be "retain" or "destroy"/],
    [{ public: 'yes' }, /public must be "true" or "false"/],
    [{ reservedConcurrency: '0' }, /reservedConcurrency must be a whole number of at least 1/],
    [{ public: 'true', allowedOrigins: 'https://example.com' }, /allowedOrigins is gone: with public=true the page and the API share one origin/],
    [{ webAclArn: WEB_ACL }, /webAclArn guards the public edge: give it with public=true/],
    [{ public: 'true', webAclArn: 'arn:aws:wafv2:eu-west-1:123456789012:regional/webacl/x/y' }, /webAclArn must be the ARN of a WAF web ACL for CloudFront/],
    [{ reservedConcurrency: 'lots' }, /reservedConcurrency must be a whole number of at least 1, or "none"/],
    [{ alarmEmail: 'ops' }, /alarmEmail must be an e-mail address; got "ops"/],
    [{ loadTables: 'no' }, /loadTables must be "true" or "false"/],
    [{ load: '--knights-depth 64' }, /Context load: --knights-depth must be a whole number from 0 to 63; got "64"/],
    [{ load: '--goal Mine=10110/01*11/10111/01001/00000' }, /Context load: --goal Mine=.*the name is wrong/],
    [{ load: '--goal mine' }, /--goal takes NAME=BOARD/],
    [{ load: '--goals chess' }, /Context load: --goals: there is no table "chess"/],
    [{ load: '--depth 3' }, /Context load: Unknown option '--depth'.* The load options are --goals, --goal, --knights-depth\./],
    [{ knightsDepth: '39' }, /Context knightsDepth is gone: give the load's options as npm run precompute takes them, in the one setting load/],
  ])('refuses %j', (context, message) => {
    expect(() => synth(context)).toThrow(message);
  });
});

describe('cdk-nag AwsSolutions checks', () => {
  it('find nothing, private or public', () => {
    for (const { app } of [byDefault, asPublic, guarded]) {
      expect(new AwsSolutionsChecks().validateScope(app).violations).toEqual([]);
    }
  });
});
