/**
 * The function's credentials: its role's, which Lambda puts in the environment
 * (AWS_ACCESS_KEY_ID and its kin), or, in an environment that serves them from an endpoint
 * instead (AWS_CONTAINER_CREDENTIALS_FULL_URI or _RELATIVE_URI), from there. The SDK's default
 * chain would also try profile files, SSO and web identity, none of which a function has; with
 * this chain the API's bundle leaves their code out (lib/tablebase-stack.ts), a fifth of the
 * bundle that every cold start would otherwise compile (BENCHMARKS.md, init).
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { fromHttp } from '@aws-sdk/credential-provider-http';

export type CredentialProvider = ReturnType<typeof fromEnv>;

const ENDPOINT_VARIABLES = ['AWS_CONTAINER_CREDENTIALS_FULL_URI', 'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI'];

export function functionCredentials(): CredentialProvider {
  const fromEnvironment = fromEnv();
  // Made when first needed: it reads its endpoint from the environment as it is made.
  let fromEndpoint: CredentialProvider | undefined;
  return async (options) => {
    if (process.env.AWS_ACCESS_KEY_ID) return fromEnvironment(options);
    if (ENDPOINT_VARIABLES.some((name) => process.env[name])) return (fromEndpoint ??= fromHttp())(options);
    throw new Error('The function found no credentials: neither AWS_ACCESS_KEY_ID nor a container credentials endpoint is set in its environment, as Lambda sets them for its role.');
  };
}
