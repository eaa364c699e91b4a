/**
 * What ask sends and how it reads what comes back: a request to the service (signed with SigV4 from
 * the standard credential chain when the URL is a Function URL on AWS), the answer's JSON, and a
 * refusal as a sentence.
 */
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { type AwsKeys, canonicalUrl, functionUrlRegion, postHeaders, signedHeaders } from './function-url-signing';
import type { ErrorResponse } from '../api/shapes';

/** A request to the service: signed when the URL is a Function URL on AWS. */
export async function send(url: URL, method: 'GET' | 'POST', body?: string): Promise<Response> {
  const region = functionUrlRegion(url);
  const unsigned = body === undefined ? {} : postHeaders(body, 'text/plain');
  const headers = region ? await signedHeaders({ method, url, body, headers: unsigned }, { keys: await credentials(), region }) : unsigned;
  return fetch(canonicalUrl(url), { method, headers: { ...unsigned, ...headers }, body });
}

/** The answer's JSON; undefined, once said on stderr, when it is not JSON. */
export function jsonOf(url: URL, response: Response, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    console.error(`${url.origin} answered ${response.status} with something that is not JSON: ${text.slice(0, 200)}`);
    return undefined;
  }
}

/** A refusal as a sentence: the function's ({error}), or the Function URL's own ({message}). */
export function refusalText(url: URL, response: Response, answer: unknown, text: string): string {
  const hint = response.status === 403 && functionUrlRegion(url) ? ' (the caller needs lambda:InvokeFunctionUrl on the function, and the signature must be for this URL and region)' : '';
  const refusal = answer as Partial<ErrorResponse> & { message?: string };
  return `${response.status}: ${String(refusal.error ?? refusal.message ?? text)}${hint}`;
}

/** A path under the URL's own (a Function URL's is `/`, a service behind a prefix has its own). */
export function joinPath(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path}`;
}

/** No AWS credentials for a request a Function URL needs signed: said as it is, not as a service that did not answer. */
export class NoCredentialsError extends Error {}

async function credentials(): Promise<AwsKeys> {
  try {
    return await defaultProvider()();
  } catch (error) {
    throw new NoCredentialsError(
      `A Function URL on AWS needs a signed request, and no AWS credentials were found (${(error as Error).message}). Set AWS_PROFILE or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or run aws sso login.`,
    );
  }
}
