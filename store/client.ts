/** DynamoDB clients: AWS with the standard credential chain, or a local server by endpoint. */
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';

export interface ClientOptions {
  /** A local DynamoDB-compatible server such as http://127.0.0.1:8000; AWS when omitted. */
  endpoint?: string;
  region?: string;
  /** Sockets per host; at least the number of requests kept in flight. */
  maxSockets?: number;
  /** Where credentials come from on AWS; the SDK's default chain when omitted. */
  credentials?: DynamoDBClientConfig['credentials'];
}

export const DEFAULT_REGION = 'us-east-1';

/** Why `endpoint` cannot be a DynamoDB endpoint, or undefined when it can: the one rule for DYNAMODB_ENDPOINT and --endpoint. */
export function endpointProblem(endpoint: string): string | undefined {
  // The URL parser gives an http(s) URL a host or refuses it ("http://" alone does not parse).
  const protocol = URL.canParse(endpoint) ? new URL(endpoint).protocol : undefined;
  return protocol === 'http:' || protocol === 'https:' ? undefined : `must be an http(s) URL such as http://127.0.0.1:8000; got "${endpoint}"`;
}

/**
 * Sockets per host when the caller does not say: above the loader's default 16 batches in flight
 * and the page store's bursts of concurrent reads, so that no request waits for a socket (the
 * SDK's own default of 50 is lower than some bursts).
 */
export const DEFAULT_MAX_SOCKETS = 64;

export function createDynamoClient(options: ClientOptions = {}): DynamoDBClient {
  const local = options.endpoint !== undefined;
  const hasEnvironmentCredentials = Boolean(process.env.AWS_ACCESS_KEY_ID || process.env.AWS_PROFILE);
  return new DynamoDBClient({
    region: options.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? DEFAULT_REGION,
    ...(local ? { endpoint: options.endpoint } : {}),
    // A local server accepts any credentials; do not make people configure AWS to run locally.
    ...(local && !hasEnvironmentCredentials ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    ...(!local && options.credentials ? { credentials: options.credentials } : {}),
    requestHandler: {
      httpAgent: { keepAlive: true, maxSockets: options.maxSockets ?? DEFAULT_MAX_SOCKETS },
      httpsAgent: { keepAlive: true, maxSockets: options.maxSockets ?? DEFAULT_MAX_SOCKETS },
    },
  });
}
