/**
 * The public edge: a CloudFront distribution in front of the function's URL, which stays on
 * AWS_IAM. CloudFront signs its requests to the URL (a Lambda origin access control, named per
 * region so that the stack can stand in two regions of one account), so that only this
 * distribution may invoke the function; the page and the API are served on one origin.
 *
 * Its cost has a ceiling. By default the distribution is on CloudFront's flat-rate Free plan
 * (AWS::PricingPlanManager::Subscription): no overage, past the plan's allowance traffic is
 * throttled, not billed. A plan requires a WAF web ACL of the distribution's own; this one counts
 * each client address's requests and blocks an address past EDGE_RATE_LIMIT in five minutes.
 * Where no plan can be had, `edgePlan=payg` keeps the same web ACL on pay-as-you-go.
 *
 * Where it lives: the plan's service (PricingPlanManager) answers in us-east-1 only, and a web ACL
 * for CloudFront must be created in us-east-1. Rather than a second, us-east-1 stack joined to this
 * one by cross-region references (SSM parameters written by custom resources, both stacks pinned
 * to an account and region, so no `cdk synth` without credentials, and the subscription needing
 * the distribution while the distribution needs the web ACL: references both ways), the public
 * edge asks for the whole stack in us-east-1. The template carries a rule (EdgeRegion) that makes
 * CloudFormation refuse it anywhere else, before it creates anything, with a sentence that says
 * so. The function and the table then live there too; the edge is global, and most answers come
 * from its cache. Only a pay-as-you-go edge with a web ACL given by ARN (`webAclArn`, made
 * elsewhere) creates nothing in us-east-1, and may stand anywhere.
 *
 * It caches what the function says may be kept (lambda/cache-control.ts: answers a day, /stats
 * seconds, /health and 503s never), keyed on each puzzle's own query fields in a normal order
 * (lib/edge-query.ts, applied by a viewer-request function) and nothing else (no cookie, no
 * header, never the viewer's Host, which a URL origin refuses). A response headers policy adds
 * HSTS, frame-ancestors, nosniff and a referrer policy. A deploy of new code invalidates the
 * cache, so that no answer of an older version is served after the deploy.
 */
