/**
 * Signing a request for a Lambda Function URL whose auth type is AWS_IAM: SigV4 by the AWS SDK's
 * own signer (service `lambda`), the way the URL verifies it. A local URL (npm start) needs no
 * signature. The request is sent with its query string encoded exactly as the signature
 * canonicalised it (RFC 3986: `/` is %2F, `*` is %2A), so that nothing between here and Lambda can
 * make the two disagree (curl before 8.3 signed `*` unencoded, which Lambda refuses).
 */
import { createHash } from 'node:crypto';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { encodeRfc3986, queryString } from '../core/query-string';

export { encodeRfc3986 };

export interface AwsKeys {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
}

export interface UnsignedRequest {
  readonly method: 'GET' | 'POST';
  readonly url: URL;
  readonly body?: string;
  readonly headers?: Record<string, string>;
}

export interface SigningOptions {
  readonly keys: AwsKeys;
  readonly region: string;
  /** `lambda` for a Function URL (other values only for the published test vectors). */
  readonly service?: string;
  /** The signature's time; now by default (a fixed one for tests). */
  readonly date?: Date;
}

/** The region of an AWS Function URL (https://ID.lambda-url.REGION.on.aws/), or undefined for any other URL. */
export function functionUrlRegion(url: URL): string | undefined {
  return /^[a-z0-9]+\.lambda-url\.([a-z0-9-]+)\.on\.aws$/.exec(url.hostname)?.[1];
}

/** The URL to send: its query string in the canonical encoding the signature covers (core/query-string.ts). */
export function canonicalUrl(url: URL): string {
  const query = queryString(url.searchParams);
  return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
}

/** The headers to send: the request's own, plus host, x-amz-date, the session token if any, and Authorization. */
export async function signedHeaders(request: UnsignedRequest, options: SigningOptions): Promise<Record<string, string>> {
  const signer = new SignatureV4({
    credentials: options.keys,
    region: options.region,
    service: options.service ?? 'lambda',
    sha256: Sha256,
    // x-amz-content-sha256 is S3's header; Lambda hashes the body itself, as the published vectors do.
    applyChecksum: false,
  });
  const query: Record<string, string> = {};
  for (const [name, value] of request.url.searchParams) query[name] = value;
  const signed = await signer.sign(
    {
      method: request.method,
      protocol: request.url.protocol,
      hostname: request.url.hostname,
      port: request.url.port ? Number(request.url.port) : undefined,
      path: request.url.pathname,
      query,
      headers: { ...request.headers, host: request.url.host },
      body: request.body,
    },
    { signingDate: options.date },
  );
  return signed.headers;
}

/**
 * The headers of a POST: its type, and the SHA-256 of its body, which a Lambda origin access
 * control requires (Lambda takes no unsigned payload) and which SigV4 then covers.
 */
export function postHeaders(body: string, contentType: string): Record<string, string> {
  return { 'content-type': contentType, 'x-amz-content-sha256': createHash('sha256').update(body, 'utf8').digest('hex') };
}
