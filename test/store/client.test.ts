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

describe('a client', () => {
  const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' };

  it('on AWS takes the credentials it is given', async () => {
    const client = createDynamoClient({ region: 'eu-west-1', credentials });
    expect(await client.config.credentials()).toMatchObject(credentials);
    expect(await client.config.region()).toBe('eu-west-1');
    client.destroy();
  });

  it('of a local server needs no AWS credentials of anyone\'s', async () => {
    const saved = { key: process.env.AWS_ACCESS_KEY_ID, profile: process.env.AWS_PROFILE };
    delete process.env.AWS_ACCESS_KEY_ID;
    delete process.env.AWS_PROFILE;
    try {
      const client = createDynamoClient({ endpoint: 'http://127.0.0.1:8000', credentials });
      expect(await client.config.credentials()).toMatchObject({ accessKeyId: 'local', secretAccessKey: 'local' });
      client.destroy();
    } finally {
      if (saved.key !== undefined) process.env.AWS_ACCESS_KEY_ID = saved.key;
      if (saved.profile !== undefined) process.env.AWS_PROFILE = saved.profile;
    }
  });
});
