/**
 * The public edge: a CloudFront distribution in front of the function's URL, which stays on
 * AWS_IAM. CloudFront signs its requests to the URL (a Lambda origin access control), so that only
 * this distribution may invoke the function; the page and the API are served on one origin.
 *
 * It caches what the function says may be kept (lambda/cache-control.ts: answers a day, /stats
 * seconds, /health and 503s never), keyed on every query string and nothing else (no cookie, no
 * header, never the viewer's Host, which a URL origin refuses). A deploy of new code invalidates
 * it, so that no answer of an older version is served after the deploy.
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  CachedMethods,
  Distribution,
  HttpVersion,
  OriginRequestPolicy,
  PriceClass,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { FunctionUrlOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction, IFunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { FUNCTION_TIMEOUT_SECONDS } from './function-defaults';

/** The longest the edge keeps anything, whatever the function says: the answers' day. */
export const EDGE_MAX_TTL = Duration.days(1);

export interface TablebaseEdgeProps {
  readonly url: IFunctionUrl;
  /** The function behind it: a new version of it invalidates the cache. */
  readonly function: IFunction & { readonly currentVersion: { readonly version: string } };
  /** A WAF web ACL (created in us-east-1) to attach, by ARN. */
  readonly webAclArn?: string;
}

export class TablebaseEdge extends Construct {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: TablebaseEdgeProps) {
    super(scope, id);
    const cachePolicy = new CachePolicy(this, 'Answers', {
      comment: 'tablebase: every query string is part of the question; no header or cookie is',
      queryStringBehavior: CacheQueryStringBehavior.all(),
      headerBehavior: CacheHeaderBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      // What the function says (Cache-Control), up to a day; nothing it does not say may be kept.
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: EDGE_MAX_TTL,
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'tablebase: the page and the API, cached',
      defaultBehavior: {
        origin: FunctionUrlOrigin.withOriginAccessControl(props.url, { readTimeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS + 5) }),
        allowedMethods: AllowedMethods.ALLOW_ALL, // POST carries batches and judge input (never cached)
        cachedMethods: CachedMethods.CACHE_GET_HEAD,
        cachePolicy,
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        compress: true,
      },
      // CloudFront keeps 5xx answers 10 s by default whatever Cache-Control says: a 503 not at all.
      errorResponses: [500, 502, 503, 504].map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) })),
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      webAclId: props.webAclArn,
    });

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
      ...(props.webAclArn ? [] : [{ id: 'AwsSolutions-CFR2', reason: 'A web ACL is optional (-c webAclArn=ARN); without one, the function\'s concurrency cap bounds the cost.' }]),
    );
  }
}
