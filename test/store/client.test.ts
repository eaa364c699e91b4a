/** The store's DynamoDB clients (store/client.ts): which endpoints are taken, and whose credentials. */
import { describe, expect, it } from 'vitest';
import { createDynamoClient, endpointProblem } from '../../store/client';

describe('an endpoint', () => {
  it('is an http(s) URL with a host, or a sentence says what it must be', () => {
    for (const endpoint of ['http://127.0.0.1:8000', 'https://dynamodb.eu-west-1.amazonaws.com']) expect(endpointProblem(endpoint)).toBeUndefined();
    for (const endpoint of ['127.0.0.1:8000', 'not a url', 'ftp://127.0.0.1:8000', 'file:///tmp/db', 'xhttp://127.0.0.1:8000', 'https+x://127.0.0.1', 'http://', 'https:///', '']) {
      expect(endpointProblem(endpoint), endpoint).toBe(`must be an http(s) URL such as http://127.0.0.1:8000; got "${endpoint}"`);
    }
  });
});

/** Runs `body` with these AWS variables set (undefined: unset), and puts them back after. */
async function withEnvironment(variables: Record<string, string | undefined>, body: () => Promise<void>): Promise<void> {
  const saved = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]));
  const set = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  set(variables);
  try {
    await body();
  } finally {
    set(saved);
  }
}

describe('a client', () => {
  const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' };

  it('on AWS takes the credentials it is given', async () => {
    const client = createDynamoClient({ region: 'eu-west-1', credentials });
    expect(await client.config.credentials()).toMatchObject(credentials);
    expect(await client.config.region()).toBe('eu-west-1');
    client.destroy();
  });

  it("takes the environment's region, or us-east-1 when it names none", async () => {
    await withEnvironment({ AWS_REGION: undefined, AWS_DEFAULT_REGION: undefined }, async () => {
      const client = createDynamoClient({ endpoint: 'http://127.0.0.1:8000' });
      expect(await client.config.region()).toBe('us-east-1');
      client.destroy();
    });
    await withEnvironment({ AWS_REGION: undefined, AWS_DEFAULT_REGION: 'eu-north-1' }, async () => {
      const client = createDynamoClient({ endpoint: 'http://127.0.0.1:8000' });
      expect(await client.config.region()).toBe('eu-north-1');
      client.destroy();
    });
  });

  it('of a local server takes the environment\'s credentials when it has some', async () => {
    await withEnvironment({ AWS_ACCESS_KEY_ID: 'AKIDFROMENV', AWS_SECRET_ACCESS_KEY: 'from-env', AWS_PROFILE: undefined, AWS_SESSION_TOKEN: undefined }, async () => {
      const client = createDynamoClient({ endpoint: 'http://127.0.0.1:8000' });
      expect(await client.config.credentials()).toMatchObject({ accessKeyId: 'AKIDFROMENV', secretAccessKey: 'from-env' });
      client.destroy();
    });
  });

  it('of a local server needs no AWS credentials of anyone\'s', async () => {
    await withEnvironment({ AWS_ACCESS_KEY_ID: undefined, AWS_PROFILE: undefined }, async () => {
      const client = createDynamoClient({ endpoint: 'http://127.0.0.1:8000', credentials });
      expect(await client.config.credentials()).toMatchObject({ accessKeyId: 'local', secretAccessKey: 'local' });
      client.destroy();
    });
  });
});