import { Aws, CfnRule, Duration, Fn, Names, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  CachedMethods,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  FunctionUrlOriginAccessControl,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { FunctionUrlOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction, IFunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { CfnSubscription } from 'aws-cdk-lib/aws-pricingplanmanager';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { allQueryFields, normaliseQueryCode } from './edge-query';
import { FUNCTION_TIMEOUT_SECONDS } from './function-defaults';
import { FUNCTION_LOG_RETENTION } from './tablebase-function';

/** The longest the edge keeps anything, whatever the function says: the answers' day. */
export const EDGE_MAX_TTL = Duration.days(1);

/** Requests one client address may make in EDGE_RATE_WINDOW before the web ACL blocks it (403) until its rate falls. */
export const EDGE_RATE_LIMIT = 500;
export const EDGE_RATE_WINDOW = Duration.minutes(5);

/** The only region where the plan's subscription and a CloudFront web ACL can be created. */
export const EDGE_REGION = 'us-east-1';

/** How the edge is billed: a flat-rate plan (no overage) or pay-as-you-go. */
export type EdgePlan = 'free' | 'pro' | 'business' | 'premium' | 'payg';
export const EDGE_PLANS: readonly EdgePlan[] = ['free', 'pro', 'business', 'premium', 'payg'];

export interface TablebaseEdgeProps {
  readonly url: IFunctionUrl;
  /** The function behind it: a new version of it invalidates the cache. */
  readonly function: IFunction & { readonly currentVersion: { readonly version: string } };
  /** Each puzzle's path and its query fields (lib/edge-query.ts queryFieldsByPath): what the cache keys on. */
  readonly queryFields: Readonly<Record<string, readonly string[]>>;
  /**
   * The pricing of the edge.
   * @default 'free': CloudFront's flat-rate Free plan
   */
  readonly plan?: EdgePlan;
  /**
   * A WAF web ACL (scope CLOUDFRONT, created in us-east-1) to attach, by ARN, instead of the edge's own.
   * @default - the edge's own web ACL, with its rate-based rule
   */
  readonly webAclArn?: string;
}

export class TablebaseEdge extends Construct {
  readonly distribution: Distribution;
  /** The web ACL the edge creates, unless one was given by ARN. */
  readonly webAcl: CfnWebACL | undefined;
  /** The flat-rate plan's subscription, unless pay-as-you-go. */
  readonly subscription: CfnSubscription | undefined;

  constructor(scope: Construct, id: string, props: TablebaseEdgeProps) {
    super(scope, id);
    const plan = props.plan ?? 'free';

    this.webAcl = props.webAclArn === undefined ? this.rateLimitedWebAcl() : undefined;
    const webAclArn = props.webAclArn ?? this.webAcl!.attrArn;

    const cachePolicy = new CachePolicy(this, 'Answers', {
      comment: 'tablebase: the puzzles\' own query fields are the question; no other parameter, header or cookie is',
      queryStringBehavior: CacheQueryStringBehavior.allowList(...allQueryFields(props.queryFields)),
      headerBehavior: CacheHeaderBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      // What the function says (Cache-Control), up to a day; nothing it does not say may be kept.
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: EDGE_MAX_TTL,
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // Each path's own fields, in order, encoded as the origin access control's signature encodes them.
    const normaliseQuery = new EdgeFunction(this, 'Query', {
      comment: 'tablebase: keeps each puzzle\'s own query fields, sorted and encoded as SigV4 does',
      code: FunctionCode.fromInline(normaliseQueryCode(props.queryFields)),
      runtime: FunctionRuntime.JS_2_0,
    });
    const headers = new ResponseHeadersPolicy(this, 'Headers', {
      // Its names are the account's, in every region: this one's says its region, as the cache policy's and the function's do.
      responseHeadersPolicyName: `${Names.uniqueResourceName(this, { maxLength: 48 })}-Headers-${Aws.REGION}`,
      comment: 'tablebase: HSTS, no framing, nosniff, no referrer',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        // The page's own policy (lambda/page/serve.ts) says frame-ancestors too; this one fills in for every other answer.
        contentSecurityPolicy: { contentSecurityPolicy: "frame-ancestors 'none'", override: false },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
      },
    });
    // CDK's default name has no region, and an origin access control is global: a second region's stack would collide.
    const access = new FunctionUrlOriginAccessControl(this, 'Access', {
      originAccessControlName: `${Names.uniqueResourceName(this, { maxLength: 40 })}-Access-${Aws.REGION}`, // at most 64 characters
      description: 'tablebase: CloudFront signs its requests to the function URL',
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'tablebase: the page and the API, cached',
      defaultBehavior: {
        origin: FunctionUrlOrigin.withOriginAccessControl(props.url, { originAccessControl: access, readTimeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS + 5) }),
        allowedMethods: AllowedMethods.ALLOW_ALL, // POST carries batches and judge input (never cached)
        cachedMethods: CachedMethods.CACHE_GET_HEAD,
        cachePolicy,
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: normaliseQuery, eventType: FunctionEventType.VIEWER_REQUEST }],
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        compress: true,
      },
      // CloudFront keeps 5xx answers 10 s by default whatever Cache-Control says: a 503 not at all.
      errorResponses: [500, 502, 503, 504].map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) })),
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      webAclId: webAclArn,
    });

    // The plan covers exactly one distribution and one web ACL. Free is active at once; a paid tier
    // waits in PENDING_APPROVAL until approved outside CloudFormation. Deleting a Free plan ends it at once.
    this.subscription =
      plan === 'payg'
        ? undefined
        : new CfnSubscription(this, 'Plan', {
            planFamily: 'CloudFront',
            planTier: plan.toUpperCase(),
            resourceArns: [this.distribution.distributionArn, webAclArn],
          });

    if (this.webAcl || this.subscription) {
      new CfnRule(this, 'Region', {
        assertions: [
          {
            assert: Fn.conditionEquals(Aws.REGION, EDGE_REGION),
            assertDescription: `The public edge's web ACL and its CloudFront plan can only be created in ${EDGE_REGION}: deploy this stack there (AWS_REGION=${EDGE_REGION} npx cdk deploy), or choose -c edgePlan=payg with -c webAclArn=ARN of a web ACL made there.`,
          },
        ],
      });
    }

    // A new version of the function may answer with more fields: forget what the old one said.
    const version = props.function.currentVersion.version;
    new AwsCustomResource(this, 'InvalidateOnDeploy', {
      onUpdate: {
        service: 'CloudFront',
        action: 'createInvalidation',
        parameters: {
          DistributionId: this.distribution.distributionId,
          InvalidationBatch: { CallerReference: `tablebase-${version}`, Paths: { Quantity: 1, Items: ['/*'] } },
        },
        physicalResourceId: PhysicalResourceId.of(`tablebase-invalidation-${version}`),
      },
      policy: AwsCustomResourcePolicy.fromStatements([new PolicyStatement({ actions: ['cloudfront:CreateInvalidation'], resources: [this.distribution.distributionArn] })]),
      installLatestAwsSdk: false,
      // CDK's own function for it logs here, for as long as the stack's functions do, not forever.
      logGroup: new LogGroup(this, 'InvalidationLogs', { retention: FUNCTION_LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY }),
    });

    // The invalidation's function is CDK's own singleton, beside this construct in the stack.
    Validations.of(Stack.of(this)).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: "CDK's AwsCustomResource function (the cache invalidation on deploy) writes its logs with this managed policy; the stack's own roles use none.",
    });
    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'The puzzles are for everyone: no country is kept out.' },
      { id: 'AwsSolutions-CFR3', reason: 'Every request is logged by the function (one JSON line each, with route, status, source and latency); CloudFront standard logs would repeat them at a cost.' },
      { id: 'AwsSolutions-CFR4', reason: 'The default *.cloudfront.net certificate: the distribution has no domain of its own, and CloudFront then allows only its default TLS policy.' },
    );
  }

  /** A web ACL for CloudFront that lets everything through but a client address past its rate. */
  private rateLimitedWebAcl(): CfnWebACL {
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName });
    return new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: `tablebase: at most ${EDGE_RATE_LIMIT} requests per client address in ${EDGE_RATE_WINDOW.toMinutes()} minutes`,
      defaultAction: { allow: {} },
      visibilityConfig: visibility('tablebase-edge'),
      rules: [
        {
          name: 'RequestsPerClientAddress',
          priority: 0,
          action: { block: {} },
          statement: { rateBasedStatement: { aggregateKeyType: 'IP', limit: EDGE_RATE_LIMIT, evaluationWindowSec: EDGE_RATE_WINDOW.toSeconds() } },
          visibilityConfig: visibility('tablebase-requests-per-client-address'),
        },
      ],
    });
  }
}
