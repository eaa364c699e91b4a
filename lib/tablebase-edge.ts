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
 * seconds, /health and 503s never), keyed on the path alone: a viewer-request function
 * (lib/edge-query.ts) writes each puzzle's own query fields, in a normal order, into the path
 * (`/<puzzle>/~<base64url>`) and empties the query string, and the function reads the question
 * back from there (lambda/edge-question.ts). What a plan accepts decides the rest: on the Free and
 * Pro plans only AWS-managed policies (cache, response headers, origin request), no price class
 * and no standard logging; on Business, Premium and pay-as-you-go a cache policy of its own on the
 * path alone and a stricter headers policy. A deploy of new code invalidates the cache, so that
 * no answer of an older version is served after the deploy.
 *
 * Teardown: a distribution still on a plan cannot be deleted (HTTP 412). The subscription names
 * the distribution's ARN (a Ref to it), so CloudFormation deletes the subscription first, then
 * the distribution, then its web ACL, which the distribution names.
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
  type ICachePolicy,
  type IResponseHeadersPolicy,
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
import { ignoreCfnLint } from './cfn-lint';
import { normaliseQueryCode } from './edge-query';
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

/**
 * The plans that take AWS-managed policies only: no cache policy, origin request policy or
 * response headers policy of one's own, no price class, no standard logging (the API refuses them:
 * "Distributions with the Free pricing plan can't have the following features: Custom cache
 * policy"). They also allow at most 5 cache behaviors and 5 web ACL rules.
 */
export const MANAGED_ONLY_PLANS: readonly EdgePlan[] = ['free', 'pro'];

/**
 * 5xx statuses CloudFront would otherwise keep 10 s whatever the origin says: not at all. Not 429
 * (Lambda's throttle, without Cache-Control): CloudFront takes error-caching settings for 400,
 * 403, 404, 405, 414, 416 and 500 to 504 only (the template's schema refuses any other code), and
 * 429 is not among the statuses it caches.
 */
export const UNCACHED_ERRORS = [500, 502, 503, 504] as const;

export interface TablebaseEdgeProps {
  readonly url: IFunctionUrl;
  /** The function behind it: a new version of it invalidates the cache. */
  readonly function: IFunction & { readonly currentVersion: { readonly version: string } };
  /** Each puzzle's path and its query fields (lib/edge-query.ts queryFieldsByPath): what the viewer-request function keeps and writes into the path. */
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

