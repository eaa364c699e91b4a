/** The function's own credential chain: its role's keys from the environment, or a container endpoint's, and a sentence when neither is there. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { functionCredentials } from '../../lambda/credentials';

const KEYS = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_CONTAINER_CREDENTIALS_FULL_URI', 'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI'];
const saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]));

afterEach(() => {
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

function setEnvironment(values: Record<string, string>): void {
  for (const key of KEYS) delete process.env[key];
  Object.assign(process.env, values);
}

describe('the function\'s credentials', () => {
  it('are its role\'s keys from the environment, as Lambda sets them', async () => {
    setEnvironment({ AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'token' });
    expect(await functionCredentials()()).toMatchObject({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', sessionToken: 'token' });
  });

  it('come from the container endpoint when the environment names one instead', async () => {
    const server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ AccessKeyId: 'AKIDENDPOINT', SecretAccessKey: 'endpoint-secret', Token: 'endpoint-token', Expiration: new Date(Date.now() + 3_600_000).toISOString() }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      setEnvironment({ AWS_CONTAINER_CREDENTIALS_FULL_URI: `http://127.0.0.1:${(server.address() as AddressInfo).port}/credentials` });
      expect(await functionCredentials()()).toMatchObject({ accessKeyId: 'AKIDENDPOINT', secretAccessKey: 'endpoint-secret', sessionToken: 'endpoint-token' });
    } finally {
      server.close();
    }
  });

  it('fail with a sentence when neither is there, rather than trying profile files', async () => {
    setEnvironment({});
    await expect(functionCredentials()()).rejects.toThrow(/found no credentials: neither AWS_ACCESS_KEY_ID nor a container credentials endpoint/);
  });
});
