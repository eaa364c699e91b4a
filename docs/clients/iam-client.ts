/**
 * A client of tablebase's Function URL, whose auth type is AWS_IAM (what `npx cdk deploy` makes:
 * the stack's `FunctionUrl`, or `Url` without `-c public=true`): every request signed with SigV4
 * for the service `lambda` by the AWS SDK's own signer. The caller needs `lambda:InvokeFunctionUrl`
 * and `lambda:InvokeFunction` on the function.
 *
 *   const tablebase = iamClient('https://abcdefghij.lambda-url.eu-west-1.on.aws/');
 *   await tablebase.get('knights', { board: '10110/01*11/10111/01001/00000' });  // { steps: 7, ... }
 *
 * The packages are the ones tablebase itself signs with (its package.json): @smithy/signature-v4
 * (the SDK's signer), @aws-crypto/sha256-js (its hash), @aws-sdk/credential-provider-node (the
 * standard chain: environment, AWS_PROFILE, SSO, instance and container roles). The query is sent
 * encoded exactly as the signature canonicalises it (`/` is %2F, `*` is %2A): sent raw, a knights
 * board's `*` would not match its signature, and Lambda would answer 403.
 */
import { Sha256 } from '@aws-crypto/sha256-js';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';
import { type Client, type ClientOptions, type Send, publicClient } from './public-client';

/** Access keys, or a function that gives them (as the SDK's credential providers do). */
export type Credentials =
  | { readonly accessKeyId: string; readonly secretAccessKey: string; readonly sessionToken?: string }
  | (() => Promise<{ readonly accessKeyId: string; readonly secretAccessKey: string; readonly sessionToken?: string }>);

export interface IamClientOptions extends ClientOptions {
  /** The Function URL's region; read from its host name (`ID.lambda-url.REGION.on.aws`) when not given. */
  readonly region?: string;
  /** The standard credential chain when not given. */
  readonly credentials?: Credentials;
}

export function iamClient(functionUrl: string, options: IamClientOptions = {}): Client {
  const region = options.region ?? /\.lambda-url\.([a-z0-9-]+)\.on\.aws$/.exec(new URL(functionUrl).hostname)?.[1];
  if (region === undefined) throw new Error(`${functionUrl} is not a Function URL (https://ID.lambda-url.REGION.on.aws/): give its region.`);
  // applyChecksum: false: Lambda hashes the body itself (x-amz-content-sha256 is S3's header; a POST sends it for the edge)
  const signer = new SignatureV4({ credentials: options.credentials ?? defaultProvider(), region, service: 'lambda', sha256: Sha256, applyChecksum: false });

  const signed: Send = async (method, url, headers, body) => {
    const query: Record<string, string> = {};
    for (const [name, value] of url.searchParams) query[name] = value;
    const request = await signer.sign({
      method,
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname,
      query,
      headers: { ...headers, host: url.host },
      body,
    });
    // signed, but sent by fetch itself from the URL
    const sent: Record<string, string> = { ...request.headers };
    delete sent.host;
    return fetch(url, { method, headers: sent, body });
  };

  return publicClient(functionUrl, options, signed);
}