    const managedOnly = MANAGED_ONLY_PLANS.includes(plan);
    const { cachePolicy, headers } = managedOnly ? this.managedPolicies() : this.policiesOfItsOwn();
    // Each path's own fields, in order, encoded as the origin access control's signature encodes them, into the path.
    const normaliseQuery = new EdgeFunction(this, 'Query', {
      comment: 'tablebase: writes each puzzle\'s own query fields, sorted and encoded as SigV4 does, into the path',
      code: FunctionCode.fromInline(normaliseQueryCode(props.queryFields)),
      runtime: FunctionRuntime.JS_2_0,
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
        // the viewer's Host would reach the URL, which answers only to its own
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: normaliseQuery, eventType: FunctionEventType.VIEWER_REQUEST }],
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        compress: true,
      },
      // CloudFront keeps 5xx answers 10 s by default whatever Cache-Control says: a 503 not at all.
      errorResponses: UNCACHED_ERRORS.map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) })),
      httpVersion: HttpVersion.HTTP2_AND_3,
      // On a flat-rate plan a price class saves nothing, and Free and Pro refuse one: CloudFront's default (all edge locations).
      priceClass: plan === 'payg' ? PriceClass.PRICE_CLASS_100 : undefined,
      // No standard logging (Free and Pro refuse it): the function logs every request (CFR3 below).
      webAclId: webAclArn,
    });

    // The plan covers exactly one distribution and one web ACL. Free is active at once; a paid tier
    // waits in PENDING_APPROVAL until approved outside CloudFormation. Deleting a Free plan ends it at
    // once; a paid plan's ends with its billing period, and the distribution can be deleted only then.
    this.subscription =
      plan === 'payg'
        ? undefined
        : new CfnSubscription(this, 'Plan', {
            planFamily: 'CloudFront',
            planTier: plan.toUpperCase(),
            resourceArns: [this.distribution.distributionArn, webAclArn],
          });
    if (this.subscription) {
      // Teardown: CloudFront will not delete a distribution still on a plan (HTTP 412). The subscription's Ref to the
      // distribution (its ARN) makes CloudFormation delete the subscription first (test/lib/stack.test.ts checks the order).
      // cfn-lint 1.51's resource specification predates AWS::PricingPlanManager::Subscription (E3006: "does not exist in us-east-1").
      // Acknowledged on this resource alone, in the template, so that every other check still runs on it and E3006 on every other resource.
      ignoreCfnLint(this.subscription, 'E3006');
    }

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

  /**
   * The Free and Pro plans' policies: AWS-managed ones alone.
   *
   * The cache policy is Elemental-MediaPackage's: of the managed ones, the only one whose minimum
   * TTL is 0 and whose key holds no Host. A minimum TTL over 0 overrides the function's no-store
   * ("If your minimum TTL is greater than 0, CloudFront will cache content for at least the
   * duration specified in the cache policy's minimum TTL, even if the Cache-Control: no-cache,
   * no-store, or private directives are present", the developer guide's "Understand cache
   * policies"), so CachingOptimized (MinTTL 1 s) would keep a 503 or /health. The ones with
   * MinTTL 0 and a key, UseOriginCacheControlHeaders(-QueryStrings) and Amplify (MinTTL 2 s
   * besides), put Host in the cache key ("Use managed cache policies"), and a cache key's headers
   * are forwarded to the origin: a Function URL addressed through an origin access control needs
   * its own Host, which is why AllViewerExceptHostHeader exists. MediaPackage's keys on the path,
   * the header Origin (the viewer-request function deletes it on GET and HEAD, the only methods
   * cached) and the query strings aws.manifestfilter, start, end and m (the function empties every
   * query string): so on the path alone. Its default TTL of a day applies only to a response
   * without Cache-Control, and the function sends one on every response (lambda/http.ts
   * resultFromResponse); 5xx answers are kept 0 s (errorResponses), and a 429 of Lambda's (no
   * Cache-Control) is not among the statuses CloudFront caches.
   *
   * The response headers policy is SecurityHeadersPolicy (HSTS, X-Frame-Options SAMEORIGIN,
   * nosniff, a referrer policy), laxer than the one of our own the other plans get; the page's
   * own Content-Security-Policy says frame-ancestors 'none' (lambda/web-page/serve.ts) and every
   * response of the function says nosniff (lambda/http.ts).
   */
  private managedPolicies(): { cachePolicy: ICachePolicy; headers: IResponseHeadersPolicy } {
    return { cachePolicy: CachePolicy.ELEMENTAL_MEDIA_PACKAGE, headers: ResponseHeadersPolicy.SECURITY_HEADERS };
  }

  /** Business, Premium and pay-as-you-go: a cache policy on the path alone, and stricter headers than the managed ones. */
  private policiesOfItsOwn(): { cachePolicy: ICachePolicy; headers: IResponseHeadersPolicy } {
    const cachePolicy = new CachePolicy(this, 'Answers', {
      comment: 'tablebase: the path is the question (the viewer-request function writes it there); no query string, header or cookie',
      queryStringBehavior: CacheQueryStringBehavior.none(),
      headerBehavior: CacheHeaderBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      // What the function says (Cache-Control), up to a day; nothing it does not say may be kept.
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: EDGE_MAX_TTL,
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const headers = new ResponseHeadersPolicy(this, 'Headers', {
      // Its names are the account's, in every region: this one's says its region, as the cache policy's and the function's do.
      responseHeadersPolicyName: `${Names.uniqueResourceName(this, { maxLength: 48 })}-Headers-${Aws.REGION}`,
      comment: 'tablebase: HSTS, no framing, nosniff, no referrer',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        // The page's own policy (lambda/web-page/serve.ts) says frame-ancestors too; this one fills in for every other answer.
        contentSecurityPolicy: { contentSecurityPolicy: "frame-ancestors 'none'", override: false },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
      },
    });
    return { cachePolicy, headers };
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
